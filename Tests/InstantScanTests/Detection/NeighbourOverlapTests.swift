import Testing
@testable import InstantScan

/// A flat lay of prints a millimetre or two apart: two whole prints never share paper, so a reading
/// that runs into its neighbour's card (its side on the neighbour's picture edge) is a misreading.
@Suite("Prints side by side do not overlap")
struct NeighbourOverlapTests {
    /// A reading at `card` (working pixels) of a Polaroid Go, with `score`.
    static func reading(_ card: Quad, score: Double) -> PrintHypothesis {
        PrintHypothesis(format: .polaroidGo, card: card, window: card.scaled(by: 0.8), origin: .card,
                        cardSupport: [1, 1, 1, 1], windowSupport: [1, 1, 1, 1], border: nil, edgeScore: score, score: score)
    }

    static func box(_ x0: Double, _ x1: Double) -> Quad {
        Quad(Point(x0, 20), Point(x1, 20), Point(x1, 140), Point(x0, 140))
    }

    /// A scorer over a bare table: it closes no reading of its own from a trimmed quad.
    static func bareScorer() throws -> PrintHypothesisScorer {
        var table = SceneMaker()
        table.width = 400
        table.height = 200
        table.surface = .plain(120, 110, 100)
        let work = BoxDownsampler.workingImage(try table.render(), orientation: .up, maximumLongSide: 400)
        return PrintHypothesisScorer(evidence: EdgeEvidence(gradient: ColorGradient(work), blind: work.clippedMask()),
                                     border: BorderAppearance(image: work),
                                     imageSize: PixelSize(width: work.width, height: work.height))
    }

    /// Refinement that keeps each reading where it is; `inconsistent` cards refine into no print.
    static func refine(inconsistent: [Quad] = []) -> (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double) {
        { h in
            (DetectedPrint(format: h.format, card: h.card, window: h.window, confidence: h.score, touchesImageBorder: false),
             !inconsistent.contains { $0.corners == h.card.corners }, 0)
        }
    }

    static func chosen(_ readings: [PrintHypothesis]) -> [(PrintHypothesis, DetectedPrint)] {
        readings.map { ($0, refine()($0).0) }
    }

    /// Two cards 100 px wide, 4 px apart (the second at 104...204), the first read 30 px too wide,
    /// into the second, at a better score than its right reading.
    static let left = box(0, 100), wideLeft = box(0, 130), right = box(104, 204)

    @Test("of two prints that overlap, the one with a reading clear of the other is read again")
    func intrudingReadingIsReplaced() throws {
        let detector = PrintDetector()
        let ranked = [Self.reading(Self.wideLeft, score: 0.9), Self.reading(Self.right, score: 0.88),
                      Self.reading(Self.left, score: 0.85)]
        let out = detector.separatingNeighbours(Self.chosen([ranked[0], ranked[1]]), ranked: ranked,
                                                scorer: try Self.bareScorer(), refine: Self.refine())
        #expect(out.map(\.1.card.corners) == [Self.left.corners, Self.right.corners])
        // Without a clear reading of either place (the right one refines into no print), both stand.
        let kept = detector.separatingNeighbours(Self.chosen([ranked[0], ranked[1]]), ranked: ranked,
                                                 scorer: try Self.bareScorer(), refine: Self.refine(inconsistent: [Self.left]))
        #expect(kept.map(\.1.card.corners) == [Self.wideLeft.corners, Self.right.corners])
    }

    @Test("a clear reading far weaker than the one it would replace is not taken")
    func weakAlternativeIsNotTaken() throws {
        let ranked = [Self.reading(Self.wideLeft, score: 0.9), Self.reading(Self.right, score: 0.88),
                      Self.reading(Self.left, score: 0.6)]
        let out = PrintDetector().separatingNeighbours(Self.chosen([ranked[0], ranked[1]]), ranked: ranked,
                                                       scorer: try Self.bareScorer(), refine: Self.refine())
        #expect(out.map(\.1.card.corners) == [Self.wideLeft.corners, Self.right.corners])
    }

    @Test("a card's side inside its neighbour moves onto the neighbour's facing side")
    func trimmedCard() throws {
        let card = Quad(Point(0, 0), Point(130, 0), Point(130, 120), Point(0, 120))
        let neighbour = Quad(Point(100, -5), Point(220, -5), Point(220, 125), Point(100, 125))
        let trimmed = try #require(PrintDetector.card(card, trimmedAt: neighbour))
        let expected = [Point(0, 0), Point(100, 0), Point(100, 120), Point(0, 120)]
        #expect(zip(trimmed.corners, expected).allSatisfy { $0.distance(to: $1) < 1e-9 }, "\(trimmed)")
        // Clear of each other, or one inside the other: nothing to trim.
        let apart = Quad(Point(140, 0), Point(260, 0), Point(260, 120), Point(140, 120))
        #expect(PrintDetector.card(card, trimmedAt: apart) == nil)
        let around = Quad(Point(-10, -10), Point(300, -10), Point(300, 300), Point(-10, 300))
        #expect(PrintDetector.card(card, trimmedAt: around) == nil)
    }
}
