import Foundation
import Testing
@testable import InstantScan

/// Within one photo, a print whose frame is not a white reference takes the light's colour of
/// the photo's white-framed prints when it lies in the same light (``PhotoReferenceLight``).
@Suite struct PhotoReferenceLightTests {
    /// A red-framed print whose picture is mostly sea and sky (blues, a white, a red) on an
    /// orange wooden table: under a warm lamp its picture misleads its own cues by about 0.44
    /// (log chroma), towards neutral.
    static var red: FramedPrintPhoto {
        var red = FramedPrintPhoto(frame: .colour([0.55, 0.10, 0.08]))
        red.patches = [[0.10, 0.30, 0.70], [0.05, 0.20, 0.50], [0.20, 0.45, 0.80], [0.08, 0.35, 0.60], [0.15, 0.25, 0.65],
                       [0.80, 0.80, 0.80], [0.55, 0.10, 0.08]]
        return red
    }
    static let woodenTable = [1.0, 0.62, 0.32]
    static let lamp = FramedPrintPhoto.warmLamp

    @Test func aColouredFrameTakesTheLightOfTwoWhiteFramesBesideIt() throws {
        let photo = PrintsOnATablePhoto(prints: [FramedPrintPhoto(frame: .white), FramedPrintPhoto(frame: .white), Self.red],
                                        lights: [Self.lamp, Self.lamp, Self.lamp], table: Self.woodenTable)
        let prints = try photo.scanAll()
        try #require(prints.count == 3)
        #expect(prints[0].whiteBalance?.light.source == .frame)
        #expect(prints[1].whiteBalance?.light.source == .frame)
        let light = try #require(prints[2].whiteBalance?.light)
        #expect(light.source == .otherPrints, "\(light.reason)")
        #expect(light.reason.contains("2 white-framed prints, which agree"), "\(light.reason)")
        let shared = try Self.red.pictureDifferences(prints[2].image).mean
        // Alone, the same print is corrected from its picture and the table: far off.
        let alone = try #require(try photo.scanAlone(2))
        #expect(alone.whiteBalance?.light.source != .otherPrints)
        let own = try Self.red.pictureDifferences(alone.image).mean
        #expect(shared < 2.5, "mean ΔE00 \(shared) with the white frames' light")
        #expect(own > 6, "mean ΔE00 \(own) alone: \(alone.whiteBalance?.light.reason ?? "")")
    }

    /// One white frame alone could be a yellowed one misread (its light 0.37 too warm): it lends
    /// its light only when the print's own cues confirm it, and these are 0.44 off.
    @Test func aLoneWhiteFrameTheCuesDoNotConfirmLendsNothing() throws {
        let photo = PrintsOnATablePhoto(prints: [FramedPrintPhoto(frame: .white), Self.red],
                                        lights: [Self.lamp, Self.lamp], table: Self.woodenTable)
        let prints = try photo.scanAll()
        try #require(prints.count == 2)
        #expect(prints[0].whiteBalance?.light.source == .frame)
        let light = try #require(prints[1].whiteBalance?.light)
        #expect(light.source != .otherPrints, "\(light.reason)")
    }

    /// The coloured print in daylight by a window, the two white ones under the lamp, on a grey
    /// table: its own cues read a light far from the lamp's (about 0.85), and it keeps them.
    @Test func aPrintInOtherLightKeepsItsOwn() throws {
        var red = Self.red
        red.patches = FramedPrintPhoto.palette
        let photo = PrintsOnATablePhoto(prints: [FramedPrintPhoto(frame: .white), FramedPrintPhoto(frame: .white), red],
                                        lights: [Self.lamp, Self.lamp, FramedPrintPhoto.neutral], table: [1, 1, 1])
        let prints = try photo.scanAll()
        try #require(prints.count == 3)
        #expect(prints[0].whiteBalance?.light.source == .frame)
        let light = try #require(prints[2].whiteBalance?.light)
        #expect(light.source != .otherPrints, "\(light.reason)")
        let difference = try red.pictureDifferences(prints[2].image).mean
        #expect(difference < 3, "mean ΔE00 \(difference)")
    }
}
