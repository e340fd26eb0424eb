import Testing
@testable import InstantScan

extension Codecs {
    @Suite struct JPEGRoundTrip {
        @Test(arguments: [92, 75])
        func encodeThenDecodeIsClose(quality: Int) throws {
            let original = try CodecFixtures.photoLike(width: 123, height: 77)
            let jpeg = try JPEGEncoder.encode(original, quality: quality)
            #expect(ImageFormat(sniffing: jpeg) == .jpeg)
            let decoded = try ImageReader.decode(jpeg)
            #expect(decoded.format == .jpeg)
            #expect(decoded.pixels.size == original.size)
            #expect(decoded.fullSize == original.size)
            #expect(decoded.scaleDenominator == 1)
            #expect(decoded.orientation == .up)
            #expect(decoded.iccProfile == nil)
            #expect(decoded.warnings.isEmpty)
            let error = CodecFixtures.meanAbsoluteError(original, decoded.pixels)
            #expect(error < (quality >= 90 ? 2.5 : 4.0), "mean abs error \(error)")
            #expect(decoded.pixels[5, 5][3] == 255)
        }

        @Test func qualityChoosesChromaSubsampling() throws {
            // 4:4:4 at 90 and above keeps colour detail: one pixel wide stripes of red and blue.
            let stripes = try PixelBuffer(width: 64, height: 64)
            for y in 0..<64 { for x in 0..<64 { stripes[x, y] = x % 2 == 0 ? [220, 20, 20, 255] : [20, 20, 220, 255] } }
            let high = try ImageReader.decode(JPEGEncoder.encode(stripes, quality: 95)).pixels
            let low = try ImageReader.decode(JPEGEncoder.encode(stripes, quality: 85)).pixels
            #expect(CodecFixtures.meanAbsoluteError(stripes, high) < 12)
            #expect(CodecFixtures.meanAbsoluteError(stripes, low) > 40)
        }

        @Test func greyBufferEncodes() throws {
            let grey = try PixelBuffer(width: 40, height: 30, format: .gray8, filledWith: 100)
            let decoded = try ImageReader.decode(JPEGEncoder.encode(grey))
            #expect(decoded.pixels[20, 15] == [100, 100, 100, 255])
        }

        @Test func infoReadsTheHeaderOnly() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 50, height: 20))
            let info = try ImageReader.info(of: jpeg)
            #expect(info == ImageInfo(format: .jpeg, storedSize: PixelSize(width: 50, height: 20), orientation: .up,
                                      iccProfile: nil, isSRGBTagged: false, warnings: []))
        }

        @Test(arguments: [0, 101])
        func qualityOutOfRangeIsRefused(quality: Int) throws {
            let image = try PixelBuffer(width: 8, height: 8, filledWith: 0)
            #expect(throws: CodecError.self) { try JPEGEncoder.encode(image, quality: quality) }
        }

        @Test func strayBytesBetweenSegmentsDecodeWithAWarning() throws {
            // Some cameras leave fill bytes before a marker; libjpeg skips them with a warning.
            let original = try CodecFixtures.photoLike(width: 32, height: 32)
            var jpeg = try JPEGEncoder.encode(original)
            let dqt = JPEGMarkers.segments(in: jpeg).first { $0.marker == 0xDB }!
            jpeg.insert(contentsOf: [0x12, 0x34, 0x56], at: dqt.payloadOffset - 4)
            #expect(JPEGMarkers.metadata(in: jpeg).warnings == ["JPEG header has 3 stray bytes at offset \(dqt.payloadOffset - 4)"])
            let decoded = try ImageReader.decode(jpeg)
            #expect(decoded.warnings.contains { $0.contains("extraneous bytes") })
            #expect(CodecFixtures.meanAbsoluteError(original, decoded.pixels) < 2.5)
            // The lenient second pass must still notice a file cut short.
            #expect(throws: CodecError.truncated("JPEG data (no end-of-image marker)")) {
                try ImageReader.decode(Array(jpeg[0..<(jpeg.count - 100)]))
            }
        }
    }
}
