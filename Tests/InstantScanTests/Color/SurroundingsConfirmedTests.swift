import Foundation
import Testing
@testable import InstantScan

/// When the picture and its surroundings read lights far apart, the surroundings win if the band
/// around the card and the whole photo beyond it read the same light (``SceneLight/surroundingsConfirmed``),
/// even when the picture's reading is the nearer neutral.
@Suite struct SurroundingsConfirmedTests {
    /// A picture of sea and sky (blues only) in a red frame on a placemat of `placemat`'s colour,
    /// a patchwork tablecloth beyond.
    static func seaAndSky(placemat: [Double]) -> FramedPrintPhoto {
        var photo = FramedPrintPhoto(frame: .colour([0.55, 0.10, 0.08]))
        photo.patches = [[0.10, 0.30, 0.70], [0.05, 0.20, 0.50], [0.20, 0.45, 0.80], [0.08, 0.35, 0.60], [0.15, 0.25, 0.65]]
        photo.placemat = (colour: placemat, reach: 0.3)
        photo.patchwork = true
        photo.margin = (x: 450, y: 450)
        return photo
    }

    /// A picture of sea and sky (blues only) in a red frame on a grey placemat, a patchwork
    /// tablecloth beyond, under a warm lamp. The picture's cues read a light far bluer than the
    /// lamp, nearer neutral than the lamp; the placemat and the patchwork's edges both read the lamp.
    @Test func aBluePictureUnderALampIsCorrectedByTheSurroundingsWhenBandAndPhotoAgree() throws {
        let photo = Self.seaAndSky(placemat: [1, 1, 1])
        let lamp = FramedPrintPhoto.warmLamp
        let scan = try #require(try photo.scan(light: lamp))
        let light = try #require(scan.whiteBalance?.light)
        #expect(light.source == .surroundings, "\(light.reason)")
        #expect(light.reason.contains("the surroundings, as the band around the card and the whole photo agree"),
                "\(light.reason)")
        // The picture's own reading, taken as nearer neutral, would leave the scan far off.
        let lightError = light.distance(toLight: lamp)
        #expect(lightError < 0.15, "light \(lightError) off the lamp: \(light.reason)")
        let difference = try photo.pictureDifferences(scan.image).mean
        #expect(difference < 2, "mean ΔE00 \(difference)")
    }

    /// The same print on a blue placemat: the band reads the placemat's blue as much as the lamp,
    /// the photo beyond reads the lamp; the two disagree, nothing is confirmed, and the witness
    /// nearer neutral is taken as before.
    @Test func aBandThatDisagreesWithThePhotoConfirmsNothing() throws {
        let photo = Self.seaAndSky(placemat: [0.45, 0.60, 1.30])
        let scan = try #require(try photo.scan(light: FramedPrintPhoto.warmLamp))
        let light = try #require(scan.whiteBalance?.light)
        #expect(!light.reason.contains("as the band around the card and the whole photo agree"), "\(light.reason)")
        #expect(light.source == .picture, "\(light.reason)")
    }
}
