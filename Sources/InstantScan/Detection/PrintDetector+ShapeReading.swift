#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A place read as one format whose measured card has another format's shape.
///
/// Formats are told apart first by the template fit of a card and window found on the small working
/// image; a window half lost to glare or a border washed out can tip that choice between two formats
/// whose windows sit alike (a Polaroid Go and a Spectra). The card's edges measured on the photo then
/// give its true shape, and a card with its reading's shape is the better reading of the place.
extension PrintDetector {
    /// Another reading of `chosen`'s place whose refined card has its own format's shape, for a
    /// chosen reading whose card does not (it would be worth only ``shapePenalty`` of its score).
    ///
    /// The alternative must be worth more than the chosen reading once that is penalised, judged
    /// without the band palette's credit like every reading that displaces another
    /// (``rivalEvidence(_:)``), clear the confidence floor on its own, cover the same place, and
    /// refine consistently into a card of its format's shape.
    func reshapedReading(of chosen: (PrintHypothesis, DetectedPrint), among ranked: [PrintHypothesis],
                         upright: PixelSize, eligible: (PrintHypothesis) -> Bool,
                         refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> (PrintHypothesis, DetectedPrint)? {
        let (h, print) = chosen
        guard print.format != nil, shapeFactor(of: print, upright: upright) < 1 else { return nil }
        let worth = Self.shapePenalty * h.score
        let alternatives = ranked.filter {
            $0.format != h.format && $0.score >= options.minimumConfidence && rivalEvidence($0) > worth
                && ConvexOverlap.iou($0.card, h.card) > Self.samePlace && eligible($0)
        }
        for alternative in alternatives.prefix(3) {
            var (reading, consistent, _) = refine(alternative)
            if !consistent, let named = offsetWindowReading(reading, as: alternative.format, upright: upright) {
                (reading, consistent) = (named, true)
            }
            guard consistent, reading.format == alternative.format,
                  ConvexOverlap.iou(reading.card, print.card) > Self.samePlace,
                  shapeFactor(of: reading, upright: upright) == 1 else { continue }
            return (alternative, reading)
        }
        return cardShapeReading(print, upright: upright).map { (h, $0) }
    }

    /// `print`, of a patterned or decorated band, named by the shape of its card measured on all four
    /// sides, when its format's shape is not the card's.
    ///
    /// Such a band hides the window's edges among its own (stripes run into the window's side), so
    /// the working image's template fit chooses the format on little evidence, while the card's edges
    /// against the surface are clear and measured on the photo: the card's shape is the better witness.
    /// Shapes alike (a 600, a Go and a Square differ by under 2 %) are told apart by the window as far
    /// as it was read; the window is then the template's, as for every patterned reading. A plain
    /// band's window is measured, so there a card of the wrong shape is more likely a quad stitched
    /// from other lines, and is left to the shape penalty.
    func cardShapeReading(_ print: DetectedPrint, upright: PixelSize) -> DetectedPrint? {
        guard print.patternedBorder, print.measuredEdges.count == 4, print.measuredEdges.allSatisfy({ $0 }),
              let window = print.window else { return nil }
        let aspect = AspectRatio.recover(print.card, imageSize: upright)
        var classifier = FormatClassifier(imageSize: upright)
        classifier.formats = PrintFormat.allCases.filter { abs(log(aspect / $0.cardAspect)) < Self.patternedShapeTolerance }
        guard !classifier.formats.isEmpty, let verdict = classifier.classify(card: print.card, window: window).first else { return nil }
        var named = print
        named.format = verdict.format
        named.card = print.card.rotatingOrder(by: verdict.turn)
        guard let template = PrintTemplate(format: verdict.format).window(forCard: named.card) else { return nil }
        named.window = template
        named.measuredWindow = nil
        named.measuredEdges = (0..<4).map { print.measuredEdges[($0 + verdict.turn) % 4] }
        named.measuredWindowEdges = [false, false, false, false]
        return shapeFactor(of: named, upright: upright) == 1 ? named : nil
    }

    /// How near a patterned card's measured aspect must be to a format's to be read as it (the
    /// tolerance ``patternedReading(_:_:upright:)`` holds a card of no format to).
    static let patternedShapeTolerance = 0.03

    /// `reading` named `format`, when its refinement found no format only because its clearly
    /// measured window sits off the format's nominal spot: the card has the format's shape, the window
    /// its size, and the offset is within what real prints show (``windowOffsetSigma``).
    ///
    /// Refinement holds the window to its nominal place as tightly as to its size, since that offset
    /// tells a card edge found on a pocket or a shadow from the card's own; here the card is already
    /// the same as the chosen reading's, which only its shape condemns, so the offset is no evidence
    /// against the format. The window stays where it was measured.
    func offsetWindowReading(_ reading: DetectedPrint, as format: PrintFormat?, upright: PixelSize) -> DetectedPrint? {
        // A reading of no format carries its measured window, in its card's corner order, as its window.
        guard reading.format == nil, let format, reading.measuredWindow != nil, let window = reading.window,
              reading.measuredEdges.measuredCount >= 3 else { return nil }
        var classifier = FormatClassifier(imageSize: upright)
        classifier.offsetSigma = Self.windowOffsetSigma
        guard let verdict = classifier.classify(card: reading.card, window: window).first,
              verdict.format == format, verdict.cost <= PrintRefiner.defaultUnknownCost else { return nil }
        var named = reading
        named.format = format
        named.card = reading.card.rotatingOrder(by: verdict.turn)
        named.window = window.rotatingOrder(by: verdict.turn)
        named.measuredWindow = named.window
        named.measuredEdges = (0..<4).map { reading.measuredEdges[($0 + verdict.turn) % 4] }
        named.measuredWindowEdges = (0..<4).map { reading.measuredWindowEdges[($0 + verdict.turn) % 4] }
        return named
    }

    /// Card overlap (intersection over union) from which two readings are of the same place.
    static let samePlace = 0.8
}
