import Foundation
import Testing
@testable import InstantScan

/// A frame the picture finds yellower than its light but that is still taken as white says so in
/// `reason` (``FrameJudgement/ageingNote(frame:scene:ageing:)``): the call white balance cannot
/// make surely, told to the user whose yellowed print may have come out white.
@Suite struct AgeingNoteTests {
    let space = WorkingSpace(.srgb)
    var ageing: PaperAgeing { PaperAgeing(space: space) }

    /// A scene whose picture reads `picture` and whose surroundings read `surroundings`.
    func scene(picture: LightChroma, surroundings: LightChroma?) -> SceneLight {
        SceneLight(chroma: picture, agreeing: 3, cues: surroundings == nil ? 3 : 5, seesSurroundings: surroundings != nil,
                   picture: picture, surroundings: surroundings)
    }

    /// A frame `amount` typical ageings yellower than `light`.
    func frame(aged amount: Double, under light: LightChroma) -> LightChroma {
        light + ageing.chroma * amount
    }

    @Test func aFrameThePictureFindsBarelyYellowerSaysNothing() {
        let daylight = LightChroma(rg: 0.02, bg: 0.05)
        let note = FrameJudgement.ageingNote(frame: frame(aged: 0.2, under: daylight),
                                             scene: scene(picture: daylight, surroundings: daylight), ageing: ageing)
        #expect(note == nil)
    }

    @Test func aFrameUnderTheThresholdSaysHowMuchAndWhatItCosts() throws {
        let daylight = LightChroma(rg: 0.02, bg: 0.05)
        let note = try #require(FrameJudgement.ageingNote(frame: frame(aged: 0.5, under: daylight),
                                                          scene: scene(picture: daylight, surroundings: nil), ageing: ageing))
        #expect(note.contains("50 % of a typical ageing yellower"), "\(note)")
        #expect(note.contains("under the 62 %"), "\(note)")
        #expect(note.contains("picture comes out cold"), "\(note)")
    }

    @Test func aWarmerTableIsNamedWhenItVetoes() throws {
        let daylight = LightChroma(rg: 0.02, bg: 0.05)
        let aged = frame(aged: 0.8, under: daylight)
        // Wood: warmer than the frame by more than the picture finds it yellowed.
        let wood = frame(aged: 2.5, under: daylight)
        let vetoed = try #require(FrameJudgement.ageingNote(frame: aged, scene: scene(picture: daylight, surroundings: wood),
                                                            ageing: ageing))
        #expect(vetoed.contains("surroundings are warmer than the frame"), "\(vetoed)")
        // A neutral table does not veto: the frame was refused for something else.
        let other = try #require(FrameJudgement.ageingNote(frame: aged, scene: scene(picture: daylight, surroundings: daylight),
                                                           ageing: ageing))
        #expect(!other.contains("surroundings"), "\(other)")
        #expect(other.contains("no aged paper"), "\(other)")
    }

    /// A frame with a faint cream tint (a third of a typical ageing) under daylight the phone
    /// balanced, on a grey tablecloth: too little to tell from a white frame under a lamp the
    /// picture reads cooler (its greys peak under the half ageing that
    /// ``FrameJudgement/greyAgeing(of:greys:ageing:)`` needs), so it is taken as white, and
    /// `reason` says what the picture found. (Half an ageing is told by the greys:
    /// ``GreyWitnessTests/aCreamFrameIsToldByThePicturesGreys()``.)
    @Test func aCreamFrameTakenAsWhiteSaysWhatThePictureFound() throws {
        let paper = FramedPrintPhoto.paper
        let tint = ageing.logLevels.map { exp(0.3 * $0) }
        let photo = FramedPrintPhoto(frame: .colour(tint.map { $0 * paper }))
        let print = try #require(try photo.scan(light: FramedPrintPhoto.neutral))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .frame, "\(light.reason)")
        #expect(light.reason.hasPrefix("white frame: the picture finds it"), "\(light.reason)")
        #expect(light.reason.contains("of a typical ageing yellower than its light"), "\(light.reason)")
    }

    @Test func aWhiteFrameUnderALampSaysNothingOfAgeing() throws {
        let photo = FramedPrintPhoto(frame: .white)
        let print = try #require(try photo.scan(light: FramedPrintPhoto.warmLamp))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .frame, "\(light.reason)")
        #expect(!light.reason.contains("ageing"), "\(light.reason)")
    }
}
