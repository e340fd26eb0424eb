extension PrintDetector {
    /// Quads closed from facing sides that are scored at most.
    static let facingQuadBudget = 12

    /// Prints whose card shows two facing sides end to end and the other two only faintly (a black
    /// card on a dark surface under camera shake), where no print was found already.
    ///
    /// The quad search needs three of a card's corners; here the facing lines alone are closed
    /// (``FacingSidesCloser``) and the quads judged by the template test as any. A later pass rather
    /// than one pool: its quads are only tried where the first passes left the photo empty, so a
    /// print found from its corners is never displaced by a closing guessed from two sides.
    func facingSidePrints(lines: [SupportedLine], generator: QuadHypothesisGenerator, scorer: PrintHypothesisScorer,
                          found: [Quad], working: PixelSize, upright: PixelSize,
                          refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        guard found.count < options.maximumPrints else { return [] }
        // A line within a print found already cannot be a side of a card clear of it.
        let inside = found.map { q in q.mapped { q.centroid + ($0 - q.centroid) * 1.03 } }
        let lines = lines.filter { l in
            let a = l.line.point(at: l.extent.lowerBound), b = l.line.point(at: l.extent.upperBound)
            return !inside.contains { $0.contains(a) && $0.contains(b) }
        }
        var closer = FacingSidesCloser()
        closer.minimumSide = generator.minimumSide
        // The best-covered few: slats, shelves and louvres close dozens of such pairs, a print one.
        let quads = closer.quads(from: lines, evidence: scorer.evidence).filter { q in
            !found.contains { ConvexOverlap.overlapOfSmaller($0, q.quad) > 0.15 }
        }.sorted { $0.coverage * $0.coveredLength > $1.coverage * $1.coveredLength }.prefix(Self.facingQuadBudget)
        guard !quads.isEmpty else { return [] }
        // The closing sides were put where the edges support them best, so their support flatters the
        // card: a rectangle in a picture closes so too. Only a clear reading counts here.
        let floor = max(options.minimumConfidence, options.reviewConfidence)
        // Tried as cards only: the closing was made for a card's outline, sharp along the shake and
        // faint across it. A window's four sides are one picture's edge against one border, and
        // show alike; a quad read as a window here is a run of slats or shelves, and its card a guess.
        var scorer = scorer
        scorer.origins = [.card]
        let hyps = scorer.hypotheses(from: Array(quads), floor: floor)
        let ranked = scorer.rank(hyps) { h in
            !found.contains { ConvexOverlap.overlapOfSmaller($0, h.card) > 0.15 }
        }
        var rest = options
        rest.maximumPrints -= found.count
        rest.minimumConfidence = floor
        return PrintDetector(options: rest).select(ranked, width: working.width, height: working.height,
                                                   upright: upright, refine: refine)
    }
}
