import Foundation
import Testing
@testable import InstantScan

/// White balance when the frame is not white: each kind of frame is judged against the picture
/// and the surface around the card, and the light is taken from what can be trusted.
@Suite struct FrameKindWhiteBalanceTests {
    func corrected(_ photo: FramedPrintPhoto, light: [Double]) throws -> (print: ScannedPrint, differences: [Double]) {
        let print = try #require(try photo.scan(light: light))
        return (print, try photo.pictureDifferences(print.image))
    }

    @Test func aWhiteFrameUnderAWarmLampIsTheReference() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .white), light: FramedPrintPhoto.warmLamp)
        #expect(print.whiteBalance?.light.source == .frame)
        #expect(print.whiteBalance?.light.reason.contains("white frame") == true)
        // The lamp leaves blue a third of its range: 8-bit quantisation and JPEG cost a little.
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
    }

    @Test func aGreenTubeThatClipsTheFramesRedIsCompletedFromThePicturesGreys() throws {
        // A fluorescent tube: less red than a lamp on the Planckian locus with its blue (R/G 1.34
        // where the locus has about 1.47). Red clips on the frame, so the frame gives green and
        // blue only; completed on the locus alone the picture would come out cyan.
        let tube = [1.30, 0.97, 0.60]
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .white), light: tube)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .frame)
        #expect(light.channels[0] == .locus)
        #expect(light.reason.contains("greener"), "\(light.reason)")
        let redGreen = light.lightColor[0] / light.lightColor[1]
        let onLocus = exp(PlanckianLocus(space: WorkingSpace(.srgb)).completing([0, 0, log(0.60 / 0.97)], missing: 0)[0])
        // Taken down from the locus towards the tube's, never past it.
        #expect(redGreen < onLocus - 0.03, "R/G \(redGreen), locus \(onLocus)")
        #expect(redGreen > 1.30 / 0.97 - 0.03, "R/G \(redGreen)")
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
    }

    @Test func aYellowedFrameUnderNeutralLightKeepsItsColourAndThePictureStaysNeutral() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .yellowed), light: FramedPrintPhoto.neutral)
        let report = try #require(print.whiteBalance)
        #expect(report.light.source == .agedFrame)
        #expect(report.light.reason.contains("yellowed"), "\(report.light.reason)")
        // Nothing to correct: the picture stays as it was, and the frame stays yellow.
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
        #expect((report.correctedFrameChroma ?? 0) > 15, "frame C*ab \(report.correctedFrameChroma ?? 0)")
        // Taken as white paper under a warm lamp, the picture would come out cold: the check has teeth.
        var asWhite = report.light
        asWhite.field.logLevels = [0.78, 0.66, 0.40].map { log($0) }
        asWhite.whiteLevel = FramedPrintPhoto.paper
        let photo = FramedPrintPhoto(frame: .yellowed)
        let (jpeg, corners) = try photo.photo(light: FramedPrintPhoto.neutral)
        var options = ScanOptions()
        options.format = photo.format
        options.outputSize = .exact(PixelSize(width: photo.width, height: photo.height))
        let wrong = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners, light: asWhite).prints.first)
        #expect(try photo.pictureDifferences(wrong.image).mean > 4)
    }

    @Test func aYellowedFrameUnderAWarmLampIsToldFromAWhiteOne() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .yellowed), light: FramedPrintPhoto.warmLamp)
        #expect(print.whiteBalance?.light.source == .agedFrame)
        #expect(differences.mean < 3, "mean ΔE00 \(differences.mean)")
    }

    @Test func aSaturatedColouredFrameIsNotTakenForALight() throws {
        // Olive yellow: as white paper it would imply a light with a tenfold blue gain.
        let photo = FramedPrintPhoto(frame: .colour([0.30, 0.25, 0.03]))
        let (print, differences) = try corrected(photo, light: FramedPrintPhoto.warmLamp)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .surroundings)
        #expect(light.reason.contains("coloured"), "\(light.reason)")
        let gains = light.gains
        #expect(gains.max()! / gains.min()! < 5, "gains \(gains)")
        #expect(differences.mean < 3, "mean ΔE00 \(differences.mean)")
    }

    @Test func aPictureOfOneColourIsOutvotedByANeutralTableWhenTheyDisagree() throws {
        // Purple flowers in a coloured frame under light the phone balanced: the picture's own
        // statistics read a cold, magenta light; the grey tablecloth reads none.
        var photo = FramedPrintPhoto(frame: .colour([0.30, 0.25, 0.03]))
        photo.patches = [[0.40, 0.05, 0.45], [0.25, 0.04, 0.50], [0.50, 0.15, 0.60], [0.15, 0.03, 0.30],
                         [0.35, 0.10, 0.65], [0.55, 0.25, 0.70]]
        let (print, differences) = try corrected(photo, light: FramedPrintPhoto.neutral)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .surroundings)
        #expect(light.reason.contains("disagree"), "\(light.reason) gains \(light.gains)")
        #expect(light.gains.max()! / light.gains.min()! < 1.1, "gains \(light.gains)")
        #expect(differences.mean < 1.5, "mean ΔE00 \(differences.mean)")
    }

    @Test func anAmberFrameDarkerThanPaperIsColouredWhenTheWitnessesDisagreeAboutTheLight() throws {
        // An amber edition under a warm lamp on a bluish slate: warmer than the light the picture
        // shows and than the one the slate shows, though those two disagree by more than their
        // agreement allows. Darker than paper beside the picture's whites, it is no paper, and
        // taken for the lamp's white it would turn the picture blue.
        var photo = FramedPrintPhoto(frame: .colour([0.36, 0.30, 0.15]))
        photo.table = [0.80, 0.95, 1.25]
        let (print, differences) = try corrected(photo, light: FramedPrintPhoto.warmLamp)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source != .frame, "\(light.reason)")
        #expect(light.reason.contains("coloured frame"), "\(light.reason)")
        #expect(differences.mean < 5, "mean ΔE00 \(differences.mean)")
    }

    @Test func aPatternedFrameIsNotTakenForALight() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .pattern), light: FramedPrintPhoto.warmLamp)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .surroundings)
        #expect(light.reason.contains("patterned"), "\(light.reason)")
        #expect(differences.mean < 3, "mean ΔE00 \(differences.mean)")
    }

    /// A pattern of dark colours is darker than the picture's highlights, as a black edition is,
    /// but its colour is no light's and its lightness no black edition's: it must not set the
    /// exposure (taken for a black frame, the picture came out about a third too dark) nor the
    /// falloff.
    @Test func aDarkPatternedFrameIsNotTakenForABlackOne() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .darkPattern), light: FramedPrintPhoto.neutral)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source != .darkFrame, "\(light.reason)")
        #expect(light.reason.contains("patterned"), "\(light.reason)")
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
    }

    /// A 600 px photo of a print with `frame`; `noisy`: high ISO noise (12 codes) and strong JPEG
    /// (quality 62), as a phone's dim photo.
    static func smallPhoto(_ frame: FramedPrintPhoto.Frame, noisy: Bool = false) -> FramedPrintPhoto {
        var photo = FramedPrintPhoto(frame: frame)
        photo.width = 600
        photo.margin = (x: 180, y: 160)
        if noisy {
            photo.noise = 12
            photo.quality = 62
        }
        return photo
    }

    /// A black frame in a dim photo (a third of the light, high ISO noise, strong JPEG): near code
    /// 26 the noise scatters its samples' colours as a pattern's bands would (28 % of them far
    /// from the median, as on the novel scenes' dim photos), but it averages out over a few
    /// millimetres and bands do not. Read as a pattern, the frame gave neither the light nor the
    /// exposure. (Noise of 12 codes: this encoder keeps less of it in the chroma than the novel
    /// scenes' encoder does of their 9.)
    @Test func aBlackFrameInADimNoisyPhotoIsNoPattern() throws {
        let print = try #require(try Self.smallPhoto(.black, noisy: true).scan(light: FramedPrintPhoto.neutral.map { $0 * 0.3 }))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .darkFrame, "\(light.reason)")
        #expect(!light.reason.contains("patterned"), "\(light.reason)")
    }

    /// A black frame at a quarter of the light (linear 0.009, code 24): its colour is still read
    /// from thousands of samples, and it still gives the light and part of the exposure.
    @Test func aBlackFrameTwoStopsUnderIsStillRead() throws {
        let print = try #require(try Self.smallPhoto(.black).scan(light: FramedPrintPhoto.neutral.map { $0 * 0.26 }))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .darkFrame, "\(light.reason)")
    }

    /// The same dim, noisy photo of a dark patterned frame: its bands survive the averaging.
    @Test func aDarkPatternInADimNoisyPhotoIsStillAPattern() throws {
        let print = try #require(try Self.smallPhoto(.darkPattern, noisy: true).scan(light: FramedPrintPhoto.neutral.map { $0 * 0.3 }))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.reason.contains("patterned"), "\(light.reason)")
    }

    /// A thumb on a black frame is far from its colour but no pattern (it is far brighter): the
    /// frame still gives the light.
    @Test func aThumbOnABlackFrameIsNoPattern() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .blackUnderThumb), light: FramedPrintPhoto.warmLamp)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .darkFrame, "\(light.reason)")
        #expect(differences.mean < 2.5, "mean ΔE00 \(differences.mean)")
    }

    @Test func aBlackFrameGivesTheLightsColourWhenThePictureAgrees() throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .black), light: FramedPrintPhoto.warmLamp)
        #expect(print.whiteBalance?.light.source == .darkFrame)
        #expect(differences.mean < 2.5, "mean ΔE00 \(differences.mean)")
    }

    /// A blue-black edition (B/G 1.14, a tint the eye hardly sees at L* 22) under a warm lamp, the
    /// picture and the table neutral under it: trusted alone, the frame's tint became the light's
    /// and the picture came out yellow by all of it (0.13 in log B/G). Pooled with the cues that
    /// agree with it, along the locus, the light is nearer the lamp.
    @Test func aTintedBlackFrameIsOneCueAmongThoseThatAgreeWithIt() throws {
        let tint = [0.033, 0.035, 0.040]
        let (print, _) = try corrected(FramedPrintPhoto(frame: .tintedBlack(tint)), light: FramedPrintPhoto.warmLamp)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .darkFrame, "\(light.reason)")
        #expect(light.reason.contains("pooled"), "\(light.reason)")
        let lamp = FramedPrintPhoto.warmLamp
        let frame = (0..<3).map { lamp[$0] * tint[$0] }
        func chroma(_ rgb: [Double]) -> LightChroma { LightChroma(rgb: rgb)! }
        let miss = chroma(light.lightColor).distance(to: chroma(lamp))
        let frameMiss = chroma(frame).distance(to: chroma(lamp))
        #expect(miss < 0.7 * frameMiss, "light misses the lamp by \(miss), the frame alone by \(frameMiss)")
    }

    /// A night picture in a black frame (a lit window on a dark street): most of the picture is
    /// darker than the frame, so its 90th percentile does not tell the frame from paper; but the
    /// window is dye on paper, and paper is the lightest thing on a print. Taken for white paper,
    /// the frame set the exposure about twenty times too bright.
    @Test func aBlackFrameAroundANightPictureIsNotTakenForPaper() throws {
        var photo = FramedPrintPhoto(frame: .black)
        // One patch in sixteen lit (above the 90th percentile, below the 99th), the rest night.
        photo.patches = [[0.78, 0.70, 0.52]] + (1..<16).map { i in
            let level = 0.012 + 0.003 * Double(i)
            return [level, level * 1.02, level * 1.15]
        }
        let (print, differences) = try corrected(photo, light: FramedPrintPhoto.warmLamp)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .darkFrame, "\(light.reason)")
        #expect(luminanceGain(light) < 2, "gains \(light.gains)")
        #expect(differences.mean < 3, "mean ΔE00 \(differences.mean)")
    }

    /// A black-framed print on a dark table, which the phone exposed a third too bright: the
    /// black frame, whose lightness is roughly known, brings the picture half-way back.
    @Test func aBlackFrameTempersAnOverexposedPhoto() throws {
        let bright = FramedPrintPhoto.warmLamp.map { $0 * 1.35 }
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .black), light: bright)
        #expect(print.whiteBalance?.light.source == .darkFrame)
        // Left at the phone's exposure, as before, the picture scored mean ΔE00 6.4 here.
        #expect(differences.mean < 3.5, "mean ΔE00 \(differences.mean)")
        let gains = try #require(print.whiteBalance?.light.gains)
        let luminanceGain = 0.2126 * gains[0] + 0.7152 * gains[1] + 0.0722 * gains[2]
        #expect(luminanceGain < 0.95, "gains \(gains)")
    }

    /// The luminance gain of `light`'s correction at the card's centre.
    func luminanceGain(_ light: LightEstimate) -> Double {
        let gains = light.gains
        return 0.2126 * gains[0] + 0.7152 * gains[1] + 0.0722 * gains[2]
    }

    /// `photo` under `light` scanned with `given` divided out instead of an estimate.
    func scanned(_ photo: FramedPrintPhoto, light: [Double], given: LightEstimate) throws -> [Double] {
        let (jpeg, corners) = try photo.photo(light: light)
        var options = ScanOptions()
        options.format = photo.format
        options.outputSize = .exact(PixelSize(width: photo.width, height: photo.height))
        let print = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners, light: given).prints.first)
        return try photo.pictureDifferences(print.image)
    }

    /// A pastel frame (dye on paper: no channel above white paper) that the phone exposed a third
    /// too bright comes out brighter than paper in green at the photo's exposure: the exposure
    /// comes down until it does not.
    @Test func aPastelFrameBrighterThanPaperBringsTheExposureDown() throws {
        let photo = FramedPrintPhoto(frame: .colour([0.45, 0.70, 0.40]))
        let bright = FramedPrintPhoto.neutral.map { $0 * 1.3 }
        let (print, differences) = try corrected(photo, light: bright)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .surroundings, "\(light.reason)")
        #expect(light.reason.contains("so that the frame comes out no brighter than white paper"), "\(light.reason)")
        // Green at 0.70 × 1.3 = 0.91 is brought to paper white (0.83): about 9 % down, never
        // below what the frame allows.
        #expect(luminanceGain(light) < 0.95 && luminanceGain(light) > 0.88, "gains \(light.gains)")
        var kept = light
        kept.whiteLevel = 1
        let atPhotoExposure = try scanned(photo, light: bright, given: kept)
        #expect(differences.mean < atPhotoExposure.mean - 0.5, "mean ΔE00 \(differences.mean) against \(atPhotoExposure.mean)")
    }

    /// A patterned print on a white sheet, the photo exposed a third too bright so that the sheet
    /// clipped: the sheet is at least as bright as white paper, so the exposure comes down to
    /// put it there.
    @Test func aWhiteSheetAroundTheCardBringsTheExposureDown() throws {
        var photo = FramedPrintPhoto(frame: .pattern)
        photo.table = [2.8, 2.8, 2.8]
        let bright = FramedPrintPhoto.neutral.map { $0 * 1.3 }
        let (print, differences) = try corrected(photo, light: bright)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.reason.contains("patterned"), "\(light.reason)")
        #expect(light.reason.contains("so that the surroundings come out no brighter than white paper"), "\(light.reason)")
        #expect(luminanceGain(light) < 0.92, "gains \(light.gains)")
        var kept = light
        kept.whiteLevel = 1
        let atPhotoExposure = try scanned(photo, light: bright, given: kept)
        #expect(differences.mean < atPhotoExposure.mean - 1, "mean ΔE00 \(differences.mean) against \(atPhotoExposure.mean)")
    }

    /// Behind a print held up, the "surroundings" may be a window or a sky: a light, clipped, and
    /// under a lamp's correction brighter still. They lower the exposure no more than a white
    /// sheet that clipped could.
    @Test func aBrightWindowBehindTheCardLowersTheExposureOnlySoFar() throws {
        var photo = FramedPrintPhoto(frame: .pattern)
        photo.table = [6, 6, 6]
        let (print, _) = try corrected(photo, light: FramedPrintPhoto.warmLamp)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.reason.contains("so that the surroundings come out no brighter than white paper"), "\(light.reason)")
        let lowered = try #require(light.reason.firstMatch(of: /exposure lowered (\d+) %/)?.1).description
        #expect(try #require(Int(lowered)) <= 25, "\(light.reason)")
    }

    /// A frame and a table darker than paper say nothing about how much darker: the photo's
    /// exposure stands.
    @Test func aDarkerFrameAndTableKeepThePhotosExposure() throws {
        let (print, _) = try corrected(FramedPrintPhoto(frame: .colour([0.30, 0.25, 0.03])), light: FramedPrintPhoto.neutral)
        let light = try #require(print.whiteBalance?.light)
        #expect(!light.reason.contains("exposure lowered"), "\(light.reason)")
        #expect(abs(luminanceGain(light) - 1) < 0.05, "gains \(light.gains)")
    }

    /// A patterned print the phone exposed 40 % too dark (it metered a bright scene): neither the
    /// frame nor the table says how dark, but the picture's white, pressed into the film's own
    /// white as instant film presses a scene's highlights, comes out far below paper white. The
    /// exposure comes up until it is near it, part of the way back.
    @Test func aPictureWhoseHighlightsAreFarBelowPaperBringsTheExposureUp() throws {
        let photo = FramedPrintPhoto(frame: .pattern)
        let dark = FramedPrintPhoto.neutral.map { $0 * 0.6 }
        let (print, differences) = try corrected(photo, light: dark)
        let light = try #require(print.whiteBalance?.light)
        #expect(light.reason.contains("patterned"), "\(light.reason)")
        #expect(light.reason.contains("so that the picture's highlights come out near the film's white"), "\(light.reason)")
        // The picture's white (0.80) at 0.6 is brought to 0.8 of paper white: about 38 % up.
        #expect(luminanceGain(light) > 1.3 && luminanceGain(light) < 1.5, "gains \(light.gains)")
        var kept = light
        kept.whiteLevel = 1
        let atPhotoExposure = try scanned(photo, light: dark, given: kept)
        #expect(differences.mean < atPhotoExposure.mean - 3, "mean ΔE00 \(differences.mean) against \(atPhotoExposure.mean)")
    }

    /// A picture with no highlight at all (a low-key scene) is raised by at most half: the floor
    /// is a prior about pictures, not a measurement.
    @Test func aPictureWithoutHighlightsIsRaisedOnlySoFar() throws {
        var photo = FramedPrintPhoto(frame: .pattern)
        photo.patches = FramedPrintPhoto.palette.map { $0.map { $0 * 0.25 } }
        let (print, _) = try corrected(photo, light: FramedPrintPhoto.neutral)
        let light = try #require(print.whiteBalance?.light)
        let raised = try #require(light.reason.firstMatch(of: /exposure raised (\d+) %/)?.1).description
        #expect(try #require(Int(raised)) <= 50, "\(light.reason)")
    }

    @Test func aBatchPrefersItsWhiteFramedPhotosAsReferences() throws {
        var estimates: [LightEstimate] = []
        for frame in [FramedPrintPhoto.Frame.yellowed, .white, .pattern] {
            let photo = FramedPrintPhoto(frame: frame)
            let (jpeg, corners) = try photo.photo(light: FramedPrintPhoto.warmLamp)
            var options = ScanOptions()
            options.format = photo.format
            estimates += try PrintScanner(options: options).estimateLight(jpeg, corners: corners)
        }
        #expect(estimates.map(\.source) == [.agedFrame, .frame, .surroundings])
        let shared = LightEstimate.combined(estimates)
        #expect(shared.source == .frame)
        #expect(shared.field.logLevels == estimates[1].field.logLevels)
        #expect(shared.reason.contains("3 photos"), "\(shared.reason)")
    }

    /// A print filling the photo shows no surface around it: the picture alone tells a yellowed
    /// frame from a white one, and the frame less its ageing is the light.
    @Test func aYellowedFrameWithNothingAroundItIsToldByThePicture() throws {
        var photo = FramedPrintPhoto(frame: .yellowed)
        photo.margin = (x: 0, y: 0)
        let (print, differences) = try corrected(photo, light: FramedPrintPhoto.neutral)
        let report = try #require(print.whiteBalance)
        #expect(report.light.source == .agedFrame, "\(report.light.reason)")
        #expect(differences.mean < 2.5, "mean ΔE00 \(differences.mean)")
        #expect((report.correctedFrameChroma ?? 0) > 15, "frame C*ab \(report.correctedFrameChroma ?? 0)")
    }

    /// A white frame under tungsten with a picture that reads the lamp cooler than it is (the
    /// public scene that regressed: purple flowers) on a table warmer than the frame: the table
    /// takes away the picture's word. Without a table, or with a neutral one, the picture decides.
    @Test func aWarmerTableSpeaksAgainstAYellowedFrame() throws {
        let space = WorkingSpace(.srgb)
        let ageing = PaperAgeing(space: space)
        let lamp = LightChroma(rg: 0.6, bg: -1.0)
        let frame = lamp + ageing.chroma * 1.3
        func scene(_ surroundings: LightChroma?) -> SceneLight {
            SceneLight(chroma: lamp, agreeing: 2, cues: 2, seesSurroundings: surroundings != nil,
                       picture: lamp, surroundings: surroundings)
        }
        let alone = try #require(FrameJudgement.ageing(of: frame, scene: scene(nil), ageing: ageing))
        #expect(abs(alone - (2 + 1.3) / 3) < 1e-9, "pulled towards the typical amount: \(alone)")
        #expect(FrameJudgement.ageing(of: frame, scene: scene(lamp), ageing: ageing) != nil)
        let warmTable = frame + ageing.chroma * 0.75
        #expect(FrameJudgement.ageing(of: frame, scene: scene(warmTable), ageing: ageing) == nil)
        // A frame as warm as the lamp is white paper.
        #expect(FrameJudgement.ageing(of: lamp, scene: scene(nil), ageing: ageing) == nil)
        // Far past any ageing, the amount stays within what paper does.
        let ochre = try #require(FrameJudgement.ageing(of: lamp + ageing.chroma * 9, scene: scene(nil), ageing: ageing))
        #expect(ochre == PaperAgeing.amounts.upperBound)
    }

    /// The typical ageing turns blue down most, green a little, red not at all; dividing it out
    /// of a frame aged by that much gives the light back.
    @Test func paperAgeingIsBlueDownMostAndUndoesItself() {
        let ageing = PaperAgeing(space: WorkingSpace(.srgb))
        #expect(ageing.logLevels[0] == 0)
        #expect(ageing.logLevels[2] < ageing.logLevels[1] && ageing.logLevels[1] < 0, "\(ageing.logLevels)")
        let light = [log(1.3), log(0.9), log(0.5)]
        let frame = (0..<3).map { light[$0] + 0.8 * ageing.logLevels[$0] }
        let back = ageing.light(frameLevels: frame, amount: 0.8)
        #expect(zip(back, light).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(abs(ageing.amount(frame: LightChroma(rgb: frame.map { exp($0) })!,
                                  light: LightChroma(rgb: light.map { exp($0) })!) - 0.8) < 1e-9)
    }

    /// Lilac and pink editions sit close enough to the Planckian locus to pass for a light, but
    /// on its magenta side, where no lamp is, and magenta of the light the picture and the grey
    /// table show: taken for white paper (as they were), the picture took on the frame's tint
    /// (mean ΔE00 of the picture 14.6 for lilac under neutral light, 14.3 under the lamp, 11.7 for pink).
    @Test(arguments: [("lilac", [0.55, 0.48, 0.72], FramedPrintPhoto.neutral),
                      ("lilac", [0.55, 0.48, 0.72], FramedPrintPhoto.warmLamp),
                      ("pink", [0.80, 0.55, 0.62], FramedPrintPhoto.neutral)])
    func aPalePinkishFrameIsNotTakenForWhitePaper(name: String, dye: [Double], light: [Double]) throws {
        let (print, differences) = try corrected(FramedPrintPhoto(frame: .colour(dye)), light: light)
        let estimate = try #require(print.whiteBalance?.light)
        #expect(estimate.source == .surroundings, "\(name): \(estimate.reason)")
        #expect(estimate.reason.contains("magenta side"), "\(name): \(estimate.reason)")
        #expect(differences.mean < 2, "\(name): mean ΔE00 \(differences.mean)")
    }

    /// The magenta witness needs the frame both below the locus and below the light every
    /// witness shows: a light the phone left pinkish tints the picture and the table as well.
    @Test func aFrameIsMagentaOnlyBelowTheLocusAndBelowEveryWitness() throws {
        let space = WorkingSpace(.srgb)
        let lilac = try #require(LightChroma(rgb: [0.55, 0.48, 0.72]))
        let neutral = LightChroma(rg: 0, bg: 0)
        func scene(picture: LightChroma?, surroundings: LightChroma?) -> SceneLight {
            SceneLight(chroma: picture ?? surroundings ?? neutral, agreeing: 2, cues: 2, seesSurroundings: surroundings != nil,
                       picture: picture, surroundings: surroundings)
        }
        let shift = try #require(FrameJudgement.magentaShift(lilac, scene: scene(picture: neutral, surroundings: neutral), space: space))
        #expect(shift.frame < -0.009 && shift.apart > 0.009, "\(shift)")
        #expect(FrameJudgement.magentaShift(lilac, scene: scene(picture: neutral, surroundings: nil), space: space) != nil)
        // The table as pinkish as the frame: a pinkish light, not a lilac frame.
        #expect(FrameJudgement.magentaShift(lilac, scene: scene(picture: neutral, surroundings: lilac), space: space) == nil)
        // No witness, no call; and white paper under neutral light is no magenta frame.
        #expect(FrameJudgement.magentaShift(lilac, scene: scene(picture: nil, surroundings: nil), space: space) == nil)
        #expect(FrameJudgement.magentaShift(neutral, scene: scene(picture: neutral, surroundings: neutral), space: space) == nil)
    }

    /// A frame along the locus from the pooled light is an edition warmer than any paper only
    /// when the picture and the surroundings both find it warmer (a cool picture alone, a sky or
    /// a sea, does not tell).
    @Test func aFrameIsWarmerThanTheLightOnlyWhenThePictureAndTheSurroundingsBothSaySo() throws {        let locus = PlanckianLocus(space: WorkingSpace(.srgb))
        let lamp = locus.nearest(to: LightChroma(rg: 0.6, bg: -1.2))
        let warmer = lamp.point + lamp.warmward * 0.5
        func scene(picture: LightChroma, surroundings: LightChroma?) -> SceneLight {
            SceneLight(chroma: picture, agreeing: 2, cues: 2, seesSurroundings: surroundings != nil,
                       picture: picture, surroundings: surroundings)
        }
        let agreeing = scene(picture: lamp.point, surroundings: lamp.point)
        #expect(FrameJudgement.bothFindWarmer(warmer, scene: agreeing, locus: locus))
        // The table shows the frame's own warmth: the frame is the lamp's white.
        #expect(!FrameJudgement.bothFindWarmer(warmer, scene: scene(picture: lamp.point, surroundings: warmer), locus: locus))
        // Nothing around the card to confirm the picture.
        #expect(!FrameJudgement.bothFindWarmer(warmer, scene: scene(picture: lamp.point, surroundings: nil), locus: locus))
        // A frame no warmer than the scene.
        #expect(!FrameJudgement.bothFindWarmer(lamp.point, scene: agreeing, locus: locus))
        // Witnesses apart by more than their agreement: a frame darker than paper is still
        // warmer than both; one as bright as paper is not called on their word.
        let apart = scene(picture: lamp.point, surroundings: lamp.point - lamp.warmward * 0.3)
        #expect(!FrameJudgement.bothFindWarmer(warmer, scene: apart, locus: locus))
        #expect(FrameJudgement.bothFindWarmer(warmer, scene: apart, locus: locus, darkerThanPaper: true))
        #expect(!FrameJudgement.bothFindWarmer(lamp.point, scene: apart, locus: locus, darkerThanPaper: true))
    }
}
