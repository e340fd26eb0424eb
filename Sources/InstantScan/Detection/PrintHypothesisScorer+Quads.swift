extension PrintHypothesisScorer {
    /// The print hypotheses of every quad (``hypotheses(from:floor:)``), quad by quad in their
    /// order; the quads are judged on as many cores as the scan may use (``RowBands/map(_:_:)``).
    func hypotheses(from quads: [QuadHypothesis], floor: Double) -> [PrintHypothesis] {
        RowBands.map(quads.count) { hypotheses(from: quads[$0], floor: floor) }.flatMap { $0 }
    }
}
