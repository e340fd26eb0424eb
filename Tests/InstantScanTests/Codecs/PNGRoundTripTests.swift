import Testing
@testable import InstantScan

extension Codecs {
    @Suite struct PNGRoundTrip {
        @Test(arguments: PNGEncoder.Compression.allCases)
        func rgbRoundTripIsExact(compression: PNGEncoder.Compression) throws {
            let original = try CodecFixtures.photoLike(width: 97, height: 41)
            let png = try PNGEncoder.encode(original, iccProfile: nil, srgbIntent: true, compression: compression)
            #expect(ImageFormat(sniffing: png) == .png)
            let decoded = try ImageReader.decode(png)
            #expect(decoded.format == .png)
            #expect(decoded.scaleDenominator == 1 && decoded.fullSize == original.size)
            #expect(decoded.warnings.isEmpty)
            #expect(CodecFixtures.samePixels(original, decoded.pixels))
        }

        @Test func alphaIsDroppedUnlessKept() throws {
            let original = try CodecFixtures.photoLike(width: 20, height: 10)
            original[3, 4] = [10, 20, 30, 77]
            let opaque = try ImageReader.decode(PNGEncoder.encode(original, iccProfile: nil, srgbIntent: false))
            #expect(opaque.pixels[3, 4] == [10, 20, 30, 255])
            let kept = try ImageReader.decode(PNGEncoder.encode(original, iccProfile: nil, srgbIntent: false, dropAlpha: false))
            #expect(CodecFixtures.samePixels(original, kept.pixels))
        }

        @Test func greyBufferWritesGreyPNG() throws {
            let grey = try PixelBuffer(width: 5, height: 3, format: .gray8, packed: Array(0..<15).map { UInt8($0 * 17) })
            let png = try PNGEncoder.encode(grey, iccProfile: nil, srgbIntent: false)
            #expect(png[25] == 0)  // IHDR colour type: grey
            let decoded = try ImageReader.decode(png)
            #expect(decoded.pixels[4, 2] == [238, 238, 238, 255])
        }

        @Test func smallerSettingsGiveFewerBytes() throws {
            let image = try CodecFixtures.photoLike(width: 256, height: 256)
            let sizes = try PNGEncoder.Compression.allCases.map {
                try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: true, compression: $0).count
            }
            #expect(sizes[0] >= sizes[1] && sizes[1] >= sizes[2], "fast, balanced, small: \(sizes)")
        }

        @Test func infoReadsTheHeader() throws {
            let png = try PNGEncoder.encode(CodecFixtures.photoLike(width: 31, height: 7), iccProfile: nil, srgbIntent: true)
            let info = try ImageReader.info(of: png)
            #expect(info == ImageInfo(format: .png, storedSize: PixelSize(width: 31, height: 7), orientation: .up,
                                      iccProfile: nil, isSRGBTagged: true, warnings: []))
        }

        @Test func profileNameMustBePrintable() throws {
            let image = try PixelBuffer(width: 2, height: 2, filledWith: 9)
            let profile = CodecFixtures.iccProfile(byteCount: 400)
            #expect(throws: CodecError.self) {
                try PNGEncoder.encode(image, iccProfile: profile, profileName: "", srgbIntent: false)
            }
        }
    }
}
