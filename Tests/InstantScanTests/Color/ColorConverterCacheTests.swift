import Testing
@testable import InstantScan

@Suite struct ColorConverterCacheTests {
    /// A photo's profile is opened anew for each photo: the bytes, not the object, find the converter.
    @Test func theSameProfileBytesShareOneConverter() throws {
        let cache = ColorConverterCache()
        let first = try ColorProfile(iccData: LCMSTestProfiles.displayP3Version4())
        let second = try ColorProfile(iccData: LCMSTestProfiles.displayP3Version4())
        let a = try cache.converter(from: first, to: .sRGB)
        let b = try cache.converter(from: second, to: .sRGB)
        #expect(a === b)
        #expect(a.source === first)
    }

    @Test func anotherPairOrIntentGetsItsOwnConverter() throws {
        let cache = ColorConverterCache()
        let p3 = try ColorProfile(iccData: LCMSTestProfiles.displayP3Version4())
        let toSRGB = try cache.converter(from: p3, to: .sRGB)
        #expect(try cache.converter(from: p3, to: .displayP3) !== toSRGB)
        #expect(try cache.converter(from: p3, to: .sRGB, intent: .perceptual) !== toSRGB)
        #expect(try cache.converter(from: .displayP3, to: .sRGB) !== toSRGB)
    }

    /// Only the last few pairs stay: the oldest is built again after `capacity` others.
    @Test func keepsOnlyTheMostRecentPairs() throws {
        let cache = ColorConverterCache()
        let p3 = try ColorProfile(iccData: LCMSTestProfiles.displayP3Version4())
        let oldest = try cache.converter(from: p3, to: .sRGB)
        for intent in RenderingIntent.allCases where intent != .relativeColorimetric {
            _ = try cache.converter(from: p3, to: .sRGB, intent: intent)
        }
        #expect(try cache.converter(from: p3, to: .sRGB) === oldest, "fewer than capacity others keep it")
        let others = [(ColorProfile.displayP3, ColorProfile.sRGB), (p3, .displayP3), (.sRGB, .displayP3),
                      (.displayP3, .displayP3), (p3, p3)]
        for (source, destination) in others { _ = try cache.converter(from: source, to: destination) }
        #expect(try cache.converter(from: p3, to: .sRGB) !== oldest)
    }

    /// A shared converter gives the bytes a new one gives.
    @Test func aCachedConverterConvertsLikeANewOne() throws {
        let cache = ColorConverterCache()
        let p3 = try ColorProfile(iccData: LCMSTestProfiles.displayP3Version4())
        let expected = try ColorTestImages.random(width: 33, height: 9, seed: 5)
        try ColorConverter(from: p3, to: .sRGB).convert(expected)
        for _ in 0..<2 {
            let image = try ColorTestImages.random(width: 33, height: 9, seed: 5)
            try cache.converter(from: p3, to: .sRGB).convert(image)
            #expect(image.packedBytes() == expected.packedBytes())
        }
    }
}
