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

    /// Placed by hand (every print's corners given, as a user does who fixed one detection), the
    /// prints are scanned together as detected ones are: the red frame takes the white frames'
    /// light, the same as with detection.
    @Test func printsPlacedByHandLendTheirLightAsDetectedOnesDo() throws {
        let photo = PrintsOnATablePhoto(prints: [FramedPrintPhoto(frame: .white), FramedPrintPhoto(frame: .white), Self.red],
                                        lights: [Self.lamp, Self.lamp, Self.lamp], table: Self.woodenTable)
        let placed = try photo.scanPlaced()
        try #require(placed.count == 3)
        #expect(placed.map(\.card) == photo.prints.indices.map(photo.corners(of:)), "scanned in the order given")
        let light = try #require(placed[2].whiteBalance?.light)
        #expect(light.source == .otherPrints, "\(light.reason)")
        let detected = try #require(try photo.scanAll()[2].whiteBalance?.light)
        #expect(light.distance(toLight: Self.lamp) < 0.1, "\(light.reason)")
        #expect(abs(light.distance(toLight: Self.lamp) - detected.distance(toLight: Self.lamp)) < 0.02)
        let difference = try Self.red.pictureDifferences(placed[2].image).mean
        #expect(difference < 2.5, "mean ΔE00 \(difference)")
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

    /// An estimate whose light has chroma (log R/G, log B/G) `rg`, `bg`.
    static func estimate(_ source: LightSource, _ rg: Double, _ bg: Double) -> LightEstimate {
        let levels = LightChroma(rg: rg, bg: bg).logLevels(luminance: 1, in: WorkingSpace(.srgb))
        return LightEstimate(source: source, field: .uniform(levels.map { exp($0) }), whiteLevel: 0.8,
                             channels: [.picture, .picture, .picture], profile: .srgb)
    }

    /// Two yellowed frames misread as white agree with each other (0.37 warmer than the lamp) and
    /// outnumber the one true white frame: the print's own cues, near the lamp, choose the white
    /// frame; cues near neutral (daylight by a window), 0.85 from the lamp, take nothing.
    @Test func whiteFramesThatDisagreeAreChosenByThePrintsOwnCues() throws {
        let lamp = (rg: 0.45, bg: -0.72), misread = (rg: 0.60, bg: -1.06)
        let references = try #require(PhotoReferenceLight(estimates: [
            Self.estimate(.frame, lamp.rg, lamp.bg), Self.estimate(.frame, misread.rg, misread.bg),
            Self.estimate(.frame, misread.rg + 0.02, misread.bg - 0.02), Self.estimate(.surroundings, 0.40, -0.60),
        ]))
        #expect(references.groups.map(\.count) == [2, 1])
        let space = WorkingSpace(.srgb)
        let own = Self.estimate(.surroundings, 0.40, -0.60)
        let taken = try #require(references.applied(to: own, space: space))
        #expect(taken.source == .otherPrints)
        #expect(abs(PhotoReferenceLight.chroma(taken)!.distance(to: LightChroma(rg: lamp.rg, bg: lamp.bg))) < 1e-9)
        #expect(abs(log(taken.gains[1]) - log(own.gains[1])) < 0.05, "exposure its own: \(taken.gains) \(own.gains)")
        #expect(references.applied(to: Self.estimate(.surroundings, 0.0, 0.0), space: space) == nil)
        // A white frame is a reference, not a taker.
        #expect(references.applied(to: Self.estimate(.frame, 0.40, -0.60), space: space) == nil)
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
