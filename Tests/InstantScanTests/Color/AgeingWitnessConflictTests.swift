import Foundation
import Testing
@testable import InstantScan

/// A yellowed frame whose two witnesses of ageing, the picture and the surface around the card,
/// are in conflict (issue 19): the one further from a typical ageing counts less, or is left out,
/// rather than averaged in.
@Suite struct AgeingWitnessConflictTests {
    /// A picture of sea and sky: blues and cyans with no warm colour to balance them, so the
    /// picture reads the light far cooler than it is and the frame far yellower.
    static let seaAndSky: [[Double]] = [
        [0.04, 0.15, 0.70], [0.10, 0.30, 0.80], [0.02, 0.08, 0.35], [0.05, 0.25, 0.60],
        [0.15, 0.35, 0.85], [0.03, 0.10, 0.45], [0.08, 0.30, 0.65], [0.25, 0.45, 0.90],
    ]

    @Test func witnessesWithinTwiceTheirNoiseAreBothCounted() {
        #expect(PaperAgeing.outlier(picture: 1.06, surroundings: 0.2) == nil)
        // A table warmer than the frame reads as no ageing, and is still counted.
        #expect(PaperAgeing.outlier(picture: 0.9, surroundings: -0.5) == nil)
        #expect(PaperAgeing.outlier(picture: 2.0, surroundings: nil) == nil)
        #expect(abs(PaperAgeing.combinedAmount(picture: 0.9, surroundings: -0.5) - 2.9 / 4) < 1e-9)
    }

    @Test func ofWitnessesThriceTheirNoiseApartTheOneFurtherFromATypicalAgeingIsLeftOut() throws {
        let picture = try #require(PaperAgeing.outlier(picture: 2.0, surroundings: 0.35))
        #expect(picture.witness == .picture && picture.weight == 0)
        #expect(abs(PaperAgeing.combinedAmount(picture: 2.0, surroundings: 0.35) - 2.35 / 3) < 1e-9)
        let surroundings = try #require(PaperAgeing.outlier(picture: 0.9, surroundings: 2.6))
        #expect(surroundings.witness == .surroundings && surroundings.weight == 0)
        #expect(abs(PaperAgeing.combinedAmount(picture: 0.9, surroundings: 2.6) - 2.9 / 3) < 1e-9)
    }

    /// Between two and three standard deviations apart the further witness's weight falls
    /// steadily: a reading a little noisier does not flip the amount.
    @Test func betweenTwiceAndThriceTheNoiseTheFurtherWitnessCountsLess() throws {
        let apart = 2.5 * PaperAgeing.differenceNoise
        let outlier = try #require(PaperAgeing.outlier(picture: 0.5 + apart, surroundings: 0.5))
        #expect(outlier.witness == .picture)
        #expect(abs(outlier.weight - 0.5) < 1e-9)
        let expected = (2 + 0.5 * (0.5 + apart) + 0.5) / 3.5
        #expect(abs(PaperAgeing.combinedAmount(picture: 0.5 + apart, surroundings: 0.5) - expected) < 1e-9)
        // Nearer three deviations, it counts for less.
        let nearer = try #require(PaperAgeing.outlier(picture: 0.5 + 2.9 * PaperAgeing.differenceNoise, surroundings: 0.5))
        #expect(nearer.weight < outlier.weight)
    }

    /// Averaged in, the picture's word took too much ageing out: the light came out too blue and
    /// the picture too yellow.
    @Test func aYellowedFrameOnAPictureOfSeaAndSkyUnderALampKeepsTheTablesWord() throws {
        var photo = FramedPrintPhoto(frame: .yellowed)
        photo.patches = AgeingWitnessConflictTests.seaAndSky
        let print = try #require(try photo.scan(light: FramedPrintPhoto.warmLamp))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .agedFrame, "\(light.reason)")
        #expect(light.reason.contains("the picture's reading of its ageing left out"), "\(light.reason)")
        let differences = try photo.pictureDifferences(print.image)
        #expect(differences.mean < 2.5, "mean ΔE00 \(differences.mean)")
    }
}
