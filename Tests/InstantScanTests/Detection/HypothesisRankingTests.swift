import Testing
@testable import InstantScan

/// Ranking the print hypotheses of a photo, which judges the border band of each one it keeps.
@Suite("Ranking print hypotheses")
struct HypothesisRankingTests {
    /// The working image's scorer and the hypotheses of every quad, as detection makes them.
    static func hypotheses(_ scene: SceneMaker) throws -> (PrintHypothesisScorer, [PrintHypothesis]) {
        let work = BoxDownsampler.workingImage(try scene.render(), orientation: .up, maximumLongSide: 1024)
        let gradient = ColorGradient(work)
        let lines = CollinearMerger().merge(LineSegmentDetector().detect(in: gradient))
        var generator = QuadHypothesisGenerator()
        generator.minimumSide = 12
        let quads = generator.hypotheses(from: lines, width: work.width, height: work.height)
        let scorer = PrintHypothesisScorer(evidence: EdgeEvidence(gradient: gradient, blind: work.clippedMask()),
                                           border: BorderAppearance(image: work),
                                           imageSize: PixelSize(width: work.width, height: work.height))
        return (scorer, scorer.hypotheses(from: quads, floor: DetectionOptions().minimumConfidence))
    }

    @Test("hypotheses left out before their bands are judged leave the ranking filtering afterwards would")
    func keepingIsFilteringAfterwards() throws {
        let (scorer, hypotheses) = try Self.hypotheses(DetectionScenes.threePrints)
        let kept = { (h: PrintHypothesis) in h.card.centroid.x > DetectionScenes.centre.x }
        let filtered = scorer.rank(hypotheses).filter(kept)
        let ranked = scorer.rank(hypotheses, keeping: kept)
        #expect(!filtered.isEmpty && filtered.count < scorer.rank(hypotheses).count)
        #expect(ranked.count == filtered.count)
        for (a, b) in zip(ranked, filtered) {
            #expect(a.card.corners == b.card.corners && a.format == b.format && a.score == b.score)
        }
    }
}
