@testable import InstantScan

/// Hypotheses placed on one scene's print and run through the detector's selection, with the
/// refinement stubbed by what each test says of it: for tests of which reading of a place is kept.
struct SelectionBench {
    let scene: SceneMaker

    var upright: PixelSize { PixelSize(width: scene.width, height: scene.height) }

    /// A hypothesis of `format` on `card`, its window where the format puts it, every side supported.
    func hypothesis(_ format: PrintFormat, card: Quad, score: Double,
                    border: BorderAppearance.Result? = nil) -> PrintHypothesis {
        let window = PrintTemplate(format: format).window(forCard: card)!
        return PrintHypothesis(format: format, card: card, window: window, origin: .card,
                               cardSupport: [1, 1, 1, 1], windowSupport: [1, 1, 1, 1], border: border,
                               edgeScore: score, score: score)
    }

    /// Selects from `ranked`. Each hypothesis refines into `refined(h)` (by default its own card), and
    /// `consistent` says which refine into a print that hangs together.
    func select(_ ranked: [PrintHypothesis], refined: @escaping (PrintHypothesis) -> Quad = { $0.card },
                consistent: @escaping (PrintHypothesis) -> Bool = { _ in true }) -> [(PrintHypothesis, DetectedPrint)] {
        PrintDetector(options: DetectionOptions()).select(ranked, width: scene.width, height: scene.height,
                                                           upright: upright) { h in
            let print = DetectedPrint(format: h.format, card: refined(h), window: h.window, confidence: h.score,
                                      touchesImageBorder: false)
            return (print, consistent(h), 0)
        }
    }
}
