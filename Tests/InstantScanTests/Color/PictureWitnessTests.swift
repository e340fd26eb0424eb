import Foundation
import Testing
@testable import InstantScan

/// The picture's witness to the light weighs its gray edge twice when a quarter or more of the
/// picture clipped (``WeightedCues``): a picture of skin whose whites a warm lamp clipped still
/// shows the lamp, so a yellowed frame around it is told from a white one.
@Suite struct PictureWitnessTests {
    /// Skin and whites, with a grey: under the warm lamp the whites clip in red (a third of the
    /// picture, dropped from the samples) and the mean colour of what is left reads the lamp
    /// warmer than it is; the edges between skin, whites and grey carry more of the lamp's colour.
    static let portrait: [[Double]] = [
        [0.60, 0.38, 0.28], [0.85, 0.85, 0.85], [0.45, 0.28, 0.20], [0.70, 0.48, 0.36],
        [0.85, 0.85, 0.85], [0.40, 0.40, 0.40],
    ]

    /// The card of `photo` under `light`, upright, as a phone would record it (no JPEG).
    func card(_ photo: FramedPrintPhoto, light: [Double]) throws -> PixelBuffer {
        let image = try PixelBuffer(width: photo.width, height: photo.height)
        for y in 0..<photo.height {
            for x in 0..<photo.width {
                let rgb = photo.reflectance((Double(x) + 0.5) / Double(photo.width), (Double(y) + 0.5) / Double(photo.height))
                image[x, y] = (0..<3).map { LinearLight.code(linear: rgb[$0] * light[$0]) } + [255]
            }
        }
        return image
    }

    /// How many typical ageings yellower than the picture's witness a yellowed frame around
    /// `patches` reads under `light`.
    func pictureFindsFrameAged(_ patches: [[Double]], light: [Double], edgeWeight: Double) throws -> Double {
        var photo = FramedPrintPhoto(frame: .yellowed)
        photo.patches = patches
        let space = WorkingSpace(.srgb)
        let scene = try #require(SceneLight.estimate(card: try card(photo, light: light), format: photo.format, ring: nil,
                                                     space: space, locus: PlanckianLocus(space: space), edgeWeight: edgeWeight))
        let witness = try #require(scene.picture)
        let frame = try #require(LightChroma(rgb: (0..<3).map { photo.frameColour(0.5, 0.02)[$0] * light[$0] }))
        return PaperAgeing(space: space).amount(frame: frame, light: witness)
    }

    @Test func theEdgesLetThePictureSeeTheLampPastItsClippedWhites() throws {
        let alike = try pictureFindsFrameAged(Self.portrait, light: FramedPrintPhoto.warmLamp, edgeWeight: 1)
        let weighted = try pictureFindsFrameAged(Self.portrait, light: FramedPrintPhoto.warmLamp, edgeWeight: WeightedCues.edgeWeight)
        // All cues alike, the picture reads the lamp nearly as warm as the aged frame: too little
        // evidence, and the frame was taken as white paper.
        #expect(alike < FrameJudgement.yellowedEvidence, "all cues alike: \(alike)")
        #expect(weighted >= FrameJudgement.yellowedEvidence, "edges twice: \(weighted)")
    }

    /// A picture with nothing clipped keeps its cues alike: on a soft one its edges are the
    /// colour of its gradients more than the light's.
    @Test func aPictureWithNothingClippedKeepsItsCuesAlike() throws {
        let lamp = [1.25, 0.96, 0.65]
        let patches = FramedPrintPhoto.palette.filter { $0.max()! * 1.25 < 0.95 }
        let alike = try pictureFindsFrameAged(patches, light: lamp, edgeWeight: 1)
        let weighted = try pictureFindsFrameAged(patches, light: lamp, edgeWeight: WeightedCues.edgeWeight)
        #expect(alike == weighted)
    }

    @Test func aYellowedFrameAroundAPortraitIsToldFromAWhiteOne() throws {
        var photo = FramedPrintPhoto(frame: .yellowed)
        photo.patches = Self.portrait
        let print = try #require(try photo.scan(light: FramedPrintPhoto.warmLamp))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .agedFrame, "\(light.reason)")
        // The whites the lamp clipped keep only what their unclipped channels say, and the
        // ageing divided out is the prior's pull on the witness, not the exact amount: 4.1 here.
        let mean = try photo.pictureDifferences(print.image).mean
        #expect(mean < 5, "mean ΔE00 \(mean), \(light.reason)")
    }

    @Test func aWhiteFrameAroundThePortraitStaysWhite() throws {
        var photo = FramedPrintPhoto(frame: .white)
        photo.patches = Self.portrait
        let print = try #require(try photo.scan(light: FramedPrintPhoto.warmLamp))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .frame, "\(light.reason)")
        let mean = try photo.pictureDifferences(print.image).mean
        #expect(mean < 2.5, "mean ΔE00 \(mean)")
    }

    @Test func theWeightsCountInTheWitnessAndNotInThePool() throws {
        var cues = WeightedCues()
        cues.append(LightChroma(rg: 0.6, bg: -0.9))
        cues.append(LightChroma(rg: 0.3, bg: -0.6), edge: true)
        let weighted = try #require(cues.mean([0, 1], weighted: true))
        let alike = try #require(cues.mean([0, 1], weighted: false))
        #expect(abs(weighted.rg - 0.4) < 1e-12 && abs(weighted.bg + 0.7) < 1e-12)
        #expect(abs(alike.rg - 0.45) < 1e-12 && abs(alike.bg + 0.75) < 1e-12)
        #expect(cues.mean([], weighted: true) == nil)
    }
}
