import Foundation
import Testing
@testable import InstantScan

/// A bold caption on the thick bottom border is writing, not a pattern: a frame whose thin sides
/// are plain keeps its word as a reference (white) or its falloff (coloured).
@Suite struct CaptionedFrameTests {
    @Test func aBoldCaptionSpreadsTheFrameLikeAPattern() throws {
        // The check has teeth: on the whole frame the caption alone passes the pattern share.
        var photo = FramedPrintPhoto(frame: .white)
        photo.caption = true
        let card = try photo.neutralCard()
        let samples = FrameSamples(card: card, format: photo.format)
        #expect(FrameJudgement.farShare(samples) > FrameJudgement.patternShare, "\(FrameJudgement.farShare(samples))")
        let bottom = photo.format.normalizedWindow.corners[2].y
        #expect(FrameJudgement.isCaptioned(samples, windowBottom: bottom))
    }

    /// Under a light that leaves the paper unclipped (under the warm lamp the paper's red clips
    /// and the ink is most of what can be read: no spread to speak of).
    @Test func aWhiteFrameWithABoldCaptionIsStillTheReference() throws {
        var photo = FramedPrintPhoto(frame: .white)
        photo.caption = true
        let print = try #require(try photo.scan(light: [1.05, 0.97, 0.80]))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .frame, "\(light.reason)")
        #expect(!light.reason.contains("patterned"), "\(light.reason)")
        let differences = try photo.pictureDifferences(print.image)
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
    }

    @Test func aColouredFrameWithABoldCaptionIsColouredNotPatterned() throws {
        // A light pink, bright enough beside the picture not to be read as a dark edition.
        var photo = FramedPrintPhoto(frame: .colour([0.85, 0.42, 0.70]))
        photo.caption = true
        let print = try #require(try photo.scan(light: FramedPrintPhoto.neutral))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .surroundings, "\(light.reason)")
        #expect(light.reason.contains("coloured"), "\(light.reason)")
        let differences = try photo.pictureDifferences(print.image)
        #expect(differences.mean < 3, "mean ΔE00 \(differences.mean)")
    }

    @Test func aPatternAllRoundIsStillAPatternWithOrWithoutACaption() throws {
        for caption in [false, true] {
            var photo = FramedPrintPhoto(frame: .pattern)
            photo.caption = caption
            let card = try photo.neutralCard()
            let samples = FrameSamples(card: card, format: photo.format)
            #expect(!FrameJudgement.isCaptioned(samples, windowBottom: photo.format.normalizedWindow.corners[2].y))
            let print = try #require(try photo.scan(light: FramedPrintPhoto.warmLamp))
            #expect(print.whiteBalance?.light.reason.contains("patterned") == true, "\(print.whiteBalance?.light.reason ?? "")")
        }
    }

    /// A motif printed over most of the thick border (an edition's design, not writing) gives
    /// that border another main colour than the sides: still a pattern.
    @Test func aBorderOfAnotherColourThanTheSidesIsNoCaption() throws {
        var photo = FramedPrintPhoto(frame: .white)
        photo.caption = true
        let card = try photo.neutralCard()
        let bottom = photo.format.normalizedWindow.corners[2].y
        let full = FrameSamples(card: card, format: photo.format)
        // Recolour the thick border's samples wholesale: a border of green under plain white sides.
        var samples = FrameSamples(full, keeping: { _ in true })
        for i in 0..<samples.count where samples.v[i] >= bottom {
            samples.codes[0][i] = 60
            samples.codes[1][i] = 160
            samples.codes[2][i] = 70
        }
        #expect(!FrameJudgement.isCaptioned(samples, windowBottom: bottom))
    }
}
