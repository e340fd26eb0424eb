import Foundation
import Testing
@testable import InstantScan

/// A yellowed frame read against what the picture shows (issue 19): where its red clipped, the
/// light's red is completed as a white frame's is.
@Suite struct FrameWitnessTests {
    /// A fluorescent tube (as in ``FrameKindWhiteBalanceTests``): less red than the locus has at
    /// its blue.
    static let tube = [1.30, 0.97, 0.60]

    /// Aged paper is brightest in red, so a yellowed frame clips red first; completed on the
    /// locus alone the light is the reddest usual one, and under a tube the picture came out cyan.
    @Test func aYellowedFrameWhoseRedClipsUnderAGreenTubeIsCompletedFromThePicturesGreys() throws {
        let photo = FramedPrintPhoto(frame: .yellowed)
        let print = try #require(try photo.scan(light: FrameWitnessTests.tube))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .agedFrame, "\(light.reason)")
        #expect(light.channels[0] == .locus)
        #expect(light.reason.contains("greener"), "\(light.reason)")
        let differences = try photo.pictureDifferences(print.image)
        #expect(differences.mean < 2.5, "mean ΔE00 \(differences.mean)")
    }
}
