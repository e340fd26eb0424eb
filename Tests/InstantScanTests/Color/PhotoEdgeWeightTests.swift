import Foundation
import Testing
@testable import InstantScan

/// The whole photo's gray edge weighs ``SceneLight/photoEdgeWeight`` times another cue in the
/// light of a frame that is not a white reference: it is the most accurate of the cues, so where
/// the picture and the band around the card lean the same way by their own colours, the light
/// follows the rest of the photo more than the number of cues that lean.
@Suite struct PhotoEdgeWeightTests {
    @Test func thePhotosEdgeCountsFourCuesInThePoolAndTheSurroundings() throws {
        let locus = PlanckianLocus(space: WorkingSpace(.srgb))
        let band = { (rg: Double, bg: Double) in
            locus.plausible(LightChroma(rg: rg, bg: bg), kelvins: SceneLight.kelvins, offset: SceneLight.offLocus)
        }
        // Three picture cues and two ring cues, all warmer than the lamp the photo's edges read.
        let picture = band(0.55, -0.90), ring = band(0.60, -0.98), photo = band(0.42, -0.70)
        var cues = WeightedCues()
        for cue in [picture, picture, picture, ring, ring] { cues.append(cue) }
        let scene = SceneLight(chroma: band(0.57, -0.93), agreeing: 5, cues: 5, seesSurroundings: true,
                               picture: picture, surroundings: ring, plausible: cues, pictureCues: 3)
        let light = scene.adding(photoEdge: photo, locus: locus)
        let pooled = (picture * 3 + ring * 2 + photo * 4) * (1 / 9.0)
        let surroundings = (ring * 2 + photo * 4) * (1 / 6.0)
        #expect(light.usesPhoto)
        #expect(light.chroma.distance(to: pooled) < 1e-9, "\(light.chroma) against \(pooled)")
        #expect(try #require(light.surroundings).distance(to: surroundings) < 1e-9)
        // Counted once, it would have moved the light a sixth of the way, not four ninths.
        let once = (picture * 3 + ring * 2 + photo) * (1 / 6.0)
        #expect(light.chroma.distance(to: photo) < once.distance(to: photo) - 0.03)
    }

    /// A picture of warm things (skin, wood, straw) in a teal frame on a light-wood placemat, on
    /// a grey tablecloth, under a warm lamp: the picture and the band around the card both read
    /// a light warmer than the lamp, by their own colours; the rest of the photo reads the lamp.
    @Test func aWarmPictureOnAWoodenPlacematIsCorrectedNearerTheLamp() throws {
        var photo = FramedPrintPhoto(frame: .colour([0.10, 0.30, 0.45]))
        photo.patches = [[0.80, 0.80, 0.80], [0.60, 0.38, 0.28], [0.35, 0.22, 0.12], [0.55, 0.45, 0.08],
                         [0.40, 0.40, 0.40], [0.55, 0.10, 0.08], [0.18, 0.18, 0.18], [0.65, 0.50, 0.30]]
        photo.placemat = (colour: [1.15, 1.0, 0.8], reach: 0.3)
        photo.margin = (x: 450, y: 450)
        let lamp = FramedPrintPhoto.warmLamp
        let scan = try #require(try photo.scan(light: lamp))
        let light = try #require(scan.whiteBalance?.light)
        #expect(light.reason.contains("gray edge of the whole photo outside the card, at 4 times another cue's weight"),
                "\(light.reason)")
        // Counted as one cue among six the light is 0.28 off the lamp and the picture 6.8 ΔE00
        // off; at its weight 0.20 and 5.1.
        let lightError = light.distance(toLight: lamp)
        #expect(lightError < 0.24, "light \(lightError) off the lamp: \(light.reason)")
        let difference = try photo.pictureDifferences(scan.image).mean
        #expect(difference < 6, "mean ΔE00 \(difference)")
    }
}
