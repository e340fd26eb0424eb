import Foundation
import Testing
@testable import InstantScan

/// Frames that pass for white paper under some light, told apart by what the picture and the
/// surroundings show (issue 19): a yellowed frame whose red clipped, and pale cool editions.
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

    /// A pale sky-blue edition lies on the locus's green side, where fluorescent light does: as
    /// white paper it gave its picture an orange cast.
    @Test(arguments: [FramedPrintPhoto.neutral, FramedPrintPhoto.warmLamp])
    func aPaleSkyBlueFrameIsNotTakenForWhitePaper(light: [Double]) throws {
        let photo = FramedPrintPhoto(frame: .colour(FrameWitnessTests.paleSkyBlue))
        let print = try #require(try photo.scan(light: light))
        let estimate = try #require(print.whiteBalance?.light)
        #expect(estimate.source == .surroundings, "\(estimate.reason)")
        #expect(estimate.reason.contains("cooler"), "\(estimate.reason)")
        let differences = try photo.pictureDifferences(print.image)
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
    }

    /// Pale sky blue (sRGB about 200, 225, 240), linear.
    static let paleSkyBlue = [0.58, 0.75, 0.87]

    /// A white frame around a warm picture on a wooden table under daylight: both mean witnesses
    /// read a light warmer than the frame, but the picture's greys are grey under the frame.
    @Test func aWhiteFrameAroundAWarmPictureOnWoodStaysWhite() throws {
        var photo = FramedPrintPhoto(frame: .white)
        photo.table = [1.0, 0.72, 0.45]
        photo.patches = [[0.60, 0.38, 0.28], [0.55, 0.45, 0.08], [0.35, 0.22, 0.12], [0.70, 0.50, 0.35],
                         [0.40, 0.40, 0.40], [0.80, 0.80, 0.80], [0.50, 0.30, 0.15], [0.65, 0.45, 0.30]]
        let print = try #require(try photo.scan(light: FramedPrintPhoto.neutral))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .frame, "\(light.reason)")
        let differences = try photo.pictureDifferences(print.image)
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
    }
}
