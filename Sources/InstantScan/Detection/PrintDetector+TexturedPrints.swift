extension PrintDetector {
    /// Prints whose card edges only a texture-averaged copy of the working image shows (a patterned
    /// frame, a card on coarse wood grain), where no print was found already.
    ///
    /// The coarse segments (``TextureScaleSegments``) join the fine ones and the quad search runs
    /// again; only hypotheses clear of the prints found are considered. A second pass rather than one
    /// pool: on plain surfaces the coarse lines would bridge the gaps of the fine ones (an album
    /// page's outline broken by its pockets), and those gaps are evidence the first pass relies on.
    func texturedPrints(in work: WorkingImage, gradient: ColorGradient, segments: [LineSegment],
                        generator: QuadHypothesisGenerator, scorer: PrintHypothesisScorer, found: [Quad],
                        refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        guard found.count < options.maximumPrints else { return [] }
        let coarse = TextureScaleSegments().detect(in: work, gradient: gradient)
        guard !coarse.isEmpty else { return [] }
        let lines = CollinearMerger().merge(segments + coarse)
        let quads = generator.hypotheses(from: lines, width: work.width, height: work.height).filter { q in
            !found.contains { ConvexOverlap.overlapOfSmaller($0, q.quad) > 0.15 }
        }
        guard !quads.isEmpty else { return [] }
        let hyps = quads.flatMap { scorer.hypotheses(from: $0, floor: options.minimumConfidence) }
        let ranked = scorer.rank(hyps).filter { h in
            !found.contains { ConvexOverlap.overlapOfSmaller($0, h.card) > 0.15 }
        }
        var rest = options
        rest.maximumPrints -= found.count
        return PrintDetector(options: rest).select(ranked, width: work.width, height: work.height, refine: refine)
    }
}
