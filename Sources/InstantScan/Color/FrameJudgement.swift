#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a print's frame can serve as the white reference, judged against what else the photo
/// shows: the spread of its colours, how bright it is beside the picture, whether the light it
/// implies is a light at all, and whether that light agrees with the picture and the surface
/// around the card (``SceneLight``).
///
/// A white frame under a warm lamp and a yellowed frame under daylight look alike on their own;
/// what tells them apart is the rest of the photo: under the lamp the picture and the table are
/// warm too, under daylight they are not, and the frame is warmer than everything else.
struct FrameJudgement {
    enum Verdict: Equatable {
        /// White paper: the frame gives colour, falloff and exposure.
        case white
        /// A black frame: colour and falloff, not exposure.
        case dark
        /// Paper yellowed with age by `amount` typical ageings (``PaperAgeing``): the frame less
        /// that ageing is the light, and its least-yellowed channel (red: yellowing absorbs blue
        /// first, then green) is still nearly the paper's white, which fixes the exposure.
        case yellowed(amount: Double)
        /// Not a reference (coloured, patterned or unreadable); `uniform` when its reflectance is
        /// the same all round, so that its falloff still holds.
        case notReference(uniform: Bool)
    }

    var verdict: Verdict
    /// Why, in words for the user (`scan --json`).
    var reason: String

    /// A frame with more than this share of its samples far from its median colour is patterned:
    /// a plain frame's outliers are a caption's strokes and the rim of a glare patch, a few percent.
    static let patternShare = 0.12
    /// How far (log-ratio units) a sample's colour must be from the median to count as far.
    static let patternDistance = 0.2
    /// For a dark frame, only samples within this factor of its main lightness show a pattern:
    /// glare and a thumb on a black frame are five to ten times brighter, a dark pattern's bands
    /// within a factor of two or so of each other.
    static let darkPatternLightness = 2.5
    /// Below this share of readable samples (neither clipped nor near black) the spread says
    /// nothing: what is left is captions and glare rims.
    static let readableShare = 0.25
    /// A frame whose colour lies further than this from the Planckian locus (Duv) is not white
    /// paper under some lamp: twice the distance of the greenest fluorescent tube or LED.
    static let offLocusLimit = 0.02
    /// The temperatures a light can have after a phone's own white balance.
    static let kelvins = 1900.0...13_000.0
    /// A frame is yellowed when the picture finds it at least this many typical ageings
    /// (``PaperAgeing``) yellower than the light it shows, less what a warmer table takes away
    /// (about b* 12). On the evaluation's scenes white frames reach 0.54 (a fluorescent scene on
    /// grass), 1.02 where a picture of purple flowers reads a lamp cooler than it is (its table,
    /// warmer than the frame, vetoes), and yellowed ones from 0.5 up: the threshold sits above
    /// every white frame seen, and a yellowed frame below it keeps the old behaviour (taken as
    /// white, its picture a little cold).
    static let yellowedEvidence = 0.62
    /// A witness finds a frame warmer than its light when it is warmer by more than this
    /// (log-ratio units along the locus, about 30 % more red than blue).
    static let warmerThanLight = 0.3
    /// Paper does not yellow further than this (log-ratio units, about C*ab 40): a frame warmer
    /// still is an ochre or olive edition.
    static let yellowedWarmthLimit = 1.2
    /// Aged paper is still paper: at least this bright beside the picture's 90th percentile
    /// (a white frame is at or above it; an ochre edition well below).
    static let paperBrightness = 0.8
    /// A frame warmer than the scene's light is yellowed only if it is not also this far off to
    /// the side (towards green or magenta): yellowing moves paper's colour along the warm
    /// direction, an olive or pink edition moves it across.
    static let yellowedAcross = 0.3
    /// A frame further than this from the scene's light in any direction is coloured.
    static let disagreement = 0.5
    /// A black frame's colour is read from low codes; further than this from the scene's light it
    /// is not used.
    static let darkDisagreement = 0.6

    /// Judges the frame whose fit is `fit` and samples `samples`; `windowBottom` is the picture
    /// window's lower edge (card-normalised: the thick border lies below it), `pictureBright` the
    /// picture's 90th-percentile luminance, `pictureHighlight` its 99th, `scene` the light without the frame, `greys` the
    /// picture's colours for the grey witness of ageing (``greyAgeing(of:greys:ageing:)``).
    init(fit: FrameLightFit, samples: FrameSamples, windowBottom: Double, pictureBright: Double, pictureHighlight: Double, scene: SceneLight?,
         greys: PictureGreys? = nil, space: WorkingSpace, locus: PlanckianLocus) {
        let paper = fit.field.logLevels.map { exp($0) }
        let spread = FrameJudgement.farShare(samples)
        func describe(_ light: LightChroma) -> String {
            let kelvin = locus.nearest(to: light).kelvin
            return "\(Int((kelvin / 100).rounded()) * 100) K"
        }
        let luminance = space.xyz(paper)[1]
        guard let frame = LightChroma(rgb: paper) else {
            verdict = .notReference(uniform: false)
            reason = "frame unreadable: light from the picture and its surroundings"
            return
        }
        if luminance < WhiteBalance.darkFrameRatio * pictureBright || luminance < WhiteBalance.darkFrameHighlightRatio * pictureHighlight {
            // A dark pattern (navy, bottle green, maroon) is no black edition: its colour is no
            // light's and its lightness unknown. Only samples about as light as the frame's
            // main colour count, since glare, a thumb or white print on a black frame are far
            // brighter and far in colour without being a pattern.
            // A dim photo's noise spreads a plain black frame's colours too; a pattern's bands
            // outlast averaging over a few millimetres, the noise does not.
            let darkSpread = FrameJudgement.farShare(samples, lightnessRatio: FrameJudgement.darkPatternLightness)
            if darkSpread > FrameJudgement.patternShare,
               FrameJudgement.cellFarShare(samples, lightnessRatio: FrameJudgement.darkPatternLightness) > FrameJudgement.patternShare {
                verdict = .notReference(uniform: false)
                reason = "dark patterned frame (\(FrameJudgement.percent(darkSpread)) of it far from its main colour): light from the picture and its surroundings"
                return
            }
            guard paper.allSatisfy({ $0 >= WhiteBalance.unreadableFrameLevel }), fit.evidence.allSatisfy({ $0 == .measured }) else {
                verdict = .notReference(uniform: true)
                reason = "dark frame too dark to read: light from the picture and its surroundings"
                return
            }
            if let scene, frame.distance(to: scene.chroma) > FrameJudgement.darkDisagreement {
                verdict = .notReference(uniform: true)
                reason = "dark frame's colour (\(describe(frame))) disagrees with the picture and its surroundings (\(describe(scene.chroma))): light from those"
                return
            }
            verdict = .dark
            reason = scene == nil ? "dark frame: colour and falloff of the light" : "dark frame, agreeing with the picture and its surroundings: colour and falloff of the light"
            return
        }
        // A bold caption spreads a plain frame as a pattern does, on its thick border only.
        if spread > FrameJudgement.patternShare, !FrameJudgement.isCaptioned(samples, windowBottom: windowBottom) {
            verdict = .notReference(uniform: false)
            reason = "patterned frame (\(FrameJudgement.percent(spread)) of it far from its main colour): light from the picture and its surroundings"
            return
        }
        if let xy = space.chromaticity(paper), let off = PlanckianLocus.distance(x: xy.x, y: xy.y),
           abs(off.duv) <= FrameJudgement.offLocusLimit, FrameJudgement.kelvins.contains(off.kelvin) {
            guard let scene else {
                verdict = .white
                reason = "white frame"
                return
            }
            let difference = frame - scene.chroma
            let warmth = difference.dot(locus.nearest(to: scene.chroma).warmward)
            let distance = difference.dot(difference).squareRoot()
            let across = max(distance * distance - warmth * warmth, 0).squareRoot()
            let ageing = PaperAgeing(space: space)
            if warmth <= FrameJudgement.yellowedWarmthLimit, across <= FrameJudgement.yellowedAcross,
               luminance >= FrameJudgement.paperBrightness * pictureBright, fit.evidence[1] == .measured, fit.evidence[2] == .measured,
               let amount = FrameJudgement.ageing(of: frame, scene: scene, ageing: ageing),
               FrameJudgement.pictureWordStands(frame, scene: scene, greys: greys, ageing: ageing) {
                verdict = .yellowed(amount: amount)
                let percent = Int((amount * 100).rounded())
                reason = "yellowed frame: yellower (\(describe(frame))) than the light the picture and its surroundings show (\(describe(scene.chroma))); the frame less \(percent) % of a typical ageing is the light, and keeps its colour"
                if let picture = scene.picture,
                   let left = PaperAgeing.outlier(picture: ageing.amount(frame: frame, light: picture),
                                                  surroundings: scene.surroundings.map { ageing.amount(frame: frame, light: $0) }) {
                    let counted = left.weight > 0 ? "counted at \(FrameJudgement.percent(left.weight))" : "left out"
                    reason += "; \(left.witness.rawValue) reading of its ageing \(counted), in conflict with the other's and further from a typical ageing"
                }
                return
            }
            // The mean-based witnesses too weak or vetoed by a warm table: the picture's greys
            // can still tell, when the frame's colour is measured in every channel.
            if warmth <= FrameJudgement.yellowedWarmthLimit, across <= FrameJudgement.yellowedAcross,
               luminance >= FrameJudgement.paperBrightness * pictureBright, fit.evidence.allSatisfy({ $0 == .measured }),
               let greys, let picture = scene.picture, case let byPicture = ageing.amount(frame: frame, light: picture),
               byPicture >= FrameJudgement.noticeableAgeing,
               let peak = FrameJudgement.greyAgeing(of: frame, greys: greys, ageing: ageing),
               let grey = FrameJudgement.greyAgeing(peak, surroundings: scene.surroundings.map { ageing.amount(frame: frame, light: $0) }) {
                // The peak is where the picture's greys are grey: the amount itself, to a tenth
                // of an ageing, not a noisy mean to be pulled towards the typical one.
                let amount = min(max(grey, FrameJudgement.greyAgeingLeast), PaperAgeing.amounts.upperBound)
                verdict = .yellowed(amount: amount)
                reason = "yellowed frame: the picture's grey surfaces are grey under the frame less \(FrameJudgement.percent(amount)) of a typical ageing, not under the frame itself (its mean colour found \(FrameJudgement.percent(byPicture))); that is the light, and the frame keeps its colour"
                return
            }
            // Along the warm direction only, a frame is the lamp's white unless both witnesses
            // disagree (the same caution as for yellowing); an edition warmer than paper yellows,
            // or off to the side, is coloured on the pooled light's word. A frame darker than
            // paper is held to less: the witnesses need not also agree with each other.
            let alongLocus = across <= FrameJudgement.yellowedAcross && warmth <= FrameJudgement.yellowedWarmthLimit
            let darkerThanPaper = luminance < FrameJudgement.paperBrightness * pictureBright
            // ...and unless it agrees with the witness the scan would take its light from when
            // the picture and the surroundings are in conflict (``agreesWithChosenWitness``).
            if distance > FrameJudgement.disagreement,
               !alongLocus || FrameJudgement.bothFindWarmer(frame, scene: scene, locus: locus, darkerThanPaper: darkerThanPaper),
               !FrameJudgement.agreesWithChosenWitness(frame, scene: scene, locus: locus) {
                verdict = .notReference(uniform: true)
                reason = "coloured frame: its colour (\(describe(frame))) is far from the light the picture and its surroundings show (\(describe(scene.chroma))); light from those"
                return
            }
            // Close enough to the locus to pass for a light, but on its magenta side, where no
            // lamp is, and magenta of every witness's light: a lilac or pink edition.
            if let shift = FrameJudgement.magentaShift(frame, scene: scene, space: space) {
                verdict = .notReference(uniform: true)
                reason = "coloured frame: its colour (\(describe(frame))) is \(FrameJudgement.duvText(shift.frame)) the locus, on the magenta side where no lamp's light lies, and below the light the picture and its surroundings show; light from those"
                return
            }
            verdict = .white
            reason = FrameJudgement.ageingNote(frame: frame, scene: scene, ageing: ageing).map { "white frame: " + $0 }
                ?? "white frame, agreeing with the picture and its surroundings"
            if distance > FrameJudgement.disagreement {
                reason += "; far from the light the picture and its surroundings pool to (\(describe(scene.chroma))), but they disagree, and it agrees with the one a scan without it would use"
            }
            return
        }
        verdict = .notReference(uniform: true)
        reason = "coloured frame (no light has its colour): light from the picture and its surroundings"
    }

    /// Whether the picture and the surface around the card each, on their own, show a light
    /// cooler than `frame` by ``warmerThanLight``, and agree with each other: only then is a
    /// frame along the locus from the pooled light an edition warmer than any paper, not the
    /// lamp's white (a cool picture alone, a sky or a sea, or a cool table alone does not tell).
    ///
    /// When the frame is `darkerThanPaper` (below ``paperBrightness`` of the picture's bright
    /// end, where white paper, the brightest thing on a print bar glare, never is), its
    /// darkness is the second witness that the two readings' agreement otherwise gives: an ochre
    /// or amber edition under a lamp is warmer than every reading of the light and darker than
    /// paper, while the picture's colours and the table's pull their readings apart by more than
    /// their agreement allows, and the call must not hang on by how much.
    static func bothFindWarmer(_ frame: LightChroma, scene: SceneLight, locus: PlanckianLocus,
                               darkerThanPaper: Bool = false) -> Bool {
        guard let picture = scene.picture, let surroundings = scene.surroundings,
              darkerThanPaper || picture.distance(to: surroundings) <= SceneLight.agreement else { return false }
        return [picture, surroundings].allSatisfy { (frame - $0).dot(locus.nearest(to: $0).warmward) > warmerThanLight }
    }

    /// How much `frame` has aged (in typical ageings, see ``PaperAgeing/combinedAmount(picture:surroundings:)``),
    /// or nil when the photo does not show it yellowed.
    ///
    /// The picture is the witness: a white frame under a warm lamp is as warm as the lamp, so the
    /// picture finds it no yellower. The surroundings speak only against: a table warmer than the
    /// frame (wood, beige) lowers the picture's word by as much, since then the light may be as
    /// warm as the frame; a table cooler than the frame confirms nothing on its own (wood tables
    /// read warm, so a cool one is rare, but a neutral one under a warm lamp is not).
    static func ageing(of frame: LightChroma, scene: SceneLight, ageing: PaperAgeing) -> Double? {
        guard let picture = scene.picture else { return nil }
        let byPicture = ageing.amount(frame: frame, light: picture)
        let bySurroundings = scene.surroundings.map { ageing.amount(frame: frame, light: $0) }
        guard byPicture + min(bySurroundings ?? 0, 0) >= yellowedEvidence else { return nil }
        return PaperAgeing.combinedAmount(picture: byPicture, surroundings: bySurroundings)
    }

    /// The share of the frame's readable samples whose colour is far from the frame's median
    /// colour: a pattern's other colours (0 when too little of the frame is readable to tell).
    ///
    /// With `lightnessRatio`, only samples within that factor of the frame's median lightness
    /// (geometric mean of the channels, linear) count as far.
    static func farShare(_ samples: FrameSamples, lightnessRatio: Double? = nil) -> Double {
        guard let (rg, bg, lightness) = readableLogs(samples) else { return 0 }
        return farShare(rg: rg, bg: bg, lightness: lightness, lightnessRatio: lightnessRatio)
    }

    /// The share of colours (log ratios `rg`, `bg`, log lightness `lightness`, one entry each)
    /// further than ``patternDistance`` from their median colour, counting with `lightnessRatio`
    /// only those within that factor of the median lightness (0 for none).
    static func farShare(rg: [Double], bg: [Double], lightness: [Double], lightnessRatio: Double?) -> Double {
        guard let mrg = FrameLightFit.median(rg), let mbg = FrameLightFit.median(bg),
              let mid = FrameLightFit.median(lightness) else { return 0 }
        let limit = patternDistance * patternDistance
        let window = lightnessRatio.map { log($0) } ?? .infinity
        let far = rg.indices.filter { i in
            (rg[i] - mrg) * (rg[i] - mrg) + (bg[i] - mbg) * (bg[i] - mbg) > limit && abs(lightness[i] - mid) <= window
        }.count
        return Double(far) / Double(rg.count)
    }

    /// The log ratios r/g and b/g and the log lightness (mean of the channels' logs) of the frame's
    /// readable samples, in order; nil when too few are readable to tell (under 64, or under
    /// ``readableShare`` of them).
    static func readableLogs(_ samples: FrameSamples) -> (rg: [Double], bg: [Double], lightness: [Double])? {
        var rg: [Double] = [], bg: [Double] = [], lightness: [Double] = []
        let table = FrameLightFit.logTable
        for i in 0..<samples.count {
            let r = samples.codes[0][i], g = samples.codes[1][i], b = samples.codes[2][i]
            // Dark codes are noise-dominated, clipped ones carry no ratio.
            guard min(r, g, b) >= 12, max(r, g, b) < FrameLightFit.clipCode else { continue }
            rg.append(table[Int(r)] - table[Int(g)])
            bg.append(table[Int(b)] - table[Int(g)])
            lightness.append((table[Int(r)] + table[Int(g)] + table[Int(b)]) / 3)
        }
        guard rg.count >= 64, Double(rg.count) >= readableShare * Double(samples.count) else { return nil }
        return (rg, bg, lightness)
    }

    static func percent(_ share: Double) -> String {
        String(Int((share * 100).rounded())) + " %"
    }
}
