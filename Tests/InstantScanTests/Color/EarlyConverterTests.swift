import Testing
@testable import InstantScan

/// The photo's colour conversion is built beside its decode; the scan must get from it the
/// converter it would have built itself, and nothing may be started on one core.
@Suite struct EarlyConverterTests {
    static func header(_ profile: [UInt8]?) -> ImageInfo {
        ImageInfo(format: .jpeg, storedSize: PixelSize(width: 64, height: 48), orientation: .up,
                  iccProfile: profile, isSRGBTagged: false, warnings: [])
    }

    static func decoded(_ profile: [UInt8]?) throws -> DecodedImage {
        DecodedImage(pixels: try PixelBuffer(width: 64, height: 48, format: .rgb8), orientation: .up, iccProfile: profile,
                     isSRGBTagged: false, scaleDenominator: 1, fullSize: PixelSize(width: 64, height: 48), format: .jpeg,
                     warnings: [])
    }

    @Test func theScanGetsTheConverterItWouldHaveBuilt() throws {
        let cache = ColorConverterCache()
        let bytes = LCMSTestProfiles.displayP3Version4()
        let correction = PrintColorCorrection(options: ScanOptions())
        let early = try #require(ProcessInfoCores.withLimit(2) { correction.convertingEarly(forHeader: Self.header(bytes), into: cache) })
        let got = try #require(early.converter(for: try Self.decoded(bytes)))
        // The scan's own path: the decode's profile opened anew, its converter from the cache.
        let own = try cache.converter(from: try ColorProfile(iccData: bytes), to: correction.profile.profile)
        #expect(got === own)
        #expect(!got.isIdentity)
        // A decode whose profile is not the header's gets none: the scan builds its own.
        #expect(early.converter(for: try Self.decoded(nil)) == nil)
    }

    @Test func nothingStartsOnOneCore() throws {
        let cache = ColorConverterCache()
        let bytes = LCMSTestProfiles.displayP3Version4()
        let correction = PrintColorCorrection(options: ScanOptions())
        #expect(ProcessInfoCores.withLimit(1) { correction.convertingEarly(forHeader: Self.header(bytes), into: cache) } == nil)
        let decoded = try ColorProfile(iccData: bytes)
        #expect(try cache.converter(from: decoded, to: correction.profile.profile).source === decoded)
    }

    /// A photo without a profile is sRGB, as the scan's own path takes it: into sRGB, no conversion.
    @Test func aPhotoWithoutAProfileGetsTheSRGBConverter() throws {
        let cache = ColorConverterCache()
        let correction = PrintColorCorrection(options: ScanOptions())
        let early = try #require(ProcessInfoCores.withLimit(2) { correction.convertingEarly(forHeader: Self.header(nil), into: cache) })
        let got = try #require(early.converter(for: try Self.decoded(nil)))
        #expect(got === (try cache.converter(from: .sRGB, to: correction.profile.profile)))
        #expect(got.isIdentity)
        #expect(early.converter(for: try Self.decoded(LCMSTestProfiles.displayP3Version4())) == nil)
    }

    /// An unusable profile builds nothing, so the scan's own path reports it.
    @Test func anUnusableProfileLeavesTheScanToReportIt() throws {
        let bytes: [UInt8] = Array(repeating: 7, count: 200)
        let correction = PrintColorCorrection(options: ScanOptions())
        let early = try #require(ProcessInfoCores.withLimit(2) {
            correction.convertingEarly(forHeader: Self.header(bytes), into: ColorConverterCache())
        })
        #expect(early.converter(for: try Self.decoded(bytes)) == nil)
    }
}
