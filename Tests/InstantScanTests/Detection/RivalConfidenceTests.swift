import Testing
@testable import InstantScan

/// A rival that replaces a hypothesis whose refinement did not hang together is reported at no less
/// than the confidence floor: `--minimum-confidence` holds for every print.
@Suite("A rival's confidence")
struct RivalConfidenceTests {
    private let card = Quad(Point(100, 80), Point(300, 80), Point(300, 323), Point(100, 323))

    private func hypothesis(_ card: Quad, score: Double) -> PrintHypothesis {
        let window = PrintTemplate(format: .polaroid600).window(forCard: card)!
        return PrintHypothesis(format: .polaroid600, card: card, window: window, origin: .card,
                               cardSupport: [1, 1, 1, 1], windowSupport: [1, 1, 1, 1], border: nil,
                               edgeScore: score, score: score)
    }

    /// Selects from `ranked`, where only the rival (the second) refines into a consistent print.
    private func select(first: Double, rival: Double) -> [(PrintHypothesis, DetectedPrint)] {
        let detector = PrintDetector(options: DetectionOptions())
        let shifted = Quad(corners: card.corners.map { $0 + Point(3, 2) })
        let ranked = [hypothesis(card, score: first), hypothesis(shifted, score: rival)]
        return detector.select(ranked, width: 640, height: 480) { h in
            let print = DetectedPrint(format: h.format, card: h.card, window: h.window, confidence: h.score,
                                      touchesImageBorder: false)
            return (print, h.card.topLeft != card.topLeft, 0)
        }
    }

    @Test("a rival below the floor is raised to it")
    func weakRivalRaised() throws {
        let floor = DetectionOptions().minimumConfidence
        let chosen = select(first: 0.9, rival: 0.75 * floor + 0.01)
        try #require(chosen.count == 1)
        #expect(chosen[0].0.card.topLeft == Point(103, 82))
        #expect(chosen[0].0.score == floor)
    }

    @Test("a rival above the floor keeps its own evidence")
    func strongRivalKept() throws {
        let chosen = select(first: 0.9, rival: 0.7)
        try #require(chosen.count == 1)
        #expect(chosen[0].0.card.topLeft == Point(103, 82))
        #expect(chosen[0].0.score == 0.7)
    }

    @Test("a measured card that replaces a card guessed from its window is reported at no less than the floor")
    func measuredCardRaised() throws {
        let floor = DetectionOptions().minimumConfidence
        var guessed = hypothesis(card, score: 0.9)
        guessed.origin = .window
        guessed.cardSupport = [1, 1, 0.2, 1]
        let measured = hypothesis(Quad(corners: card.corners.map { $0 + Point(1, 0) }), score: 0.6 * floor)
        let detector = PrintDetector(options: DetectionOptions())
        let chosen = detector.select([guessed, measured], width: 640, height: 480) { h in
            let print = DetectedPrint(format: h.format, card: h.card, window: h.window, confidence: h.score,
                                      touchesImageBorder: false)
            // The measured card's window sits where its format puts it; the guessed card's is off.
            return (print, true, h.origin == .card ? 0.001 : 0.01)
        }
        try #require(chosen.count == 1)
        #expect(chosen[0].0.origin == .card)
        #expect(chosen[0].0.score == floor)
    }
}
