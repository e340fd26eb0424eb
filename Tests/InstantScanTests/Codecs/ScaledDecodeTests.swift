import CTurboJPEG
import Testing
@testable import InstantScan

extension Codecs {
    @Suite struct ScaledDecode {
        /// Quality 95 writes 4:4:4, quality 80 writes 4:2:0.
        @Test(arguments: [2, 4, 8], [95, 80])
        func dctScaleGivesTheRoundedUpSizeAndTheSamePicture(denominator: Int, quality: Int) throws {
            let original = try CodecFixtures.photoLike(width: 203, height: 117)
            let jpeg = try JPEGEncoder.encode(original, quality: quality)
            let decoded = try ImageReader.decode(jpeg, scaleDenominator: denominator)
            let expected = PixelSize(width: (203 + denominator - 1) / denominator,
                                     height: (117 + denominator - 1) / denominator)
            #expect(decoded.pixels.size == expected)
            #expect(decoded.scaleDenominator == denominator)
            #expect(decoded.fullSize == PixelSize(width: 203, height: 117))
            let reference = try CodecFixtures.boxShrink(original, by: denominator)
            let error = CodecFixtures.meanAbsoluteError(reference, decoded.pixels)
            #expect(error < 4, "mean abs error \(error) against a box-filtered reference")
        }

        @Test(arguments: [1, 2, 8])
        func progressiveJPEGDecodesAtEveryScale(denominator: Int) throws {
            let original = try CodecFixtures.photoLike(width: 90, height: 61)
            let handle = try TurboJPEGHandle.compressor()
            let jpeg = try #require(handle.compress(original, subsampling: TJSAMP_420, quality: 90, flags: TJFLAG_PROGRESSIVE))
            #expect(JPEGMarkers.segments(in: jpeg).contains { $0.marker == 0xC2 }, "progressive frame (SOF2)")
            let decoded = try ImageReader.decode(jpeg, scaleDenominator: denominator)
            #expect(decoded.warnings.isEmpty)
            let reference = try CodecFixtures.boxShrink(original, by: denominator)
            #expect(CodecFixtures.meanAbsoluteError(reference, decoded.pixels) < 4)
        }

        @Test func pngIgnoresTheScale() throws {
            let image = try CodecFixtures.photoLike(width: 30, height: 20)
            let png = try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: true)
            let decoded = try ImageReader.decode(png, scaleDenominator: 4)
            #expect(decoded.scaleDenominator == 1)
            #expect(decoded.pixels.size == image.size)
        }

        @Test(arguments: [0, 3, 16])
        func otherScalesAreRefused(denominator: Int) throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 16, height: 16))
            #expect(throws: CodecError.self) { try ImageReader.decode(jpeg, scaleDenominator: denominator) }
        }
    }
}
