import Foundation
import Testing
@testable import InstantScan

/// White balance when the frame is not white: each kind of frame is judged against the picture
/// and the surface around the card, and the light is taken from what can be trusted.
@Suite struct FrameKindWhiteBalanceTests {
    func corrected(_ photo: FramedPrintPhoto, light: [Double]) throws -> (print: ScannedPrint, differences: [Double]) {
        let print = try #require(try photo.scan(light: light))
        return (print, try photo.pictureDifferences(print.image))
    }

    @Test func aWhiteFrameUnderAWarmLampIsTheReference() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .white), light: FramedPrintPhoto.warmLamp)
        #expect(print.whiteBalance?.light.source == .frame)
        #expect(print.whiteBalance?.light.reason.contains("white frame") == true)
        // The lamp leaves blue a third of its range: 8-bit quantisation and JPEG cost a little.
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
    }

    @Test func aYellowedFrameUnderNeutralLightKeepsItsColourAndThePictureStaysNeutral() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .yellowed), light: FramedPrintPhoto.neutral)
        let report = try #require(print.whiteBalance)
        #expect(report.light.source == .surroundings)
        #expect(report.light.reason.contains("yellowed"), "\(report.light.reason)")
        // Nothing to correct: the picture stays as it was, and the frame stays yellow.
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
        #expect((report.correctedFrameChroma ?? 0) > 15, "frame C*ab \(report.correctedFrameChroma ?? 0)")
        // Taken as white paper under a warm lamp, the picture would come out cold: the check has teeth.
        var asWhite = report.light
        asWhite.field.logLevels = [0.78, 0.66, 0.40].map { log($0) }
        asWhite.whiteLevel = FramedPrintPhoto.paper
        let photo = FramedPrintPhoto(frame: .yellowed)
        let (jpeg, corners) = try photo.photo(light: FramedPrintPhoto.neutral)
        var options = ScanOptions()
        options.format = photo.format
        options.outputSize = .exact(PixelSize(width: photo.width, height: photo.height))
        let wrong = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners, light: asWhite).prints.first)
        #expect(try photo.pictureDifferences(wrong.image).mean > 4)
    }

    @Test func aYellowedFrameUnderAWarmLampIsToldFromAWhiteOne() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .yellowed), light: FramedPrintPhoto.warmLamp)
        #expect(print.whiteBalance?.light.source == .surroundings)
        #expect(differences.mean < 3, "mean ΔE00 \(differences.mean)")
    }

    @Test func aSaturatedColouredFrameIsNotTakenForALight() throws {
        // Olive yellow: as white paper it would imply a light with a tenfold blue gain.
        let photo = FramedPrintPhoto(frame: .colour([0.30, 0.25, 0.03]))
        let (print, differences) = try corrected(photo, light: FramedPrintPhoto.warmLamp)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .surroundings)
        #expect(light.reason.contains("coloured"), "\(light.reason)")
        let gains = light.gains
        #expect(gains.max()! / gains.min()! < 5, "gains \(gains)")
        #expect(differences.mean < 3, "mean ΔE00 \(differences.mean)")
    }

    @Test func aPatternedFrameIsNotTakenForALight() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .pattern), light: FramedPrintPhoto.warmLamp)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .surroundings)
        #expect(light.reason.contains("patterned"), "\(light.reason)")
        #expect(differences.mean < 3, "mean ΔE00 \(differences.mean)")
    }

    @Test func aBlackFrameGivesTheLightsColourWhenThePictureAgrees() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .black), light: FramedPrintPhoto.warmLamp)
        #expect(print.whiteBalance?.light.source == .darkFrame)
        #expect(differences.mean < 2.5, "mean ΔE00 \(differences.mean)")
    }

    @Test func aBatchPrefersItsWhiteFramedPhotosAsReferences() throws {
        var estimates: [LightEstimate] = []
        for frame in [FramedPrintPhoto.Frame.yellowed, .white, .pattern] {
            let photo = FramedPrintPhoto(frame: frame)
            let (jpeg, corners) = try photo.photo(light: FramedPrintPhoto.warmLamp)
            var options = ScanOptions()
            options.format = photo.format
            estimates += try PrintScanner(options: options).estimateLight(jpeg, corners: corners)
        }
        #expect(estimates.map(\.source) == [.surroundings, .frame, .surroundings])
        let shared = LightEstimate.combined(estimates)
        #expect(shared.source == .frame)
        #expect(shared.field.logLevels == estimates[1].field.logLevels)
        #expect(shared.reason.contains("3 photos"), "\(shared.reason)")
    }

    /// The public scene that regressed (a white frame under tungsten, its picture cooler than the
    /// lamp, its table not): one witness finding the frame warmer does not make it yellowed.
    @Test func aFrameIsYellowedOnlyWhenThePictureAndTheSurroundingsBothFindItWarmer() throws {
        let locus = PlanckianLocus(space: WorkingSpace(.srgb))
        let lamp = locus.nearest(to: LightChroma(rg: 0.6, bg: -1.2))
        let warmer = lamp.point + lamp.warmward * 0.5
        func scene(picture: LightChroma, surroundings: LightChroma?) -> SceneLight {
            SceneLight(chroma: picture, agreeing: 2, cues: 2, seesSurroundings: surroundings != nil,
                       picture: picture, surroundings: surroundings)
        }
        let agreeing = scene(picture: lamp.point, surroundings: lamp.point)
        #expect(FrameJudgement.bothFindWarmer(warmer, scene: agreeing, locus: locus))
        // The table shows the frame's own warmth: the frame is the lamp's white.
        #expect(!FrameJudgement.bothFindWarmer(warmer, scene: scene(picture: lamp.point, surroundings: warmer), locus: locus))
        // Nothing around the card to confirm the picture.
        #expect(!FrameJudgement.bothFindWarmer(warmer, scene: scene(picture: lamp.point, surroundings: nil), locus: locus))
        // A frame no warmer than the scene.
        #expect(!FrameJudgement.bothFindWarmer(lamp.point, scene: agreeing, locus: locus))
    }
}
