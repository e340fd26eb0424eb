import CShims
import Testing
@testable import InstantScan

extension Codecs {
    /// The `fast` setting deflates with its own run-only encoder (rle_deflate.c): blocks of 32 KiB
    /// of filtered rows, each with its own Huffman codes or stored when codes would not pay, runs
    /// of up to 258 bytes, a sync flush between bands. libpng inflates the stream and checks its
    /// Adler-32, so every kind of block must come back as the same pixels however the rows are
    /// split into bands.
    @Suite struct RunOnlyDeflate {
        enum Content: String, CaseIterable {
            /// One colour: after the Up filter, rows of zeros (runs cut at 258 bytes).
            case flat
            /// Noise: nothing to match and nothing to gain from codes (stored blocks).
            case noise
            /// Grey segments of 1–100 pixels, each changing by its own step from row to row: runs of
            /// 3–300 filtered bytes, every length code and its extra bits.
            case segments
            /// The fixture photo: smooth gradients and texture, mostly literals.
            case photo
        }

        /// 700 × 190 pixels: 400 KB of filtered rows, a dozen blocks, bands that end mid-block.
        static func image(_ content: Content, width: Int = 700, height: Int = 190) throws -> PixelBuffer {
            if content == .photo { return try CodecFixtures.photoLike(width: width, height: height) }
            let image = try PixelBuffer(width: width, height: height)
            var random = SeededGenerator(seed: 3)
            var segments: [(start: Int, base: Int, step: Int)] = []
            var x = 0
            while x < width {
                segments.append((x, Int(random.next() % 256), Int(random.next() % 7)))
                x += 1 + Int(random.next() % 100)
            }
            for y in 0..<height {
                let row = image.rowPointer(y)
                var segment = 0
                for x in 0..<width {
                    while segment + 1 < segments.count && segments[segment + 1].start <= x { segment += 1 }
                    let p = row + 4 * x
                    switch content {
                    case .flat:
                        (p[0], p[1], p[2]) = (200, 180, 150)
                    case .noise:
                        let v = random.next()
                        (p[0], p[1], p[2]) = (UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16))
                    default:
                        let grey = UInt8(truncatingIfNeeded: segments[segment].base + y * segments[segment].step)
                        (p[0], p[1], p[2]) = (grey, grey, grey)
                    }
                    p[3] = 255
                }
            }
            return image
        }

        @Test(arguments: Content.allCases)
        func everyKindOfBlockDecodesToTheSamePixelsInAnyBands(content: Content) throws {
            let image = try Self.image(content)
            for bands in [1, 2, 7, 190] {
                let png = try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: true, compression: .fast, bandCount: bands)
                let decoded = try ImageReader.decode(png)
                #expect(decoded.warnings.isEmpty, "\(content) in \(bands) bands: \(decoded.warnings)")
                #expect(CodecFixtures.samePixels(decoded.pixels, image), "\(content) in \(bands) bands")
            }
        }

        /// Runs are matched (a flat image is a few hundred bytes a megabyte of rows) and blocks
        /// that codes cannot shrink are stored (noise grows by the stored blocks' headers only).
        /// The parse that skips 30 literal positions at a time where no run starts, and measures a
        /// run 16 bytes at a time, finds the symbols the byte-at-a-time parse finds: runs starting at every offset of its window,
        /// three equal bytes (no run: a run needs the byte before), runs of 1…300, at the ends.
        @Test func theVectorParseFindsTheRunsTheBytewiseParseFinds() throws {
            var random = SeededGenerator(seed: 9)
            var bytes: [UInt8] = []
            for piece in 0..<2_000 {
                let literals = Int(random.next() % 40)
                for _ in 0..<literals { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
                let value = UInt8(truncatingIfNeeded: random.next() % 4)
                let run = piece % 3 == 0 ? 1 + Int(random.next() % 300) : 1 + Int(random.next() % 6)
                bytes.append(contentsOf: repeatElement(value, count: run))
            }
            for length in [1, 2, 5, 33, 34, 35, 64, 1_000, bytes.count] {
                #expect(is_rle_parse_agrees(bytes, length) == 1, "\(length) bytes")
            }
            for shift in 1..<31 {
                let window = Array(bytes[shift..<(shift + 5_000)])
                #expect(is_rle_parse_agrees(window, window.count) == 1, "from \(shift)")
            }
            let flat = [UInt8](repeating: 7, count: 1_000)
            #expect(is_rle_parse_agrees(flat, flat.count) == 1)
        }

        /// The bit writer puts 8 symbols in before a store when their codes fit in 63 bits and one
        /// a store when not: the stream is the one written a symbol at a time, for small
        /// differences (short codes: the grouped path), noise (8-bit codes: groups overflow),
        /// runs of every length (long length codes and extra bits) and all of them mixed, in
        /// lengths that end inside a group and across many blocks.
        @Test func theGroupedBitWriterWritesTheStreamOfThePlainOne() throws {
            var random = SeededGenerator(seed: 17)
            var mixed: [UInt8] = []
            for piece in 0..<6_000 {
                switch piece % 4 {
                case 0: for _ in 0..<Int(random.next() % 200) { mixed.append(UInt8(truncatingIfNeeded: random.next())) }
                case 1: for _ in 0..<Int(random.next() % 400) { mixed.append([0, 1, 255, 2, 254][Int(random.next() % 5)]) }
                default: mixed.append(contentsOf: repeatElement(UInt8(truncatingIfNeeded: random.next() % 3),
                                                                count: 1 + Int(random.next() % 300)))
                }
            }
            let small = (0..<100_000).map { _ in [0, 0, 0, 1, 255][Int(random.next() % 5)] as UInt8 }
            let noise = (0..<100_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            for (name, bytes) in [("mixed", mixed), ("small differences", small), ("noise", noise)] {
                for length in [1, 7, 8, 9, 17, 1_000, 32_768, 32_775, bytes.count] where length <= bytes.count {
                    #expect(is_rle_deflate_agrees(bytes, length) == 1, "\(name), \(length) bytes")
                }
            }
        }

        /// RGBA rows are packed to RGB 4 pixels a step with SSE2: the bytes of the plain loop, and
        /// nothing written past the row, for every row length up to 70 pixels and a long one.
        @Test func packingRGBAToRGBMatchesThePlainLoop() throws {
            var random = SeededGenerator(seed: 23)
            let pixels = (0..<(4 * 5_001)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            for count in Array(1...70) + [5_001] {
                #expect(is_png_pack_row_agrees(pixels, count) == 1, "\(count) pixels")
            }
        }

        @Test func runsAreMatchedAndNoiseIsStored() throws {
            let raw = 190 * (3 * 700 + 1)
            let flat = try PNGEncoder.encode(Self.image(.flat), iccProfile: nil, srgbIntent: true, compression: .fast)
            #expect(flat.count < raw / 100)
            let noise = try PNGEncoder.encode(Self.image(.noise), iccProfile: nil, srgbIntent: true, compression: .fast)
            #expect(noise.count < raw + raw / 500 + 200)
        }

        /// Runs of every length are matched: segments whose rows step evenly leave little but runs
        /// after the Up filter.
        @Test func runsOfEveryLengthAreMatched() throws {
            let image = try Self.image(.segments)
            let fast = try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: true, compression: .fast)
            let raw = 190 * (3 * 700 + 1)
            #expect(fast.count < raw / 10, "\(fast.count) bytes of \(raw)")
        }
    }
}
