import Testing
@testable import InstantScan

/// The photo's colour conversion is built beside its decode; the scan's own call must then find
/// that converter, and nothing may be started on one core.
@Suite struct EarlyConverterTests {
    static func header(_ profile: [UInt8]?) -> ImageInfo {
        ImageInfo(format: .jpeg, storedSize: PixelSize(width: 64, height: 48), orientation: .up,
                  iccProfile: profile, isSRGBTagged: false, warnings: [])
    }

    @Test func theScanFindsTheConverterBuiltFromTheHeader() throws {
        let cache = ColorConverterCache()
        let bytes = LCMSTestProfiles.displayP3Version4()
        let correction = PrintColorCorrection(options: ScanOptions())
        let group = try #require(ProcessInfoCores.withLimit(2) { correction.convertingEarly(forHeader: Self.header(bytes), into: cache) })
        group.wait()
        // The decode's profile, opened anew as the scan opens it: the converter is the early one.
        let decoded = try ColorProfile(iccData: bytes)
        let converter = try cache.converter(from: decoded, to: correction.profile.profile)
        #expect(converter.source !== decoded)
        #expect(!converter.isIdentity)
    }

    @Test func nothingStartsOnOneCoreOrWithoutAProfile() throws {
        let cache = ColorConverterCache()
        let bytes = LCMSTestProfiles.displayP3Version4()
        let correction = PrintColorCorrection(options: ScanOptions())
        #expect(ProcessInfoCores.withLimit(1) { correction.convertingEarly(forHeader: Self.header(bytes), into: cache) } == nil)
        #expect(ProcessInfoCores.withLimit(2) { correction.convertingEarly(forHeader: Self.header(nil), into: cache) } == nil)
        let decoded = try ColorProfile(iccData: bytes)
        #expect(try cache.converter(from: decoded, to: correction.profile.profile).source === decoded)
    }
}
