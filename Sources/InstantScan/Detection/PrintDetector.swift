/// Finds instant prints in a photo: each card's corners, its picture window, its format and which way
/// is up.
///
/// The search runs on a small upright copy: colour edges, straight segments, lines, quads closed from
/// line pairs, and each quad tried as a card or a window of every format through the format's
/// template. The best-supported prints are then refined on the full-resolution pixels, edge by edge,
/// to sub-pixel accuracy. Deterministic; no learned weights.
public struct PrintDetector: Sendable {
    public var options: DetectionOptions

    public init(options: DetectionOptions = .init()) {
        self.options = options
    }

    /// Finds the prints in a decoded photo.
    ///
    /// - Parameters:
    ///   - image: the photo in STORED orientation (RGB8 or RGBA8, any resolution).
    ///   - orientation: its EXIF orientation.
    /// - Returns: the prints, most certain first, in UPRIGHT coordinates of the same resolution.
    public func detect(in image: PixelBuffer, orientation: Orientation) throws -> [DetectedPrint] {
        try analyze(image, orientation: orientation).prints
    }

    /// ``detect(in:orientation:)`` with everything it saw along the way.
    package func analyze(_ image: PixelBuffer, orientation: Orientation) throws -> DetectionTrace {
        guard image.format != .gray8 else { throw DetectionError.unsupportedPixelFormat(image.format) }
        var trace = DetectionTrace()
        var clock = StageClock()
        func lap(_ stage: String) { clock.lap(stage) }

        let factor = BoxDownsampler.factor(for: image.size, maximumLongSide: options.workingLongSide)
        let work = BoxDownsampler.downsample(image, orientation: orientation, factor: factor)
        trace.workingSize = PixelSize(width: work.width, height: work.height)
        trace.workingToUpright = work.toUpright.homography
        lap("downsample")
        let gradient = ColorGradient(work)
        lap("gradient")
        let segments = LineSegmentDetector().detect(in: gradient)
        lap("segments")
        let lines = CollinearMerger().merge(segments)
        lap("lines")
        var generator = QuadHypothesisGenerator()
        let minSide = (options.minimumPrintAreaFraction * Double(work.width * work.height)).squareRoot() * 0.6
        generator.minimumSide = max(12, minSide * 0.7)
        let quads = generator.hypotheses(from: lines, width: work.width, height: work.height)
        lap("quads")
        var scorer = PrintHypothesisScorer(
            evidence: EdgeEvidence(gradient: gradient, blind: work.clippedMask()),
            border: BorderAppearance(image: work),
            imageSize: PixelSize(width: work.width, height: work.height))
        scorer.allowsPartialCards = options.reportsPartialPrints
        let hyps = quads.flatMap { scorer.hypotheses(from: $0, floor: options.minimumConfidence) }
        lap("templates")
        let ranked = scorer.rank(hyps)
        lap("ranking")

        let toUp = work.toUpright
        let upright = orientation.uprightSize(stored: image.size)
        let refiner = PrintRefiner(sampler: FullResolutionSampler(image, orientation: orientation),
                                   workingScale: work.scale)
        let chosen = select(ranked, width: work.width, height: work.height) { h in
            let card = h.card.mapped(toUp.apply), window = h.window.mapped(toUp.apply)
            guard options.refinesAtFullResolution else {
                return (DetectedPrint(format: h.format, card: card, window: window, confidence: h.score,
                                      touchesImageBorder: false), true)
            }
            let refined = refiner.refine(card: card, window: window, format: h.format)
            return (DetectedPrint(format: refined.format, card: refined.card, window: refined.window,
                                  confidence: h.score, touchesImageBorder: false), refined.isConsistent)
        }
        for (h, print) in chosen {
            var print = print
            print.confidence = min(1, max(0, h.score))
            print.touchesImageBorder = !print.card.isInside(width: upright.width, height: upright.height)
            trace.prints.append(print)
        }
        lap("refine")

        if options.keepsWorkingImage { trace.workingImage = try? work.pixelBuffer() }
        trace.timings = clock.laps
        trace.segments = segments.map { (toUp.apply($0.start), toUp.apply($0.end)) }
        trace.lines = lines.sorted { $0.longestRun(maximumGap: 3) > $1.longestRun(maximumGap: 3) }.prefix(200).map { l in
            (toUp.apply(l.line.point(at: l.extent.lowerBound)), toUp.apply(l.line.point(at: l.extent.upperBound)))
        }
        func candidate(_ h: PrintHypothesis) -> DetectionTrace.Candidate {
            DetectionTrace.Candidate(format: h.format, card: h.card.mapped(toUp.apply),
                                     window: h.window.mapped(toUp.apply), score: h.score,
                                     cardSupport: h.cardSupport, windowSupport: h.windowSupport,
                                     fromWindow: h.origin == .window, borderUniformity: h.border?.plainness ?? 0,
                                     borderConsistency: h.border?.consistency ?? 0, cardContrast: h.border?.cardContrast ?? 0,
                                     windowContrast: h.border?.windowContrast ?? 0)
        }
        trace.quads = quads.map { $0.quad.mapped(toUp.apply) }
        trace.selected = chosen.map { candidate($0.0) }
        trace.candidates = ranked.prefix(60).map(candidate)
        return trace
    }

    /// The best hypotheses that do not overlap a better one, above the confidence floor, each made into
    /// a print by `refine` (which also says whether the refined print hangs together).
    ///
    /// Refinement doubles as verification: when a print's refined window fits no format although the
    /// working image said it did, the hypothesis was probably wrong (heavy glare can make a window edge
    /// look like a card edge), so the next few hypotheses for the same place are refined too and the
    /// first that hangs together is taken; if none does, the first stands (a print of another kind).
    func select(_ ranked: [PrintHypothesis], width: Int, height: Int,
                refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool)) -> [(PrintHypothesis, DetectedPrint)] {
        var chosen: [(PrintHypothesis, DetectedPrint)] = []
        var taken: [Quad] = []
        let minArea = options.minimumPrintAreaFraction * Double(width * height)
        func eligible(_ h: PrintHypothesis) -> Bool {
            if h.card.area < minArea { return false }
            if !options.reportsPartialPrints && !h.card.isInside(width: width, height: height, tolerance: 1) { return false }
            return !taken.contains { ConvexOverlap.overlapOfSmaller($0, h.card) > 0.15 }
        }
        for (index, h) in ranked.enumerated() {
            if chosen.count >= options.maximumPrints || h.score < options.minimumConfidence { break }
            guard eligible(h) else { continue }
            let first = refine(h)
            var best = (h, first.0)
            if !first.consistent {
                // A rival needs less evidence than a print of its own: it only replaces one already found.
                let rivals = ranked[(index + 1)...].filter {
                    $0.score >= 0.75 * options.minimumConfidence && eligible($0) && ConvexOverlap.iou($0.card, h.card) > 0.3
                }
                for rival in rivals.prefix(3) {
                    let (print, ok) = refine(rival)
                    if ok {
                        best = (rival, print)
                        break
                    }
                }
            }
            chosen.append(best)
            taken.append(best.0.card)
        }
        return chosen
    }
}
