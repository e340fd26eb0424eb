extension PrintDetector {
    /// Share of the smaller card two found prints may have in common before one of them is taken
    /// for a misreading: a refined card's side errs by a pixel or two, a sliver of a hundredth.
    static let neighbourOverlap = 0.02

    /// `chosen` with a reading that runs into a neighbour's card replaced by the place's next reading
    /// that stays clear of it, where one is nearly as well supported and refines into a consistent
    /// print.
    ///
    /// Two whole prints never share paper: lying side by side they meet at most along an edge, and a
    /// print laid over another hides part of it, so the one beneath is not reported. In a flat lay
    /// with gaps of a millimetre or two, a white card on white or cream paper shows little of its own
    /// outer edge, while its neighbour's picture edge, a few millimetres on, is strong and straight:
    /// a reading whose side lies there (card and window both shifted by the neighbour's border) is
    /// better supported than the right one, whose side rests on a faint edge. The neighbour explains
    /// that edge; the place's reading clear of it is the print. Of two overlapping prints the one
    /// that has such a reading, at the smaller loss of evidence, is read again; one without (a card
    /// over another's corner) stands.
    func separatingNeighbours(_ chosen: [(PrintHypothesis, DetectedPrint)], ranked: [PrintHypothesis],
                              scorer: PrintHypothesisScorer, refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        var out = chosen
        for i in out.indices {
            for j in out.indices where j > i
                && ConvexOverlap.overlapOfSmaller(out[i].1.card, out[j].1.card) > Self.neighbourOverlap {
                let clearOfJ = clearReading(for: out[i], of: out[j], among: ranked, scorer: scorer, refine: refine)
                let clearOfI = clearReading(for: out[j], of: out[i], among: ranked, scorer: scorer, refine: refine)
                switch (clearOfJ, clearOfI) {
                case let (a?, b?):
                    if out[i].0.score - a.0.score <= out[j].0.score - b.0.score { out[i] = a } else { out[j] = b }
                case let (a?, nil): out[i] = a
                case let (nil, b?): out[j] = b
                case (nil, nil): break
                }
            }
        }
        return out
    }

    /// The best reading of `reading`'s place whose refined card stays clear of `neighbour`'s, at no
    /// more than a small loss of evidence, reported at no less than the floor (the place earned its
    /// print with the first reading's evidence, as a rival's does in ``select``).
    private func clearReading(for reading: (PrintHypothesis, DetectedPrint), of neighbour: (PrintHypothesis, DetectedPrint),
                              among ranked: [PrintHypothesis], scorer: PrintHypothesisScorer,
                              refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> (PrintHypothesis, DetectedPrint)? {
        let (h, _) = reading
        // Where no quad of the photo's lines gives the place's card clear of the neighbour (two
        // card edges a millimetre apart merge at the working scale into one dark line, the
        // neighbour's), the card's side that runs into the neighbour is set on the neighbour's
        // facing side, and refinement reads the card's own edge beside it at full resolution.
        func trimmedReadings(of h: PrintHypothesis, clearOf other: Quad) -> [PrintHypothesis] {
            guard let trimmed = Self.card(h.card, trimmedAt: other) else { return [] }
            let perimeter = (0..<4).reduce(0.0) { $0 + trimmed.corners[$1].distance(to: trimmed.corners[($1 + 1) % 4]) }
            let quad = QuadHypothesis(quad: trimmed, lines: [], coverage: 1, coveredLength: perimeter)
            return Array(scorer.rank(scorer.hypotheses(from: quad, floor: 0.5 * options.minimumConfidence)
                .filter { $0.origin == .card && $0.format == h.format }).prefix(1))
        }
        let alternatives = ranked.filter { c in
            rivalEvidence(c) >= max(0.85 * options.minimumConfidence, h.score - 0.1)
                && ConvexOverlap.iou(c.card, h.card) > 0.6
                && ConvexOverlap.overlapOfSmaller(c.card, neighbour.0.card) <= Self.neighbourOverlap
        }
        for alternative in alternatives.prefix(3) + trimmedReadings(of: h, clearOf: neighbour.0.card) {
            let (print, consistent, _) = refine(alternative)
            guard consistent, ConvexOverlap.overlapOfSmaller(print.card, neighbour.1.card) <= Self.neighbourOverlap else { continue }
            var alternative = alternative
            alternative.score = max(alternative.score, options.minimumConfidence)
            return (alternative, print)
        }
        return nil
    }

    /// `card` with the one side whose middle lies inside `other` moved onto `other`'s side facing
    /// it (the line through that side, met by `card`'s two adjacent sides); nil when no side's
    /// middle, or more than one, lies inside, or the result is not a convex quad.
    static func card(_ card: Quad, trimmedAt other: Quad) -> Quad? {
        let c = card.corners
        let inside = (0..<4).filter { k in other.contains((c[k] + c[(k + 1) % 4]) * 0.5) }
        guard inside.count == 1, let k = inside.first else { return nil }
        let o = other.corners
        let centre = card.centroid
        // The facing side: the one of `other`'s whose line is nearest the card's centre.
        let facing = (0..<4).map { ImageLine(o[$0], o[($0 + 1) % 4]) }.min { abs($0.distance(centre)) < abs($1.distance(centre)) }!
        guard let a = ImageLine(c[(k + 3) % 4], c[k]).intersection(facing),
              let b = ImageLine(c[(k + 1) % 4], c[(k + 2) % 4]).intersection(facing) else { return nil }
        var corners = c
        corners[k] = a
        corners[(k + 1) % 4] = b
        let trimmed = Quad(corners: corners)
        return trimmed.isConvex && trimmed.area > 0.5 * card.area ? trimmed : nil
    }
}
