/// The light as the picture and the surface around the card show it, without the frame: what
/// white balance uses when the frame is not a white reference, and what it checks a frame
/// against.
///
/// Each cue is a classic colour-constancy estimate in linear light: shades of gray (p = 6) and
/// gray edge (p = 6) on the picture, the picture's near-neutral surfaces, and shades of gray and
/// gray edge on the surface ring. Each is pulled into the band where lights lie (near the
/// Planckian locus, 2000–12000 K), and the cues are pooled robustly: the cue nearest all the
/// others anchors, those far from it (a red table, a picture of grass) are left out, and the rest
/// are averaged, gray edge at twice the weight of the others (``WeightedCues``). The whole photo's
/// gray edge outside the card, the most accurate cue, joins for frames that are not a white
/// reference at four times another cue's weight (``photoEdgeWeight``).
struct SceneLight {
    /// The pooled estimate.
    var chroma: LightChroma
    /// How many cues agreed and how many there were.
    var agreeing: Int
    var cues: Int
    /// Whether the surface around the card was among the cues (else the picture alone spoke).
    var seesSurroundings: Bool
    /// The light the picture's cues alone show, and the surface ring's alone (nil when it had
    /// none): a frame is only called aged when each of them, on its own, finds it warmer.
    var picture: LightChroma?
    var surroundings: LightChroma?
    /// Every cue, pulled into the band of lights, the picture's first: what
    /// ``adding(photoEdge:locus:)`` pools again with one more.
    var plausible = WeightedCues()
    /// How many of ``plausible``'s cues are the picture's.
    var pictureCues = 0
    /// Whether the whole photo's gray edge (``PhotoGrayEdge``) was among the cues that agreed.
    var usesPhoto = false
    /// Whether the whole photo's gray edge reads the light the surface ring's own cues read
    /// (within ``surroundingsAgreement``): two extents of the surroundings, one of them many
    /// surfaces, saying the same.
    var surroundingsConfirmed = false

    /// The Minkowski norm for the cues (Finlayson & Trezzi 2004; see ``WhiteBalance/shadesOfGrayPower``).
    static let power = 6.0
    /// The temperatures a light is pulled into.
    static let kelvins = 2000.0...12_000.0
    /// How far across the locus a cue may sit (log-ratio units): fluorescent tubes and LEDs sit
    /// green of it. A tube at Duv +0.005 is 0.13 here, further than this; but widening the band
    /// to 0.10–0.15 let a lamp-lit picture that reads green (foliage, a green table) pull the
    /// light green by as much, and on the evaluation's scenes lost more under lamps than it won
    /// under tubes.
    static let offLocus = 0.08
    /// How far magenta of the locus the light a print is corrected by may sit (``correction(locus:)``):
    /// hardly at all. Flames, incandescent and halogen lamps are black bodies, on the locus;
    /// daylight sits a little green of it (Duv about +0.003), fluorescent tubes more (+0.003 to
    /// +0.008), and a phone's partial correction of any of them multiplies the channels by gains
    /// that leave the residual on the same side. Lights magenta of the locus are rare (a few LEDs
    /// tuned for "whiter" whites, Duv down to about −0.003), while pictures and tables that read
    /// magenta — flowers, skin, a pink or purple cloth — are common.
    ///
    /// The bound holds for the pooled light, not for each cue: cues read surfaces whose colours
    /// scatter to both sides of the light, and cutting only the magenta ones before the average
    /// biases it green (scored against the lights of the evaluation's hard and public scenes and
    /// four photographic variants of the hard ones, 138 photos: per cue, 20 lights nearer and 5
    /// further, one of them by 0.29 where the cut changed which cues agreed; on the pooled light,
    /// 15 nearer and none further).
    static let offLocusMagenta = 0.01
    /// A pull back from the magenta side at least this large (log-ratio units, a cast of about
    /// 2 %) is said in the light's reason.
    static let notedPull = 0.02
    /// How near (log-ratio units) the whole photo's gray edge and the surface ring's own cues
    /// must be to confirm the surroundings: within the photo's edge's typical error (median
    /// 0.077, ``photoEdgeWeight``). On the evaluation's scenes, where they met they were 0.01–0.05
    /// apart; where they did not, 0.5–0.7.
    static let surroundingsAgreement = 0.1
    /// Cues further than this from the anchor are left out.
    static let agreement = 0.25
    /// Sample spacing on the card image (pixels) for the picture's cues: edges a few pixels apart.
    static let pictureStep = 3

    /// The picture's and the surroundings' lights further apart than this (log-ratio units) are
    /// in outright conflict: one of them is its own colour, not the light's.
    static let conflict = 0.35

    /// The light to correct a print by when its frame is not a reference, whether the
    /// surroundings spoke for it, whether the picture and the surroundings were in conflict,
    /// whether the surroundings won it only by being confirmed, and how far it was pulled back
    /// from the magenta side of `locus` (log-ratio units).
    ///
    /// The pooled light, unless the picture and the surroundings are in outright conflict (a
    /// picture of purple flowers reads a blue light, a wooden table a lamp): then the one nearer
    /// neutral. The phone has already white-balanced the photo, so what is left is modest, and a
    /// witness far from neutral is more often pulled by its own colour than showing the light.
    /// Whichever it is, no further magenta of the locus than a light can be (``offLocusMagenta``).
    ///
    /// Except when the surroundings are confirmed (``surroundingsConfirmed``): the band around
    /// the card and the whole photo beyond it read the same light. A table's own colour fills
    /// the band, but the photo's gray edge runs over many surfaces (a photo of one surface gives
    /// none, ``PhotoGrayEdge``), and the two agree only when what they share is the light; the
    /// picture, one scene's colours, is then the witness pulled by its own. Nearness to neutral
    /// cannot tell them apart under a lamp the phone left warm (the warm variant of a hard scene
    /// with a patterned frame: the picture's reading 0.44 off the light and nearer neutral, the
    /// surroundings' 0.07 off). Where the two disagree (0.5–0.7 apart on the evaluation's scenes,
    /// a coloured table in the band), the rule is as before.
    func correction(locus: PlanckianLocus) -> (chroma: LightChroma, fromSurroundings: Bool, conflicting: Bool,
                                               confirmed: Bool, pulled: Double) {
        var chosen = (chroma: chroma, fromSurroundings: seesSurroundings, conflicting: false)
        var confirmed = false
        if let picture, let surroundings, picture.distance(to: surroundings) > SceneLight.conflict {
            let neutral = LightChroma(rg: 0, bg: 0)
            let pictureNearer = picture.distance(to: neutral) <= surroundings.distance(to: neutral)
            confirmed = pictureNearer && surroundingsConfirmed
            chosen = pictureNearer && !confirmed ? (picture, false, true) : (surroundings, true, true)
        }
        let light = locus.plausible(chosen.chroma, kelvins: SceneLight.kelvins, greenward: SceneLight.offLocus,
                                    magentaward: SceneLight.offLocusMagenta)
        return (light, chosen.fromSurroundings, chosen.conflicting, confirmed, light.distance(to: chosen.chroma))
    }

    /// The picture rectangle read for a card of `cardSize` and its grid spacing: the rows read
    /// are those in `y0..<y1` that are `step / 2` past a multiple of `step` (``ImageStatistics``'s grid).
    static func pictureGrid(cardSize: PixelSize, format: PrintFormat) -> (x0: Int, x1: Int, y0: Int, y1: Int, step: Int) {
        let (cw, ch) = format.cardSize
        let w = format.window, m = PictureSamples.marginMillimetres
        let x0 = Int((w.x + m) / cw * Double(cardSize.width)), x1 = Int((w.x + w.width - m) / cw * Double(cardSize.width))
        let y0 = Int((w.y + m) / ch * Double(cardSize.height)), y1 = Int((w.y + w.height - m) / ch * Double(cardSize.height))
        return (x0, x1, y0, y1, max(1, min(pictureStep, min(x1 - x0, y1 - y0) / 60)))
    }

    /// Estimates the light on `card` (an upright card of `format`) from its picture and, when
    /// given, the surface ring around it; nil when nothing can be read. `edgeWeight` is the weight
    /// of the picture's gray edge in its witness (``WeightedCues``).
    static func estimate(card: some CardRows, format: PrintFormat, ring: SurfaceRing?, space: WorkingSpace,
                         locus: PlanckianLocus, edgeWeight: Double = WeightedCues.edgeWeight) -> SceneLight? {
        estimate(picture: pictureStatistics(card: card, format: format), ring: ring, space: space, locus: locus,
                 edgeWeight: edgeWeight)
    }

    /// The picture's samples on `card` (``pictureGrid(cardSize:format:)``); with `part`, only the
    /// grid rows within it, as the whole grid's reading gives them (parts read apart and joined in
    /// order by ``ImageStatistics/init(joining:)`` are the whole grid's statistics).
    static func pictureStatistics(card: some CardRows, format: PrintFormat, rows part: Range<Int>? = nil) -> ImageStatistics {
        let (x0, x1, y0, y1, step) = pictureGrid(cardSize: card.cardSize, format: format)
        let rows = y0..<max(y0, y1)
        return ImageStatistics(image: card, step: step, columns: x0..<max(x0, x1), rows: part?.clamped(to: rows) ?? rows) { x, y in
            x >= x0 && x < x1 && y >= y0 && y < y1
        }
    }

    /// The picture grid's rows (``pictureGrid(cardSize:format:)``) cut into `count` consecutive parts.
    static func pictureRowParts(cardSize: PixelSize, format: PrintFormat, count: Int) -> [Range<Int>] {
        let (_, _, y0, y1, _) = pictureGrid(cardSize: cardSize, format: format)
        let rows = y0..<max(y0, y1)
        return (0..<count).map { rows.lowerBound + rows.count * $0 / count..<rows.lowerBound + rows.count * ($0 + 1) / count }
    }

    /// The light from the picture's samples `picture` (``pictureStatistics(card:format:rows:)``)
    /// and the surface ring; see ``estimate(card:format:ring:space:locus:edgeWeight:)``.
    static func estimate(picture: ImageStatistics, ring: SurfaceRing?, space: WorkingSpace,
                         locus: PlanckianLocus, edgeWeight: Double = WeightedCues.edgeWeight) -> SceneLight? {
        estimate(picture: picture, ring: ring, space: space, locus: locus, edgeWeight: edgeWeight, alongside: {}).scene
    }

    /// ``estimate(picture:ring:space:locus:edgeWeight:)``, and `side()`, which shares nothing with
    /// it, run as a third task beside its two passes over the picture's samples (on one core, or
    /// where the picture gives no passes, after them on the calling thread).
    ///
    /// The passes are unequal (the near-neutral one costs about twice the gray edge on a 12 MP
    /// photo's print): a reading of some tens of millions of instructions, such as the frame's
    /// light fit, fills the core that finishes the gray edge first.
    static func estimate<T>(picture: ImageStatistics, ring: SurfaceRing?, space: WorkingSpace,
                            locus: PlanckianLocus, edgeWeight: Double = WeightedCues.edgeWeight,
                            alongside side: () -> T) -> (scene: SceneLight?, side: T) {
        // Raw cues, each marked whether it is a gray edge (weighted above the others).
        var cues: [(chroma: LightChroma, edge: Bool)] = []
        var passes: [PicturePass<T>] = []
        if picture.count >= 200, let gray = picture.shadesOfGray(power) {
            cues.append((gray, false))
            // The two passes over every sample, most of what the cues cost, share nothing: on
            // two cores they run side by side, `side` after the shorter.
            passes = RowBands.map(3) { task -> PicturePass<T> in
                switch task {
                case 0: return .chroma(picture.grayEdge(power))
                case 1: return .chroma(picture.nearNeutral(from: gray, in: space))
                default: return .side(side())
                }
            }
            if case .chroma(let edge?) = passes[0] { cues.append((edge, true)) }
            if case .chroma(let neutral?) = passes[1] { cues.append((neutral, false)) }
        }
        let sideResult: T
        if case .side(let value)? = passes.last { sideResult = value } else { sideResult = side() }
        return (scene(cues: cues, picture: picture, ring: ring, locus: locus, edgeWeight: edgeWeight), sideResult)
    }

    /// What one task of ``estimate(picture:ring:space:locus:edgeWeight:alongside:)`` gives.
    private enum PicturePass<T> {
        case chroma(LightChroma?)
        case side(T)
    }

    /// The scene's light from the picture's cues `cues` and the surface ring.
    private static func scene(cues pictureCueList: [(chroma: LightChroma, edge: Bool)], picture: ImageStatistics,
                              ring: SurfaceRing?, locus: PlanckianLocus, edgeWeight: Double) -> SceneLight? {
        var cues = pictureCueList
        let pictureCues = cues.count
        if let ring, ring.statistics.count >= 200 {
            if let gray = ring.statistics.shadesOfGray(power) { cues.append((gray, false)) }
            if let edge = ring.statistics.grayEdge(power) { cues.append((edge, true)) }
        }
        guard !cues.isEmpty else { return nil }
        // Edges count above the rest only where the picture's brightest surfaces clipped out of
        // the samples (``WeightedCues``).
        let clipped = picture.gridPoints > 0 ? 1 - Double(picture.count) / Double(picture.gridPoints) : 0
        var plausible = WeightedCues(edgeWeight: clipped >= WeightedCues.clippedShare ? edgeWeight : 1)
        for cue in cues {
            plausible.append(locus.plausible(cue.chroma, kelvins: kelvins, offset: offLocus), edge: cue.edge)
        }
        return pooled(plausible, pictureCues: pictureCues)
    }

    /// The light from the cues `plausible` (already in the band of lights), the first
    /// `pictureCues` of them the picture's, the rest the surroundings'.
    ///
    /// Each cue counts once in the pooled light and the surroundings' witness, but the whole
    /// photo's gray edge, when `photoCue` is its index, counts ``photoEdgeWeight`` times.
    private static func pooled(_ plausible: WeightedCues, pictureCues: Int, photoCue: Int? = nil) -> SceneLight {
        let anchor = plausible.anchor(weighted: false)!
        let kept = plausible.chromas.indices.filter { plausible.chromas[$0].distance(to: anchor) <= agreement }
        let reliability = { (index: Int) in index == photoCue ? photoEdgeWeight : 1 }
        return SceneLight(chroma: plausible.mean(kept, weight: reliability)!, agreeing: kept.count, cues: plausible.count,
                          seesSurroundings: kept.contains { $0 >= pictureCues },
                          picture: plausible.mean(Array(0..<pictureCues), weighted: true),
                          surroundings: plausible.mean(Array(pictureCues..<plausible.count), weight: reliability),
                          plausible: plausible, pictureCues: pictureCues)
    }

    /// The weight of the whole photo's gray edge (``adding(photoEdge:locus:)``) in the pooled
    /// light and the surroundings' witness, against 1 for each other cue: the inverse of its
    /// error's variance relative to theirs, the weighting that gives the least error when
    /// independent estimates are averaged. Its error is about half theirs: median 0.077 (log
    /// ratios) against 0.13–0.21 on 99 single-print photos of the evaluation's scenes and their
    /// variants (session 25), 0.068 against 0.115–0.23 on the 26 among the hard scenes and their
    /// warm and noisy variants where it is pooled, so a weight of (0.14 / 0.07)² = 4. The spread is the median's, not the root mean square's: a cue read off
    /// a red table is left out by the agreement test, so the errors that reach the average are
    /// the typical ones. The other cues stay alike: weighted by their own spreads they come out
    /// nearly equal (session 25's study).
    static let photoEdgeWeight = 4.0

    /// This light with the whole photo's gray edge `photoEdge` (``PhotoGrayEdge``) as one more
    /// cue of the surroundings: pulled into the band of lights as the others, pooled with them
    /// at ``photoEdgeWeight`` (left out when it disagrees with the anchor, as a red table's cues
    /// are) and counted in the surroundings' witness at the same weight.
    ///
    /// Only for a frame already judged not to be a white reference: the frame's judgement reads
    /// the picture and the ring alone, so a white frame's scan is the same with or without it.
    func adding(photoEdge: LightChroma, locus: PlanckianLocus) -> SceneLight {
        var cues = plausible
        cues.append(locus.plausible(photoEdge, kelvins: SceneLight.kelvins, offset: SceneLight.offLocus), edge: true)
        var light = SceneLight.pooled(cues, pictureCues: pictureCues, photoCue: cues.count - 1)
        let anchor = cues.anchor(weighted: false)!
        light.usesPhoto = cues.chromas[cues.count - 1].distance(to: anchor) <= SceneLight.agreement
        if let ring = cues.mean(Array(pictureCues..<cues.count - 1), weighted: false) {
            light.surroundingsConfirmed = cues.chromas[cues.count - 1].distance(to: ring) <= SceneLight.surroundingsAgreement
        }
        return light
    }
}
