import Testing
@testable import InstantScan

/// The reader turns every PNG colour type and depth into RGBA8. Each variant is written by libpng
/// itself (through `PNGWriter`) from known samples.
extension Codecs {
    @Suite struct PNGVariants {
        /// Decodes a PNG written from `packed` rows.
        private func decode(_ writer: PNGWriter, _ packed: [UInt8]) throws -> PixelBuffer {
            let decoded = try ImageReader.decode(writer.write(packed: packed))
            #expect(decoded.pixels.size == PixelSize(width: writer.width, height: writer.height))
            return decoded.pixels
        }

        @Test func grey8() throws {
            let pixels = try decode(PNGWriter(width: 3, height: 1, colorType: .gray), [0, 128, 255])
            #expect(pixels.packedBytes() == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])
        }

        @Test(arguments: [1, 2, 4])
        func lowBitGreyExpandsToFullRange(bits: Int) throws {
            // One row of 8 pixels: the maximum sample, then zeros.
            var writer = PNGWriter(width: 8, height: 1, colorType: .gray)
            writer.bitDepth = bits
            let maximum = (1 << bits) - 1
            let rowBytes = (8 * bits + 7) / 8
            var row = [UInt8](repeating: 0, count: rowBytes)
            row[0] = UInt8(maximum << (8 - bits))
            let pixels = try decode(writer, row)
            #expect(pixels[0, 0] == [255, 255, 255, 255])
            #expect(pixels[1, 0] == [0, 0, 0, 255])
        }

        @Test func grey16IsScaledWithRounding() throws {
            var writer = PNGWriter(width: 3, height: 1, colorType: .gray)
            writer.bitDepth = 16
            // 0x8080 = 128·257 is exactly 128; 0xFFFF is 255; 0x017F (383) rounds to 1.
            let pixels = try decode(writer, [0x80, 0x80, 0xFF, 0xFF, 0x01, 0x7F])
            #expect(pixels[0, 0] == [128, 128, 128, 255])
            #expect(pixels[1, 0] == [255, 255, 255, 255])
            #expect(pixels[2, 0] == [1, 1, 1, 255])
        }

        @Test func greyAlpha() throws {
            let pixels = try decode(PNGWriter(width: 2, height: 1, colorType: .grayAlpha), [40, 200, 90, 0])
            #expect(pixels.packedBytes() == [40, 40, 40, 200, 90, 90, 90, 0])
        }

        @Test func greyWithTransparentColor() throws {
            var writer = PNGWriter(width: 2, height: 1, colorType: .gray)
            writer.transparentColor = (red: 7, green: 7, blue: 7)
            let pixels = try decode(writer, [7, 8])
            #expect(pixels.packedBytes() == [7, 7, 7, 0, 8, 8, 8, 255])
        }

        @Test(arguments: [8, 4])
        func paletteWithAlpha(bits: Int) throws {
            var writer = PNGWriter(width: 3, height: 1, colorType: .palette)
            writer.bitDepth = bits
            writer.palette = [255, 0, 0, 0, 255, 0, 0, 0, 255]
            writer.paletteAlpha = [255, 128]  // the third entry is opaque by default
            let row: [UInt8] = bits == 8 ? [2, 1, 0] : [0x21, 0x00]
            let pixels = try decode(writer, row)
            #expect(pixels.packedBytes() == [0, 0, 255, 255, 0, 255, 0, 128, 255, 0, 0, 255])
        }

        @Test func rgb16() throws {
            var writer = PNGWriter(width: 1, height: 1, colorType: .rgb)
            writer.bitDepth = 16
            let pixels = try decode(writer, [0xFF, 0xFF, 0x80, 0x80, 0x00, 0x00])
            #expect(pixels.packedBytes() == [255, 128, 0, 255])
        }

        @Test func rgba16() throws {
            var writer = PNGWriter(width: 1, height: 1, colorType: .rgba)
            writer.bitDepth = 16
            let pixels = try decode(writer, [0x0A, 0x0A, 0x14, 0x14, 0x1E, 0x1E, 0x28, 0x28])
            #expect(pixels.packedBytes() == [10, 20, 30, 40])
        }

        @Test func rgbWithTransparentColor() throws {
            var writer = PNGWriter(width: 2, height: 1, colorType: .rgb)
            writer.transparentColor = (red: 1, green: 2, blue: 3)
            let pixels = try decode(writer, [1, 2, 3, 1, 2, 4])
            #expect(pixels.packedBytes() == [1, 2, 3, 0, 1, 2, 4, 255])
        }

        @Test func interlacedRGBIsExact() throws {
            let original = try CodecFixtures.photoLike(width: 37, height: 23)
            var writer = PNGWriter(width: 37, height: 23, colorType: .rgba)
            writer.interlaced = true
            let pixels = try decode(writer, original.packedBytes())
            #expect(CodecFixtures.samePixels(original, pixels))
        }
    }
}
