import Foundation
@testable import InstantScan

/// Images, profiles and file pieces the codec tests make for themselves (no binary fixtures).
enum CodecFixtures {
    /// The suite-wide deterministic generator (Support/TestImages.swift), so failures reproduce.
    typealias SeededGenerator = InstantScanTests.SeededGenerator

    /// Smooth colour gradients with a mild texture: what JPEG compresses well, like a photo.
    static func photoLike(width: Int, height: Int, seed: UInt64 = 1) throws -> PixelBuffer {
        let image = try PixelBuffer(width: width, height: height)
        var random = SeededGenerator(seed: seed)
        for y in 0..<height {
            let row = image.rowPointer(y)
            for x in 0..<width {
                let noise = Int(random.next() % 9) - 4
                let r = x * 255 / max(width - 1, 1), g = y * 255 / max(height - 1, 1)
                let b = 128 + Int(60 * sin(Double(x + y) / 23))
                row[4 * x] = UInt8(clamping: r + noise)
                row[4 * x + 1] = UInt8(clamping: g + noise)
                row[4 * x + 2] = UInt8(clamping: b + noise)
                row[4 * x + 3] = 255
            }
        }
        return image
    }

    /// Colours of the four quadrants of ``quadrants(width:height:)``: top-left, top-right,
    /// bottom-left, bottom-right. Distinct under every flip and turn.
    static let quadrantColors: [[UInt8]] = [[230, 30, 30, 255], [30, 200, 40, 255], [30, 40, 220, 255], [240, 230, 40, 255]]

    /// An image of four flat quadrants, for checking orientation.
    static func quadrants(width: Int, height: Int) throws -> PixelBuffer {
        let image = try PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = quadrantColors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
            }
        }
        return image
    }

    /// The stored image a camera writes for an upright image `upright` and EXIF `orientation`,
    /// from the TIFF definitions of the tag (what stored row 0 and column 0 are when upright),
    /// independently of `Orientation`'s own maps.
    static func stored(_ upright: PixelBuffer, for orientation: Int) throws -> PixelBuffer {
        let w = upright.width, h = upright.height
        let swaps = orientation >= 5
        let stored = try PixelBuffer(width: swaps ? h : w, height: swaps ? w : h)
        for sy in 0..<stored.height {
            for sx in 0..<stored.width {
                let (ux, uy): (Int, Int)
                switch orientation {
                case 1: (ux, uy) = (sx, sy)               // row 0 top, column 0 left
                case 2: (ux, uy) = (w - 1 - sx, sy)       // row 0 top, column 0 right
                case 3: (ux, uy) = (w - 1 - sx, h - 1 - sy) // row 0 bottom, column 0 right
                case 4: (ux, uy) = (sx, h - 1 - sy)       // row 0 bottom, column 0 left
                case 5: (ux, uy) = (sy, sx)               // row 0 left, column 0 top
                case 6: (ux, uy) = (w - 1 - sy, sx)       // row 0 right, column 0 top
                case 7: (ux, uy) = (w - 1 - sy, h - 1 - sx) // row 0 right, column 0 bottom
                default: (ux, uy) = (sy, h - 1 - sx)      // 8: row 0 left, column 0 bottom
                }
                stored[sx, sy] = upright[ux, uy]
            }
        }
        return stored
    }

    /// Mean absolute difference over the RGB channels of two same-sized RGBA images.
    static func meanAbsoluteError(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height, "sizes differ: \(a.size) vs \(b.size)")
        var total = 0
        for y in 0..<a.height {
            let p = a.rowPointer(y), q = b.rowPointer(y)
            for x in 0..<a.width {
                for c in 0..<3 { total += abs(Int(p[4 * x + c]) - Int(q[4 * x + c])) }
            }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// True when the pixels of two images are identical.
    static func samePixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Bool {
        a.size == b.size && a.packedBytes() == b.packedBytes()
    }

    /// `image` shrunk by `factor` with a box filter (edge blocks averaged over what exists).
    static func boxShrink(_ image: PixelBuffer, by factor: Int) throws -> PixelBuffer {
        let w = (image.width + factor - 1) / factor, h = (image.height + factor - 1) / factor
        let out = try PixelBuffer(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = [0, 0, 0], n = 0
                for sy in (y * factor)..<min(y * factor + factor, image.height) {
                    for sx in (x * factor)..<min(x * factor + factor, image.width) {
                        let p = image[sx, sy]
                        for c in 0..<3 { sum[c] += Int(p[c]) }
                        n += 1
                    }
                }
                out[x, y] = [UInt8(sum[0] / n), UInt8(sum[1] / n), UInt8(sum[2] / n), 255]
            }
        }
        return out
    }

    /// A structurally valid ICC profile of `byteCount` bytes (a multiple of 4, at least 148): a
    /// v2 RGB display header and one private tag holding pseudo-random bytes, so that any
    /// misordered or lost chunk changes the bytes. libpng accepts it; lcms2 would not use it.
    static func iccProfile(byteCount: Int, seed: UInt64 = 7) -> [UInt8] {
        precondition(byteCount >= 148 && byteCount % 4 == 0)
        var p = [UInt8](repeating: 0, count: byteCount)
        func put32(_ value: UInt32, at offset: Int) {
            for i in 0..<4 { p[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(i))) }
        }
        func putTag(_ text: String, at offset: Int) {
            for (i, byte) in text.utf8.enumerated() { p[offset + i] = byte }
        }
        put32(UInt32(byteCount), at: 0)
        put32(0x0210_0000, at: 8)        // version 2.1
        putTag("mntr", at: 12)
        putTag("RGB ", at: 16)
        putTag("XYZ ", at: 20)
        putTag("acsp", at: 36)
        put32(0x0000_F6D6, at: 68)       // D50 white: X 0.9642
        put32(0x0001_0000, at: 72)       //            Y 1.0
        put32(0x0000_D32D, at: 76)       //            Z 0.8249
        put32(1, at: 128)                // one tag
        putTag("isTB", at: 132)
        put32(144, at: 136)
        put32(UInt32(byteCount - 144), at: 140)
        var random = SeededGenerator(seed: seed)
        for i in 144..<byteCount { p[i] = UInt8(truncatingIfNeeded: random.next()) }
        return p
    }

    /// An APP1 `Exif` segment (marker and length included) whose IFD0 holds a Make tag and the
    /// orientation tag (274, SHORT) with `orientation`.
    static func exifSegment(orientation: Int, littleEndian: Bool) -> [UInt8] {
        [0xFF, 0xE1] + lengthBytes(2 + 6 + 38) + [0x45, 0x78, 0x69, 0x66, 0, 0]
            + tiff(orientation: orientation, littleEndian: littleEndian)
    }

    /// A TIFF header and IFD0 with a Make tag and the orientation tag: 38 bytes.
    static func tiff(orientation: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] {
            littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF)
        }
        var t: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        t += u16(42) + u32(8) + u16(2)
        t += u16(271) + u16(2) + u32(4) + Array("abc".utf8) + [0]  // Make, ASCII, inline
        t += u16(274) + u16(3) + u32(1) + u16(orientation) + u16(0) // Orientation, SHORT
        t += u32(0)                                                 // no next IFD
        return t
    }

    /// A segment length field.
    static func lengthBytes(_ length: Int) -> [UInt8] { [UInt8(length >> 8), UInt8(length & 0xFF)] }

    /// `jpeg` with `segments` inserted after SOI/APP0.
    static func inserting(_ segments: [[UInt8]], into jpeg: [UInt8]) -> [UInt8] {
        JPEGEncoder.splice(segments, into: jpeg)
    }

    /// The chunk types of a PNG in file order.
    static func pngChunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var i = 8
        while i + 8 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            types.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
            i += 12 + length
        }
        return types
    }

    /// The CRC-32 of PNG chunks (ISO 3309), for crafting headers.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// A PNG chunk with length and CRC.
    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = crc32(body)
        let n = data.count
        return [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + body
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// A PNG signature and an IHDR for an 8-bit RGB image of the given size, and nothing else.
    static func pngHeaderOnly(width: Int, height: Int) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return ImageFormat.pngSignature + pngChunk("IHDR", u32(width) + u32(height) + [8, 2, 0, 0, 0])
    }

    /// `jpeg` with the frame size in its SOF segment replaced.
    static func patchingFrameSize(of jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = jpeg
        let sof = JPEGMarkers.segments(in: jpeg).first { $0.isStartOfFrame }!
        out[sof.payloadOffset + 1] = UInt8(height >> 8)
        out[sof.payloadOffset + 2] = UInt8(height & 0xFF)
        out[sof.payloadOffset + 3] = UInt8(width >> 8)
        out[sof.payloadOffset + 4] = UInt8(width & 0xFF)
        return out
    }
}
