#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns quad hypotheses into print hypotheses: each quad is tried as a card and as a window, in each
/// of its four turns, for every format whose shape it fits; the template predicts the partner quad and
/// all eight sides are checked against the edges.
///
/// This one test settles three things at once. The window-for-card mistake: a window taken for a card
/// predicts a "window" inside the picture that no edge supports, while taken for a window it predicts
/// the real card, whose edges do. Which way is up: the thick border puts the predicted window off-centre,
/// and only the right turn finds its edges. And, roughly, the format — settled precisely after the edges
/// are refined at full resolution.
struct PrintHypothesisScorer: Sendable {
    let evidence: EdgeEvidence
    let border: BorderAppearance
    /// Size of the working image, whose centre is taken as the principal point.
    let imageSize: PixelSize
    /// Formats tried.
    var formats: [PrintFormat] = PrintFormat.allCases
    /// Largest ratio between a quad's recovered aspect and the template's for the pairing to be tried.
    var aspectTolerance = 1.35
    /// Rounded corners: share of a card side left out at each end.
    var cardTrim = 0.12
    var windowTrim = 0.06
    /// A quad whose own sides are supported less than this (mean share) is not tried further.
    var minimumOwnSupport = 0.55
    /// What a quad is tried as: a card (its window predicted), a window (its card predicted), or both.
    var origins: [PrintHypothesis.Origin] = [.card, .window]
    /// Let a predicted card run off the photo: its sides are judged on the part in view, a side mostly
    /// out of view is left out (marked -1), and the window must be wholly in view.
    var allowsPartialCards = false

    /// Support values of a quad's sides: the supported share of all samples, or, for a card that may run
    /// off the photo, of the samples in view (-1 for a side mostly out of view).
    /// A side mostly blinded by glare is likewise left out.
    private func values(_ sides: [EdgeEvidence.SideSupport], partial: Bool) -> [Double] {
        sides.map { value($0, partial: partial) }
    }

    /// The support value of one side (see ``values(_:partial:)``).
    private func value(_ s: EdgeEvidence.SideSupport, partial: Bool) -> Double {
        if partial { return 2 * s.visible >= s.total ? s.visibleFraction : -1 }
        return 2 * (s.total - s.blind) >= s.total ? s.fraction : -1
    }

    /// A print shows all four sides of its card and, but for a picture that fades into the border on
    /// one side (a pale sky), all four of its window; a pair stitched together from neighbouring
    /// prints and texture leaves whole sides bare. The mean support hides that; counting sides does not.
    /// Card sides out of view or blinded by glare (-1) count neither way, but three must be seen (two
    /// for a print cut by the photo's edge), and such a print is worth a little less than a whole one.
    static func sideCountFactor(_ card: [Double], _ window: [Double], minimumSeenCardSides: Int = 3) -> Double {
        // Counted without building arrays: the template test calls this for every pairing.
        let seen = card.count { $0 >= 0 }
        let cardSides = card.count { $0 >= 0.3 }, windowSides = window.count { $0 >= 0.3 }
        let cardFactor: Double
        if seen < 4 {
            cardFactor = seen >= minimumSeenCardSides && cardSides == seen ? 0.9 : 0
        } else {
            cardFactor = cardSides == 4 ? 1 : (cardSides == 3 ? 0.8 : 0.4)
        }
        // Window sides blinded by glare are neither evidence nor counter-evidence, but at least two
        // must be seen.
        let windowSeen = window.count { $0 >= 0 }
        let windowBlind = Double(4 - windowSeen)
        let windowFactor: Double
        if windowSeen < 2 {
            windowFactor = 0.45
        } else if windowSides == windowSeen {
            windowFactor = 1 - 0.1 * windowBlind
        } else if windowSides == windowSeen - 1 {
            windowFactor = 0.9 - 0.1 * windowBlind
        } else {
            windowFactor = 0.45
        }
        return cardFactor * windowFactor
    }

    /// The print hypotheses a quad makes, scored on edge evidence alone (``PrintHypothesis/edgeScore``);
    /// those below `floor` are dropped.
    ///
    /// Every pairing (card or window, four turns, each format that fits the shape) first gets a glance
    /// — its partner quad sampled at 16 points a side — and only the pairings that come near the best
    /// glance get the full 64-point look. Most pairings are hopeless, and the formats 600, Go and Square
    /// predict nearly the same partner, so this is where the time goes otherwise.
    func hypotheses(from hypothesis: QuadHypothesis, floor: Double) -> [PrintHypothesis] {
        struct Pairing {
            var format: PrintFormat, origin: PrintHypothesis.Origin
            var card: Quad, window: Quad
            var own: [Double], mismatch: Double, glance: Double
            /// A window seen clearly all round, whose card sides may show only as a texture step
            /// (``excusedCardSides(_:card:window:)``).
            var clearWindow: Bool
        }
        let logTolerance = log(aspectTolerance)
        let templates = formats.map(PrintTemplate.init)
        var pairings: [Pairing] = []
        for origin in origins {
            let own = values(evidence.support(of: hypothesis.quad, trim: origin == .card ? cardTrim : windowTrim),
                             partial: false)
            let seenOwn = own.filter { $0 >= 0 }
            guard seenOwn.count >= 3, seenOwn.reduce(0, +) >= Double(seenOwn.count) * minimumOwnSupport else { continue }
            for turn in 0..<4 {
                let quad = hypothesis.quad.rotatingOrder(by: turn)
                let ownSupport = (0..<4).map { own[($0 + turn) % 4] }
                let aspect = AspectRatio.recover(quad, imageSize: imageSize)
                for template in templates {
                    let format = template.format
                    let expected = origin == .card ? format.cardAspect : format.windowAspect
                    let mismatch = abs(log(aspect / expected))
                    guard mismatch <= logTolerance else { continue }
                    let card: Quad, window: Quad
                    switch origin {
                    case .card:
                        guard let w = template.window(forCard: quad) else { continue }
                        card = quad; window = w
                    case .window:
                        guard let c = template.card(forWindow: quad) else { continue }
                        card = c; window = quad
                    }
                    guard card.isConvex, window.isConvex, card.signedArea > 0 else { continue }
                    pairings.append(Pairing(format: format, origin: origin, card: card, window: window,
                                            own: ownSupport, mismatch: mismatch, glance: -.infinity,
                                            clearWindow: origin == .window
                                                && ownSupport.allSatisfy { $0 >= Self.clearWindowSupport }))
                }
            }
        }
        guard !pairings.isEmpty else { return [] }
        // A pairing is given up as soon as even a perfect rest of its partner's sides could not bring
        // it to the bar (``edgeBound``): the glance's bar rises with the best glance so far, so the
        // pairings likeliest to be best are glanced at first. A pairing given up could neither have
        // been the best nor been looked at fully, so the hypotheses are those of the whole look.
        func partnerValues(_ p: Pairing, maximumSamples: Int, steps: [Double], bar: Double,
                           movesQuad: Bool) -> (values: [Double], moved: Quad)? {
            let partial = allowsPartialCards && p.origin == .window
            // The partner's sides not yet looked at count as fully supported.
            var bound = [Double](repeating: 1, count: 4)
            let shifted = shiftedSupport(of: p.origin == .card ? p.window : p.card, card: p.card,
                                         trim: p.origin == .card ? windowTrim : cardTrim,
                                         maximumSamples: maximumSamples, steps: steps, partial: partial,
                                         movesQuad: movesQuad) { i, side in
                bound[i] = value(side, partial: partial)
                return edgeBound(origin: p.origin, own: p.own, partner: bound, mismatch: p.mismatch,
                                 logTolerance: logTolerance, excusable: p.clearWindow) < bar
            }
            return shifted.map { (values($0.sides, partial: partial), $0.quad) }
        }
        let unseen = [Double](repeating: 1, count: 4)
        let order = pairings.indices.map { index in
            (index, edgeBound(origin: pairings[index].origin, own: pairings[index].own, partner: unseen,
                              mismatch: pairings[index].mismatch, logTolerance: logTolerance,
                              excusable: pairings[index].clearWindow))
        }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
        // The card's sides as the side count sees them. The texture test costs samples, so it runs only
        // where it could lift the score to `bar`: below the bound that counts every barely supported
        // side, the pairing falls short whatever the test says.
        func counted(_ p: Pairing, _ partner: [Double], card: Quad, window: Quad, bar: Double) -> [Double]? {
            guard p.clearWindow, edgeBound(origin: p.origin, own: p.own, partner: partner, mismatch: p.mismatch,
                                           logTolerance: logTolerance, excusable: true) >= bar else { return nil }
            return excusedCardSides(partner, card: card, window: window)
        }
        var best = -Double.infinity
        for index in order {
            let p = pairings[index]
            let bar = max(floor - 0.1, best - 0.12)
            guard let (partner, _) = partnerValues(p, maximumSamples: 16, steps: [0, 2, -2],
                                                   bar: bar, movesQuad: false) else { continue }
            pairings[index].glance = edgeScore(origin: p.origin, own: p.own, partner: partner, mismatch: p.mismatch,
                                               logTolerance: logTolerance,
                                               counted: counted(p, partner, card: p.card, window: p.window, bar: bar))
            best = max(best, pairings[index].glance)
        }
        var out: [PrintHypothesis] = []
        for p in pairings where p.glance >= max(floor - 0.1, best - 0.12) {
            guard let (partner, moved) = partnerValues(p, maximumSamples: 64, steps: [0, 1, -1, 2, -2, 3, -3],
                                                       bar: floor, movesQuad: true) else { continue }
            // The partner's sides where the photo shows them, not where the nominal template put them.
            let card = p.origin == .window ? moved : p.card, window = p.origin == .card ? moved : p.window
            let edges = edgeScore(origin: p.origin, own: p.own, partner: partner, mismatch: p.mismatch,
                                  logTolerance: logTolerance,
                                  counted: counted(p, partner, card: card, window: window, bar: floor))
            guard edges >= floor else { continue }
            out.append(PrintHypothesis(format: p.format, card: card, window: window, origin: p.origin,
                                       cardSupport: p.origin == .card ? p.own : partner,
                                       windowSupport: p.origin == .card ? partner : p.own,
                                       border: nil, edgeScore: edges, score: edges))
        }
        return out
    }

    /// Support of a predicted quad's sides, each side tried where the template puts it and moved along
    /// its normal by `steps` × 0.6% of the card's smaller side (the best kept, the nearest on a tie),
    /// and the quad those best sides make.
    ///
    /// The template is a prior, not a measurement: cards trimmed by hand, film generations and a
    /// window a millimetre lower than nominal all put the partner's edges a little off the template,
    /// and a fixed template would find no edge there and lose the print.
    ///
    /// `givesUp` is told each side's support as it is found (but the last); when it says so, the look
    /// stops and there is no answer. Without `movesQuad` the quad given back is `quad` itself: the
    /// glance reads only the sides' support, and meeting the moved lines costs a fit per pairing.
    private func shiftedSupport(of quad: Quad, card: Quad, trim: Double, maximumSamples: Int, steps: [Double],
                                partial: Bool, movesQuad: Bool, givesUp: (Int, EdgeEvidence.SideSupport) -> Bool)
        -> (sides: [EdgeEvidence.SideSupport], quad: Quad)? {
        let unit = max(0.7, 0.006 * min(card.meanWidth, card.meanHeight))
        var sides: [EdgeEvidence.SideSupport] = [], lines: [ImageLine] = []
        sides.reserveCapacity(4)
        lines.reserveCapacity(4)
        for i in 0..<4 {
            if i > 0 && givesUp(i - 1, sides[i - 1]) { return nil }
            let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
            let d = b - a
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 0 else { return (evidence.support(of: quad, trim: trim, maximumSamples: maximumSamples), quad) }
            let normal = Point(-d.y / length, d.x / length)
            var best: (support: EdgeEvidence.SideSupport, value: Double, shift: Double)?
            for step in steps {
                let shift = normal * (step * unit)
                // A shifted side must beat the template's clearly: texture near an edge supports a little.
                // One that cannot is given up part way (a value is a share or -1).
                let support: EdgeEvidence.SideSupport
                if let best {
                    guard let s = evidence.support(from: a + shift, to: b + shift, trim: trim, maximumSamples: maximumSamples,
                                                   exceeding: best.value + 0.1) else { continue }
                    support = s
                } else {
                    support = evidence.support(from: a + shift, to: b + shift, trim: trim, maximumSamples: maximumSamples)
                }
                let value = value(support, partial: partial)
                if best == nil || value > best!.value + 0.1 { best = (support, value, step * unit) }
                // No support exceeds 1, so nothing further can clear the bar: the look stops here.
                if best!.value + 0.1 >= 1 { break }
            }
            sides.append(best!.support)
            lines.append(ImageLine(a + normal * best!.shift, b + normal * best!.shift))
        }
        return (sides, movesQuad ? PrintRefiner.quad(lines: lines) ?? quad : quad)
    }

    /// The most ``edgeScore(origin:own:partner:mismatch:logTolerance:)`` can be when the partner's
    /// sides not yet looked at are given as 1: a side fully supported raises both the mean (no side
    /// exceeds 1) and the side count factor (a side seen and supported never lowers it) at least as
    /// much as any other value. A hair is left for rounding.
    /// With `excusable` (a window seen clearly all round), a card side seen but barely supported may
    /// yet show as a texture step, and the bound counts it as supported.
    private func edgeBound(origin: PrintHypothesis.Origin, own: [Double], partner: [Double], mismatch: Double,
                           logTolerance: Double, excusable: Bool = false) -> Double {
        let counted = excusable ? partner.map { $0 >= 0 ? max($0, Self.sideSupportCounted) : $0 } : nil
        return edgeScore(origin: origin, own: own, partner: partner, mismatch: mismatch, logTolerance: logTolerance,
                         counted: counted) + 1e-9
    }

    /// Least support of a window side for the window to count as seen clearly all round.
    static let clearWindowSupport = 0.9
    /// Least support of a side for ``sideCountFactor(_:_:minimumSeenCardSides:)`` to count it.
    static let sideSupportCounted = 0.3

    /// The card's side values as ``sideCountFactor(_:_:minimumSeenCardSides:)`` should count them,
    /// around a window seen clearly all round: a side seen but barely supported counts as supported
    /// where the surface's texture stops at it (``BorderAppearance/showsTextureStep(card:window:side:)``).
    ///
    /// A white print on white paper has no colour edge on the sides its shadow does not reach: the
    /// gradient there is the paper's grain, and the card shows two or three sides. Its window, the
    /// picture's edge against the border, is as clear as ever; with the window seen all round and the
    /// smooth border against the rough paper where the template puts the card's side, that side is
    /// there although no edge marks it. Its support stays as measured in the mean.
    func excusedCardSides(_ values: [Double], card: Quad, window: Quad) -> [Double]? {
        guard values.contains(where: { $0 >= 0 && $0 < Self.sideSupportCounted }) else { return nil }
        return values.indices.map { i in
            let v = values[i]
            guard v >= 0, v < Self.sideSupportCounted,
                  border.showsTextureStep(card: card, window: window, side: i) else { return v }
            return Self.sideSupportCounted
        }
    }

    /// Mean support of the eight sides, times the side count factor and a mild shape preference.
    /// `counted`: the card's side values as the side count should see them, where they differ.
    private func edgeScore(origin: PrintHypothesis.Origin, own: [Double], partner: [Double], mismatch: Double,
                           logTolerance: Double, counted: [Double]? = nil) -> Double {
        let card = origin == .card ? own : partner, window = origin == .card ? partner : own
        // The seen sides' mean, summed card first then window as ever, without building arrays.
        var sum = 0.0, seen = 0
        for value in card where value >= 0 { sum += value; seen += 1 }
        for value in window where value >= 0 { sum += value; seen += 1 }
        let mean = sum / Double(max(seen, 1))
        // The shape recovered from one quad is only a hint (with one pair of sides parallel in the
        // photo the focal length is unknown and a 40° tilt can fool it by 15%): it breaks near ties.
        let shape = 1 - 0.02 * mismatch / logTolerance
        return mean * shape * PrintHypothesisScorer.sideCountFactor(counted ?? card, window,
                                                                    minimumSeenCardSides: allowsPartialCards ? 2 : 3)
    }

    /// Ranks hypotheses: near-duplicates — the same card reached from different quads, or as another
    /// format or turn of itself (refinement decides those again) — are merged, and the best `limit` by
    /// edge evidence are weighed by how much their border looks like one. The border test samples
    /// colours and takes medians, so it runs only on these few, and of them only on those `keeping`
    /// lets through (the others are left out of the ranking as if filtered from it afterwards).
    func rank(_ hypotheses: [PrintHypothesis], limit: Int = 64, duplicateDistance: Double = 2.5,
              keeping: (PrintHypothesis) -> Bool = { _ in true }) -> [PrintHypothesis] {
        let sorted = hypotheses.sorted { $0.edgeScore > $1.edgeScore }
        var kept: [PrintHypothesis] = []
        for h in sorted {
            if kept.count >= limit { break }
            if !Self.isDuplicate(h, of: kept, within: duplicateDistance) { kept.append(h) }
        }
        // The sort below is stable, so filtering before it leaves what filtering after it would.
        return weighingBorders(of: kept.filter(keeping))
    }

    /// Ranked as ``rank(_:limit:duplicateDistance:keeping:)`` does, the best few readings of each place
    /// that its budget of `limit` left out (``RankingBudget``), of those `keeping` lets through; none
    /// when it left none out.
    func rankPlacesLeftOut(_ hypotheses: [PrintHypothesis], limit: Int = 64, duplicateDistance: Double = 2.5,
                           keeping: (PrintHypothesis) -> Bool) -> [PrintHypothesis] {
        let sorted = hypotheses.sorted { $0.edgeScore > $1.edgeScore }
        return weighingBorders(of: RankingBudget(limit: limit).leftOut(of: sorted) { h, kept in
            Self.isDuplicate(h, of: kept, within: duplicateDistance)
        }.filter(keeping))
    }

    /// The same card reached again: every corner within `distance` of one of a kept card's.
    private static func isDuplicate(_ h: PrintHypothesis, of kept: [PrintHypothesis], within distance: Double) -> Bool {
        kept.contains { k in
            h.card.corners.allSatisfy { p in k.card.corners.contains { $0.distance(to: p) <= distance } }
        }
    }

    /// `hypotheses` weighed by their borders, best first.
    private func weighingBorders(of hypotheses: [PrintHypothesis]) -> [PrintHypothesis] {
        var kept = hypotheses
        // Each band judged on its own (a millisecond or more each): on every core the scan may use.
        let judged = kept
        let bands = RowBands.map(judged.count) { border.score(card: judged[$0].card, window: judged[$0].window,
                                                                       measuredCard: judged[$0].origin == .card) }
        for i in kept.indices {
            let band = bands[i]
            kept[i].border = band
            kept[i].score = kept[i].edgeScore * band.factor
        }
        return kept.sorted { $0.score > $1.score }
    }
}
