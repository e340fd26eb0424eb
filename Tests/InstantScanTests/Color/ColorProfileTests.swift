import Testing
@testable import InstantScan

@Suite struct ColorProfileTests {
    @Test func builtInSRGBIsSRGBAndDisplayP3IsNot() {
        #expect(ColorProfile.sRGB.isSRGB)
        #expect(!ColorProfile.displayP3.isSRGB)
    }

    @Test func lcmsOwnSRGBIsRecognised() throws {
        let profile = try ColorProfile(iccData: LCMSTestProfiles.srgb())
        #expect(profile.isSRGB)
    }

    @Test func nearMissesAreNotSRGB() throws {
        #expect(try !ColorProfile(iccData: LCMSTestProfiles.gamma22()).isSRGB)
        #expect(try !ColorProfile(iccData: LCMSTestProfiles.displayP3Version4()).isSRGB)
    }

    @Test func corruptBytesThrowInvalidProfile() throws {
        let good = BuiltInProfile.srgb.makeICCData()
        var random = SeededGenerator(seed: 99)
        var scrambledTags = good
        for index in 132..<good.count { scrambledTags[index] = UInt8.random(in: 0...255, using: &random) }
        var hugeTagCount = good
        hugeTagCount.replaceSubrange(128..<132, with: [0xFF, 0xFF, 0xFF, 0xFF])

        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("short", Array(good.prefix(100))),
            ("no acsp", [UInt8](repeating: 7, count: 500)),
            ("truncated", Array(good.prefix(300))),
            ("scrambled tags", scrambledTags),
            ("tag count", hugeTagCount),
        ]
        for (label, bytes) in cases {
            do {
                _ = try ColorProfile(iccData: bytes)
                Issue.record("\(label): accepted")
            } catch let error as ColorError {
                guard case .invalidProfile = error else {
                    Issue.record("\(label): \(error)")
                    continue
                }
                #expect(error.description.hasPrefix("ICC profile is unreadable"))
            }
        }
    }

    @Test func tooLargeIsRefusedBeforeParsing() {
        let bytes = [UInt8](repeating: 0, count: ColorProfile.maximumByteCount + 1)
        #expect(throws: ColorError.profileTooLarge(byteCount: bytes.count, limit: ColorProfile.maximumByteCount)) {
            try ColorProfile(iccData: bytes)
        }
    }

    @Test func nonRGBProfilesAreUnsupported() {
        #expect(throws: ColorError.unsupportedColorSpace("GRAY")) { try ColorProfile(iccData: LCMSTestProfiles.gray()) }
        #expect(throws: ColorError.unsupportedColorSpace("Lab")) { try ColorProfile(iccData: LCMSTestProfiles.lab()) }
    }

    @Test func keepsTheBytesItWasGiven() throws {
        let bytes = LCMSTestProfiles.srgb()
        #expect(try ColorProfile(iccData: bytes).iccData == bytes)
    }
}
