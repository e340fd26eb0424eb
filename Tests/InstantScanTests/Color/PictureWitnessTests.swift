import Foundation
import Testing
@testable import InstantScan

/// The picture's witness to the light weighs its gray edge twice (``WeightedCues``): a picture
/// dominated by one warm surface, its whites clipped by a warm lamp, still shows the lamp, so a
/// yellowed frame on it is told from a white one.
@Suite struct PictureWitnessTests {
    /// Mostly skin, with whites that the lamp clips in red (dropped from the samples) and a grey:
    /// the mean colour of what is left reads the lamp warmer than it is; the edges between skin,
    /// whites and grey carry more of the lamp's colour.
    static let portrait: [[Double]] = [
        [0.60, 0.38, 0.28], [0.45, 0.28, 0.20], [0.70, 0.48, 0.36], [0.30, 0.18, 0.13],
        [0.52, 0.33, 0.25], [0.85, 0.85, 0.85], [0.40, 0.40, 0.40],
    ]
    /// A lamp of about 3800 K after the phone's partial white balance, luminance 1.
    static let lamp = [1.25, 0.96, 0.65]

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

    /// How many typical ageings yellower than the picture's witness the yellowed frame reads.
    func pictureFindsFrameAged(edgeWeight: Double) throws -> Double {
        var photo = FramedPrintPhoto(frame: .yellowed)
        photo.patches = Self.portrait
        let light = Self.lamp
        let space = WorkingSpace(.srgb)
        let scene = try #require(SceneLight.estimate(card: try card(photo, light: light), format: photo.format, ring: nil,
                                                     space: space, locus: PlanckianLocus(space: space), edgeWeight: edgeWeight))
        let witness = try #require(scene.picture)
        let frame = try #require(LightChroma(rgb: (0..<3).map { photo.frameColour(0.5, 0.02)[$0] * light[$0] }))
        return PaperAgeing(space: space).amount(frame: frame, light: witness)
    }

    @Test func theEdgesLetThePictureSeeTheLampBehindItsSkin() throws {
        let alike = try pictureFindsFrameAged(edgeWeight: 1)
        let weighted = try pictureFindsFrameAged(edgeWeight: WeightedCues.edgeWeight)
        // All cues alike, the picture reads the lamp nearly as warm as the aged frame: too little
        // evidence, and the frame was taken as white paper.
        #expect(alike < FrameJudgement.yellowedEvidence, "all cues alike: \(alike)")
        #expect(weighted >= FrameJudgement.yellowedEvidence, "edges twice: \(weighted)")
    }

    @Test func aYellowedFrameAroundAPortraitIsToldFromAWhiteOne() throws {
        var photo = FramedPrintPhoto(frame: .yellowed)
        photo.patches = Self.portrait
        let print = try #require(try photo.scan(light: Self.lamp))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .agedFrame, "\(light.reason)")
        #expect(try photo.pictureDifferences(print.image).mean < 3.5)
    }

    @Test func aWhiteFrameAroundThePortraitStaysWhite() throws {
        var photo = FramedPrintPhoto(frame: .white)
        photo.patches = Self.portrait
        let print = try #require(try photo.scan(light: Self.lamp))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .frame, "\(light.reason)")
        #expect(try photo.pictureDifferences(print.image).mean < 2.5)
    }

    @Test func onlyThePicturesWitnessWeighsItsEdges() throws {
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
