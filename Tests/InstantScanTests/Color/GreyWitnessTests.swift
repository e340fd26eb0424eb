import Foundation
import Testing
@testable import InstantScan

/// The picture's grey surfaces as a witness of a yellowed frame (``FrameJudgement/greyAgeing(of:greys:ageing:)``):
/// on dark wood, which is warmer than any frame, the mean-based witnesses cannot tell a yellowed
/// frame under daylight from a white one under a lamp (hard scene-0010 against public
/// scene-0020); the picture's greys can.
@Suite struct GreyWitnessTests {
    /// Dark wood (linear reflectance relative to the grey weave): far warmer than aged paper.
    static let wood = [1.0, 0.55, 0.22]

    @Test func aYellowedFrameOnDarkWoodUnderDaylightIsYellowed() throws {
        var photo = FramedPrintPhoto(frame: .yellowed)
        photo.table = GreyWitnessTests.wood
        let print = try #require(try photo.scan(light: FramedPrintPhoto.neutral))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .agedFrame, "\(light.reason)")
        #expect(light.reason.contains("grey surfaces"), "\(light.reason)")
        // Taken as white, the picture came out cold by the frame's whole yellow.
        let differences = try photo.pictureDifferences(print.image).sorted()
        #expect(differences[differences.count / 2] < 3, "median ΔE00 \(differences[differences.count / 2])")
    }

    @Test func aWhiteFrameOnDarkWoodUnderALampStaysWhite() throws {
        var photo = FramedPrintPhoto(frame: .white)
        photo.table = GreyWitnessTests.wood
        let print = try #require(try photo.scan(light: FramedPrintPhoto.warmLamp))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .frame, "\(light.reason)")
        let differences = try photo.pictureDifferences(print.image).sorted()
        #expect(differences[differences.count / 2] < 2, "median ΔE00 \(differences[differences.count / 2])")
    }

    /// A faint cream (0.4 of a typical ageing, b* about 8) on a grey table under daylight: too
    /// faint for the mean-based witnesses (they call a frame yellowed from 0.62), but the
    /// picture's greys peak sharply under the frame less 0.4 of an ageing, and the table, grey
    /// under the light, finds the frame as much yellower. Taken as white, the picture came out
    /// cold by the cream.
    @Test func aFaintCreamFrameOnAGreyTableIsYellowed() throws {
        let paper = FramedPrintPhoto.paper
        let photo = FramedPrintPhoto(frame: .colour([paper, paper * exp(-0.066), paper * exp(-0.231)]))
        let print = try #require(try photo.scan(light: FramedPrintPhoto.neutral))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .agedFrame, "\(light.reason)")
        #expect(light.reason.contains("grey surfaces"), "\(light.reason)")
        let differences = try photo.pictureDifferences(print.image).sorted()
        #expect(differences[differences.count / 2] < 1.5, "median ΔE00 \(differences[differences.count / 2])")
    }

    /// A white frame on a grey table under daylight, its picture all blues (a sea, a blue toy):
    /// the picture's mean reads a light far cooler than it is and finds the frame a whole ageing
    /// yellower; the table finds it no yellower, and the picture has no greys to say otherwise.
    /// Called yellowed, the picture came out warm by the ageing divided out.
    @Test func aWhiteFrameAroundBluesOnAGreyTableStaysWhite() throws {
        var photo = FramedPrintPhoto(frame: .white)
        photo.patches = [[0.10, 0.25, 0.60], [0.05, 0.15, 0.45], [0.20, 0.40, 0.75], [0.08, 0.30, 0.55],
                         [0.15, 0.20, 0.50], [0.30, 0.45, 0.80], [0.04, 0.10, 0.30], [0.12, 0.35, 0.65]]
        let print = try #require(try photo.scan(light: FramedPrintPhoto.neutral))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .frame, "\(light.reason)")
        let differences = try photo.pictureDifferences(print.image).sorted()
        #expect(differences[differences.count / 2] < 1.5, "median ΔE00 \(differences[differences.count / 2])")
    }

    /// The test palette's patches with no grey among them (each far from neutral).
    static let colourfulPatches = FramedPrintPhoto.palette.filter { rgb in
        guard let chroma = LightChroma(rgb: rgb) else { return false }
        return chroma.distance(to: LightChroma(rg: 0, bg: 0)) > 0.3
    }

    /// A cream frame (about half a typical ageing) under daylight on a grey tablecloth: the
    /// picture's mean finds it under the mean-based threshold, its greys find it yellowed.
    @Test func aCreamFrameIsToldByThePicturesGreys() throws {
        let ageing = PaperAgeing(space: WorkingSpace(.srgb))
        let tint = ageing.logLevels.map { exp(0.45 * $0) }
        let photo = FramedPrintPhoto(frame: .colour(tint.map { $0 * FramedPrintPhoto.paper }))
        let print = try #require(try photo.scan(light: FramedPrintPhoto.neutral))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .agedFrame, "\(light.reason)")
        let differences = try photo.pictureDifferences(print.image).sorted()
        #expect(differences[differences.count / 2] < 2, "median ΔE00 \(differences[differences.count / 2])")
    }

    /// A picture with no grey surface (only saturated colours) has no peak: the witness stays
    /// silent and the frame is judged as before.
    @Test func aPictureWithoutGreysSaysNothing() throws {
        var photo = FramedPrintPhoto(frame: .yellowed)
        photo.table = GreyWitnessTests.wood
        photo.patches = GreyWitnessTests.colourfulPatches
        let print = try #require(try photo.scan(light: FramedPrintPhoto.neutral))
        let light = try #require(print.whiteBalance?.light)
        #expect(!light.reason.contains("grey surfaces"), "\(light.reason)")
    }
}
