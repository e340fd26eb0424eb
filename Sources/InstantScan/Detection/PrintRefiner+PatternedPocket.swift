/// A patterned print in an album pocket: the border band has no one colour to look for inside a
/// pocket's edge, but the pocket's margin still has one, the page's. Inside a side that lies on a
/// pocket's edge the photo shows a plain band of page, and the card's edge is where that colour
/// ends, along a straight line parallel to the side; inside a side on the card's own edge it shows
/// the pattern at once, not plain. Every stripe or dot of a decoration differs from the page (a
/// band the page's own colour would be no band), so the colour's end is the card's edge whichever
/// stripe a profile meets, give or take a stripe that happens to be near the page's colour.
extension PrintRefiner {
    /// Least share of a side's profiles that must agree on the line where the page ends: a stripe
    /// near the page's colour puts some further in.
    static let patternedPocketAgreement = 0.6
    /// How much further from its format's template a patterned card's window may sit once the card
    /// is moved in to where its pocket's margin ends (a share of the card): a card a film generation
    /// off its nominal size moves it by about this, a plain rim of the card's own left out (a
    /// decorated frame edged in one colour) by several times it.
    static let patternedWindowSlack = 0.005

    /// The card of a patterned print whose sides lie on its pocket's edges moved in to the card's
    /// own, and how much further from its format's template its window may then sit
    /// (``patternedWindowSlack``: the band has no colour to tell it by); nil when no side lies on a
    /// pocket's edge or the pocket's margins disagree.
    func patternedCardInsidePocket(_ refined: Refined) -> (Quad, windowSlack: Double)? {
        let card = refined.card
        var moved: [ImageLine?] = [nil, nil, nil, nil]
        var pages: [[Float]] = []
        var ownEdges = 0
        for i in 0..<4 {
            guard let side = refined.cardEdges[i], side.curve == nil else { continue }
            switch patternedPocketSide(i, of: card) {
            case .none: continue
            case .some(.ownEdge): ownEdges += 1
            case .some(.pocket(let line, let page)):
                moved[i] = line
                pages.append(page)
            }
        }
        // As for a plain band: two sides on the card's own edge say where the card is; a card in the
        // middle of its pocket has none, and then every side must show the page inside it.
        let pockets = pages.count
        guard pockets > 0, ownEdges >= 2 || ownEdges + pockets == 4 else { return nil }
        // One page: the margins of one pocket are all the same sheet under the same sleeve.
        let page = Self.median(pages)
        guard pages.allSatisfy({ Self.difference($0, page) < Self.pocketColourDifference(for: page) }) else { return nil }
        let lines = (0..<4).map { i in moved[i] ?? ImageLine(card.corners[i], card.corners[(i + 1) % 4]) }
        return PrintRefiner.quad(lines: lines).map { ($0, Self.patternedWindowSlack) }
    }

    /// Share of the colour limit within which a margin's pixels must keep to a colour for the
    /// margin to be plain: a stripe or a dot of a decoration near the page's colour stays outside it.
    static let patternedPocketPlainness: Float = 0.6
    /// Most the margin's neighbouring pixels may differ (the median, as a share of the colour limit)
    /// for a profile to be judged by its own colour: what a plain sheet under film shows at most
    /// (noise and JPEG's steps), far less than a textured wall's or a fabric's grain.
    static let patternedPocketSmoothness: Float = 0.5

    /// Whether most of `pixels` (at least `run + 1`) lie within the plainness share of `limit` of
    /// `colour`.
    static func isPlain(_ pixels: ArraySlice<[Float]>, near colour: [Float], within limit: Float, run: Int) -> Bool {
        pixels.filter { difference($0, colour) < patternedPocketPlainness * limit }.count >= run + 1
    }

    /// Whether the first `band` pixels of the profiles change little from pixel to pixel: the
    /// median difference between neighbours (past the seam's blur, the outer `band / 2`) within
    /// ``patternedPocketSmoothness`` of `limit`.
    static func isSmooth(_ profiles: [[[Float]]], band: Int, limit: Float) -> Bool {
        let steps = profiles.flatMap { p in (band / 2 + 1..<band).map { difference(p[$0], p[$0 - 1]) } }
        return !steps.isEmpty && median(steps) < patternedPocketSmoothness * limit
    }

    enum PatternedPocketSide {
        /// The pattern (or anything not plain) begins at the side: it is the card's own edge.
        case ownEdge
        /// A plain band of page inside the side, the card's edge the line where it ends.
        case pocket(ImageLine, page: [Float])
    }

    /// Reads side `i` of `card`: whether a plain band of one colour lies just inside it, and where
    /// that colour ends; nil when there is nothing to go by (the photo's edge, no agreement).
    func patternedPocketSide(_ i: Int, of card: Quad) -> PatternedPocketSide? {
        guard let side = CardSideInside(i, of: card) else { return nil }
        let (a, d, normal, extent, skip) = (side.start, side.along, side.normal, side.extent, side.skip)
        let reach = Int(Self.pocketReach * extent)
        let run = max(3, Int(0.01 * extent))
        guard reach > Int(skip) + 2 * run else { return nil }
        var profiles: [[[Float]]] = [], along: [Double] = []
        var buffer = [Float](repeating: 0, count: 3 * (reach + 1))
        for k in 0..<21 {
            let t = 0.1 + 0.8 * Double(k) / 20
            guard sampler.profile(from: a + d * t + normal * skip, step: normal, count: reach + 1, into: &buffer)
            else { continue }
            profiles.append((0...reach).map { Array(buffer[(3 * $0)..<(3 * $0 + 3)]) })
            along.append(t)
        }
        guard profiles.count >= 15 else { return nil }
        // A pocket's margin is plain, of one colour along the side, over most of the first pixels
        // inside it (a welded seam's blur may take the outermost); a pattern is neither. The page's
        // light drifts along a side (a hand's or the phone's shadow across the page, vignetting,
        // the sleeve's sheen) by more than the plainness share of the limit, while across the
        // margin's few pixels it stays put: where the margin is smooth (no grain or pattern from
        // pixel to pixel) a profile is also plain when its pixels keep to its own colour and that
        // colour is the page's within the limit that tells two surfaces apart.
        let band = 2 * run
        let colours = profiles.map { Self.median(Array($0[0..<band])) }
        let page = Self.median(colours)
        let limit = Self.pocketColourDifference(for: page)
        let smooth = Self.isSmooth(profiles, band: band, limit: limit)
        let plain = zip(profiles, colours).map { p, own in
            Self.isPlain(p[0..<band], near: page, within: limit, run: run)
                || (smooth && Self.difference(own, page) < limit && Self.isPlain(p[0..<band], near: own, within: limit, run: run))
        }
        guard Double(plain.filter { $0 }.count) >= 0.8 * Double(profiles.count) else { return .ownEdge }
        // Where the page's colour ends and stays ended, in each profile.
        let ends = zip(along, profiles).compactMap { t, p -> (t: Double, at: Int)? in
            let off = p.map { Self.difference($0, page) >= limit }
            return (run..<(off.count - 2 * run)).first { j in off[j..<(j + 2 * run)].allSatisfy { $0 } }.map { (t, $0) }
        }
        guard Double(ends.count) >= Self.patternedPocketAgreement * Double(profiles.count) else { return nil }
        // The card's edge is the line most ends agree on: a stripe near the page's colour only puts
        // an end further in.
        let (offset, slope) = Self.lineThrough(ends)
        let agreeing = ends.filter { abs(Double($0.at) - offset - slope * $0.t) <= 1.5 }.count
        guard Double(agreeing) >= Self.patternedPocketAgreement * Double(profiles.count) else { return nil }
        // A margin as narrow as an edge's blur is no pocket's: the side is the card's own edge.
        let narrowest = max(2, 0.01 * extent)
        guard skip + offset + min(0, slope) > narrowest + 1 else { return .ownEdge }
        // The colour ends within the edge's blur: the step itself, to a fraction of a pixel, is the
        // change nearest that line.
        let at = { (t: Double) in a + d * t + normal * (skip + offset + slope * t - 0.5) }
        if let found = EdgeRefiner(sampler: sampler).refine(from: at(0), to: at(1), towardBorder: normal,
                                                            searchRadius: 2.5, trim: 0.05, rule: .nearestToPrediction),
           found.isCleanSide(checkingSignificance: false) {
            return .pocket(found.line, page: page)
        }
        return .pocket(ImageLine(at(0), at(1)), page: page)
    }
}
