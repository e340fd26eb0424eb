import Foundation
import Testing
@testable import InstantScan

/// A white frame is judged against the light a scan without it would use: when the picture and
/// its surroundings are in outright conflict, that is the witness nearer neutral, not the pooled
/// light the picture's more numerous cues pull their way (``FrameJudgement/agreesWithChosenWitness(_:scene:locus:)``).
@Suite struct ChosenWitnessTests {
    /// A greenish fluorescent tube after a phone's partial white balance (luminance about 1):
    /// the cast of the sample photo of three prints on a tablecloth.
    static let tube = [0.90, 1.05, 0.84]

    /// A white-framed print of purple flowers (one violet in shades) on a grey tablecloth.
    static let asters: FramedPrintPhoto = {
        var photo = FramedPrintPhoto(frame: .white)
        photo.patches = [0.3, 0.45, 0.6, 0.75, 0.9, 1.0].map { k in [0.45 * k, 0.26 * k, 0.95 * k] }
        return photo
    }()

    /// Scanned alone, the frame is far from the blue light the flowers read, but the table reads
    /// the tube, and the frame agrees with it: white paper, the reference, and the picture right.
    @Test func aWhiteFrameUnderATubeIsWhiteThoughItsPictureReadsBlue() throws {
        let photo = Self.asters
        let scan = try #require(try photo.scan(light: Self.tube))
        let light = try #require(scan.whiteBalance?.light)
        #expect(light.source == .frame, "\(light.reason)")
        #expect(light.reason.contains("they disagree, and it agrees with the one a scan without it would use"), "\(light.reason)")
        let lightError = light.distance(toLight: Self.tube)
        #expect(lightError < 0.05, "light \(lightError) off the tube: \(light.reason)")
        let difference = try photo.pictureDifferences(scan.image).mean
        #expect(difference < 1.5, "mean ΔE00 \(difference)")
    }

    /// The same picture in a mint frame under the same tube: far from the flowers' light and
    /// from the table's, it stays a coloured frame.
    @Test func aMintFrameStaysColoured() throws {
        var photo = Self.asters
        photo.frame = .colour([0.45, 0.75, 0.55])
        let scan = try #require(try photo.scan(light: Self.tube))
        let light = try #require(scan.whiteBalance?.light)
        #expect(light.source != .frame, "\(light.reason)")
    }
}
