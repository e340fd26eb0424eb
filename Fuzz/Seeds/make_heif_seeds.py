#!/usr/bin/env python3
"""Writes the heif-decode harness's seeds into Fuzz/Seeds/heif_decode/: tiny HEIC and AVIF files
(a 64 x 48 gradient) made with libheif's heif-enc, in the shapes phones and tools write: 8-bit
4:2:0, 4:4:4, 10-bit, lossless RGB, monochrome, an nclx Display P3 description, limited range, and
AV1. Committed because the fuzz machine has no HEIF encoder
(`make test-deps` installs heif-enc with x265 and aom). Run from the repository root:

    python3 Fuzz/Seeds/make_heif_seeds.py
"""
import os, struct, subprocess, tempfile, zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "heif_decode")


def png(width, height, pixel, depth=8, grey=False):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    channels = 1 if grey else 3
    rows = b""
    for y in range(height):
        row = b"\0"
        for x in range(width):
            values = pixel(x, y)[:channels]
            row += b"".join(struct.pack(">H", v) if depth == 16 else bytes([v]) for v in values)
        rows += row
    header = struct.pack(">IIBBBBB", width, height, depth, 0 if grey else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def main():
    os.makedirs(OUT, exist_ok=True)
    eight = png(64, 48, lambda x, y: (x * 4, y * 5, 255 - x * 3))
    sixteen = png(64, 48, lambda x, y: (x * 1000, y * 1300, 65535 - x * 900), depth=16)
    grey = png(64, 48, lambda x, y: ((x + y) * 2,), grey=True)
    variants = [
        ("420.heic", eight, ["-q", "40"]),
        ("444.heic", eight, ["-q", "40", "-p", "chroma=444"]),
        ("10bit.heic", sixteen, ["-q", "40", "-b", "10"]),
        ("lossless.heic", eight, ["-L"]),
        ("grey.heic", grey, ["-q", "40"]),
        ("nclx-p3.heic", eight, ["-q", "40", "--colour_primaries", "12", "--transfer_characteristic", "13"]),
        ("limited-range.heic", eight, ["-q", "40", "--full_range_flag", "0", "--matrix_coefficients", "1"]),
        ("av1.avif", eight, ["-q", "40", "-A"]),
    ]
    with tempfile.TemporaryDirectory() as folder:
        for name, source, arguments in variants:
            path = os.path.join(folder, name + ".png")
            with open(path, "wb") as f:
                f.write(source)
            out = os.path.join(OUT, name)
            subprocess.run(["heif-enc", *arguments, path, "-o", out], check=True, stdout=subprocess.DEVNULL)
            print(name, os.path.getsize(out), "bytes")


if __name__ == "__main__":
    main()
