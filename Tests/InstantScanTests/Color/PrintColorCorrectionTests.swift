import Testing
@testable import InstantScan

/// The colour stage on its own: what it does with white balance off, and a light from elsewhere.
@Suite struct PrintColorCorrectionTests {
    @Test func withWhiteBalanceOffAndNoStretchThePrintIsLeftAlone() throws {
        var options = ScanOptions()
        options.whiteBalance = .none
        let image = try PixelBuffer(width: 8, height: 8, filledWith: 120)
        let before = image.packedBytes()
        #expect(try PrintColorCorrection(options: options).correct(image, format: .instaxMini) == nil)
        #expect(image.packedBytes() == before)
    }

    @Test func aLightFromAnotherColourSpaceIsRefused() throws {
        let image = try PixelBuffer(width: 8, height: 8, filledWith: 120)
        #expect(throws: ScanError.lightInOtherSpace(.displayP3, .srgb)) {
            try PrintColorCorrection(options: ScanOptions()).correct(image, format: nil, light: .identity(profile: .displayP3))
        }
    }

    @Test func aGivenLightIsUsedAsItIs() throws {
        let image = try PixelBuffer(width: 8, height: 8, filledWith: 120)
        let report = try PrintColorCorrection(options: ScanOptions()).correct(image, format: nil, light: .identity())
        #expect(report?.light == .identity())
    }
}
