extension PrintDetector {
    /// Prints of an album page or a wall row share their format: where most of the prints found
    /// agree on one, a print read as another format is read again as that one, if a hypothesis of
    /// that format for the same place is nearly as well supported and refines into a consistent
    /// print.
    ///
    /// On a page a print sits in a pocket a little larger than itself, so the card's edges and the
    /// pocket's give two nested quads, each fitting some format's shape (a Polaroid 600 card, or a Go
    /// or an Instax Square a few per cent larger): the photo alone can leave a near tie that its
    /// neighbours settle. A real print of another format keeps its own reading unless the shared
    /// format is supported nearly as well there, and a mixed page (no clear majority) is left alone.
    func sharingFormat(_ chosen: [(PrintHypothesis, DetectedPrint)], ranked: [PrintHypothesis],
                       refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        guard let shared = Self.sharedFormat(of: chosen.map(\.1.format)) else { return chosen }
        var out = chosen
        for index in out.indices where out[index].1.format != shared {
            let (h, _) = out[index]
            let others = out.indices.filter { $0 != index }.map { out[$0].0.card }
            let alternatives = ranked.filter { c in
                c.format == shared && rivalEvidence(c) >= max(0.85 * options.minimumConfidence, h.score - 0.15)
                    && ConvexOverlap.iou(c.card, h.card) > 0.6
                    && !others.contains { ConvexOverlap.overlapOfSmaller($0, c.card) > 0.15 }
            }
            for alternative in alternatives.prefix(2) {
                let (print, consistent, _) = refine(alternative)
                if consistent && print.format == shared {
                    out[index] = (alternative, print)
                    break
                }
            }
        }
        return out
    }

    /// The format a clear majority of a photo's prints share: at least three of them and 60 %.
    static func sharedFormat(of formats: [PrintFormat?]) -> PrintFormat? {
        guard formats.count >= 3 else { return nil }
        var counts: [PrintFormat: Int] = [:]
        for f in formats { if let f { counts[f, default: 0] += 1 } }
        guard let (shared, count) = counts.max(by: { $0.value < $1.value }),
              count >= 3, Double(count) >= 0.6 * Double(formats.count) else { return nil }
        return shared
    }
}
