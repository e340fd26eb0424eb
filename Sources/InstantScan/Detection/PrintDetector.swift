#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds instant prints in a photo: each card's corners, its picture window, its format and which way
/// is up.
///
/// The search runs on a small upright copy: colour edges, straight segments, lines, quads closed from
/// line pairs, and each quad tried as a card or a window of every format through the format's
/// template. The best-supported prints are then refined on the full-resolution pixels, edge by edge,
/// to sub-pixel accuracy. Deterministic; no learned weights.
public struct PrintDetector: Sendable {
    /// How hard to look and what to report: confidence floors, the working size, a known format.
    public var options: DetectionOptions

    /// A detector with `options` (the defaults suit phone photos of prints).
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

        let work = BoxDownsampler.workingImage(image, orientation: orientation, maximumLongSide: options.workingLongSide)
        trace.workingSize = PixelSize(width: work.width, height: work.height)
        trace.workingToUpright = work.toUpright.homography
        lap("downsample")
        let gradient = ColorGradient(work)
        lap("gradient")
        // The texture pass's segments and lines (``texturedPrints``) need only the working image and
        // the fine segments, so each is made on a second core beside a serial step of the main search.
        // (The fine segments' candidates come first, from a pass on every core.)
        let detector = LineSegmentDetector()
        let candidates = detector.candidates(in: gradient)
        let (segments, coarse) = RowBands.both({ detector.detect(in: gradient, candidates: candidates) },
                                               { TextureScaleSegments().detect(in: work, gradient: gradient) })
        lap("segments")
        var generator = QuadHypothesisGenerator()
        let minSide = (options.minimumPrintAreaFraction * Double(work.width * work.height)).squareRoot() * 0.6
        generator.minimumSide = max(12, minSide * 0.7)
        let ((lines, quads), textureLines) = RowBands.both({ () -> ([SupportedLine], [QuadHypothesis]) in
            let lines = CollinearMerger().merge(segments)
            return (lines, generator.hypotheses(from: lines, width: work.width, height: work.height))
        }, {
            coarse.isEmpty ? [] : CollinearMerger().merge(segments + coarse)
        })
        lap("lines and quads")
        var scorer = PrintHypothesisScorer(
            evidence: EdgeEvidence(gradient: gradient, blind: work.clippedMask()),
            border: BorderAppearance(image: work),
            imageSize: PixelSize(width: work.width, height: work.height))
        scorer.allowsPartialCards = options.reportsPartialPrints
        let hyps = scorer.hypotheses(from: quads, floor: options.minimumConfidence)
        lap("templates")
        let ranked = scorer.rank(hyps)
        lap("ranking")

        let toUp = work.toUpright
        let upright = orientation.uprightSize(stored: image.size)
        let refiner = PrintRefiner(sampler: FullResolutionSampler(image, orientation: orientation),
                                   workingScale: work.scale)
        let refineHypothesis = { (h: PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double) in
            let card = h.card.mapped(toUp.apply), window = h.window.mapped(toUp.apply)
            guard options.refinesAtFullResolution else {
                var print = DetectedPrint(format: h.format, card: card, window: window, confidence: h.score,
                                          touchesImageBorder: false)
                print.measuredEdges = h.cardSupport.map { h.origin == .card || $0 >= 0.5 }
                print.measuredWindowEdges = h.windowSupport.map { h.origin == .window || $0 >= 0.5 }
                return (print, true, 0)
            }
            var refiner = refiner
            refiner.patternedBorder = h.border.map { $0.pattern > 0 || $0.plainness < 0.8 } ?? false
            let refined = refiner.refineInSleeve(card: card, window: window, format: h.format)
            var print = DetectedPrint(format: refined.format, card: refined.card, window: refined.window,
                                      confidence: h.score, touchesImageBorder: false)
            print.measuredEdges = refined.cardEdges.map { $0 != nil }
            print.measuredWindowEdges = refined.windowSidesMeasured
            print.measuredWindow = refined.measuredWindow
            print.patternedBorder = refiner.patternedBorder
            print.movedInFromPocket = refined.movedInFromPocket
            print.searched = SearchedReading(card: card, window: window, format: h.format, refinedCard: refined.card)
            return (print, refined.isConsistent, refined.windowFit)
        }
        var found = separatingNeighbours(sharingFormat(select(ranked, width: work.width, height: work.height, upright: upright,
                                                              refine: refineHypothesis),
                                                       ranked: ranked, refine: refineHypothesis),
                                         ranked: ranked, scorer: scorer, refine: refineHypothesis)
        lap("refine")
        found += texturedPrints(in: work, coarse: coarse, lines: textureLines, generator: generator,
                                scorer: scorer, found: found.map(\.0.card), upright: upright, refine: refineHypothesis)
        lap("texture")
        // A place the ranking's budget left out (a wall of many prints, the dimmer ones last) has its
        // own best readings weighed where selection and the texture search left the photo empty.
        let foundCards = found.map(\.0.card)
        let open = scorer.rankPlacesLeftOut(hyps) { c in
            !foundCards.contains { ConvexOverlap.overlapOfSmaller($0, c.card) > 0.15 }
        }
        if !open.isEmpty {
            found += select(open, width: work.width, height: work.height, upright: upright, refine: refineHypothesis)
        }
        // A patterned reading that will not be reported must not hold its place against the row's.
        found.removeAll { h, print in
            print.format == nil && (h.border?.pattern ?? 0) > 0 && Self.patternedReading(h, print, upright: upright) == nil
        }
        var chosen = completingRows(found, quads: quads, scorer: scorer, working: trace.workingSize,
                                    toUpright: toUp.apply, refine: refineHypothesis)
        lap("rows")
        chosen = completingRowGaps(chosen, sampler: refiner.sampler, gradient: gradient, scorer: scorer, working: trace.workingSize,
                                   toUpright: toUp, refine: refineHypothesis)
        lap("row gaps")
        chosen = completingRowOutlines(chosen, image: work, gradient: gradient, sampler: refiner.sampler, toUpright: toUp)
        lap("row outlines")
        // Last, so that no row or gap search counts on what only two facing sides showed.
        let facing = facingSidePrints(lines: lines, generator: generator, scorer: scorer, found: chosen.map(\.0.card),
                                      working: trace.workingSize, upright: upright, refine: refineHypothesis)
        lap("facing sides")
        let context = ReportContext(upright: upright, shared: Self.sharedFormat(of: chosen.map(\.1.format)),
                                    pictureDetail: PictureDetail(image: work), toUpright: toUp.apply, refiner: refiner)
        var dropped: [PrintHypothesis] = [], reportedReadings: [PrintHypothesis] = []
        for (index, (h, print)) in chosen.enumerated() {
            guard let print = reported(h, print, selected: index < found.count, in: context) else {
                if index < found.count { dropped.append(h) }
                continue
            }
            reportedReadings.append(h)
            trace.prints.append(print)
        }
        // A selected reading dropped here may have been a rectangle in a print's picture: the print
        // whose picture holds it, pushed aside in selection, competes for the place again.
        let refilled = refilling(dropped: dropped, kept: reportedReadings, ranked: ranked, width: work.width,
                                 height: work.height, upright: upright, refine: refineHypothesis)
        for (h, print) in refilled {
            guard let print = reported(h, print, selected: true, in: context) else { continue }
            chosen.append((h, print))
            trace.prints.append(print)
        }
        // A place a refilled reading took is not open to a card closed from two facing sides, and
        // such a card is reported only while its reading stays clear (see ``facingSidePrints``).
        for (h, print) in facing {
            guard let print = reported(h, print, selected: true, in: context), !print.isUncertain,
                  !trace.prints.contains(where: { ConvexOverlap.overlapOfSmaller($0.card, print.card) > 0.15 }) else { continue }
            chosen.append((h, print))
            trace.prints.append(print)
        }
        let kept = Self.droppingBackgroundDetail(trace.prints)
        trace.prints = zip(kept, Self.namingFormatsByNeighbourScale(kept)).map { before, named in
            named.format == before.format ? named : readingWindowAgain(named, refiner: refiner)
        }
        trace.prints = cardsInPockets(trace.prints, refiner: refiner, upright: upright)

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

    /// A hypothesis whose card was itself found as four lines, for the same print as `h` whose card the
    /// template extrapolated from its window, if there is one nearly as good.
    ///
    /// The extrapolated card is only where the format's nominal border would put it: a trimmed card, a
    /// window off its nominal place, a picture edge that continues a border edge (a Mini's window
    /// beside its side border looks like a square window) all move it by a few per cent, while a
    /// measured card's edges are where the photo shows them (or a shadow's): both are refined, and
    /// the one that fits its format better wins.
    func measuredCard(for h: PrintHypothesis, among ranked: [PrintHypothesis]) -> PrintHypothesis? {
        guard h.origin == .window else { return nil }
        // Where the extrapolated card has a side the photo does not show, the template guessed that
        // side: a measured card there needs only to be plausible, since refinement then judges both.
        let guessed = h.cardSupport.contains { $0 < 0.5 }
        let floor = guessed ? 0.5 * options.minimumConfidence : max(options.minimumConfidence, 0.85 * h.score)
        return ranked.first { c in
            c.origin == .card && c.score >= floor && ConvexOverlap.iou(c.card, h.card) > 0.7
        }
    }

    /// The print inside `h`'s window, if `h` is really a frame around a print.
    ///
    /// An album sleeve's pocket, a mount or a picture frame around a print is a border band around a
    /// rectangle too, and its "window" is the print's card. A card never holds another print, but a
    /// print's card holds its own window: when a hypothesis's window is itself a card with a window of
    /// its own nearly as well supported, the inner one is the print. Followed inward a few levels (a
    /// page, its pocket, the print).
    func nestedPrint(inside h: PrintHypothesis, among ranked: [PrintHypothesis]) -> PrintHypothesis? {
        // Only a frame seen all round: a card extrapolated from its window is the template's guess.
        // But that window was seen all round, and a pocket read as a print's window holds the print
        // itself: a card with a window of its own, where a picture holds no card.
        guard h.origin == .card || h.windowSupport.allSatisfy({ $0 >= 0.9 }) else { return nil }
        var outer = h, found: PrintHypothesis?
        for _ in 0..<3 {
            let floor = max(options.minimumConfidence, 0.75 * outer.score)
            func fits(_ c: PrintHypothesis) -> Bool {
                rivalEvidence(c) >= floor && c.card.area < 0.9 * outer.card.area && ConvexOverlap.iou(c.card, outer.window) > 0.8
                    && Self.liesLoose(c.card, in: outer.card)
            }
            guard var inner = ranked.first(where: fits) else { break }
            // A pocket and the print in it both fill the window: the print is the one lying loose in
            // the other, only a little smaller (a card's own window is far smaller than the card).
            if let print = ranked.first(where: { c in
                fits(c) && c.card.area < 0.9 * inner.card.area && c.card.area > 0.7 * inner.card.area
                    && ConvexOverlap.overlapOfSmaller(c.card, inner.card) > 0.97 && Self.liesLoose(c.card, in: inner.card)
            }) {
                inner = print
            }
            found = inner
            outer = inner
        }
        return found
    }

    /// The best hypotheses that do not overlap a better one, above the confidence floor, each made into
    /// a print by `refine` (which also says whether the refined print hangs together).
    ///
    /// Refinement doubles as verification: when a print's refined window fits no format although the
    /// working image said it did, the hypothesis was probably wrong (heavy glare can make a window edge
    /// look like a card edge), so the next few hypotheses for the same place are refined too and the
    /// first that hangs together is taken; if none does, the first stands (a print of another kind).
    /// A rival is judged without the band palette's credit, and with `upright` (the photo's size) it
    /// must keep its shape's worth above the floor (see ``rivalEvidence(_:)``).
    func select(_ ranked: [PrintHypothesis], width: Int, height: Int, upright: PixelSize? = nil,
                refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double)) -> [(PrintHypothesis, DetectedPrint)] {
        var chosen: [(PrintHypothesis, DetectedPrint)] = []
        var taken: [Quad] = []
        let minArea = options.minimumPrintAreaFraction * Double(width * height)
        func eligible(_ h: PrintHypothesis) -> Bool {
            if h.card.area < minArea { return false }
            // A card read as seen past sixty degrees is a stripe or an edge, not a print.
            if !CardForeshortening.isPlausible(h.card) { return false }
            if !options.reportsPartialPrints && !h.card.isInside(width: width, height: height, tolerance: 1) { return false }
            return !taken.contains { ConvexOverlap.overlapOfSmaller($0, h.card) > 0.15 }
        }
        for (index, h) in ranked.enumerated() {
            if chosen.count >= options.maximumPrints || h.score < options.minimumConfidence { break }
            var h = h
            if let outer = enclosingPrint(of: h, among: ranked), eligible(outer) { h = outer }
            if let inner = nestedPrint(inside: h, among: ranked), eligible(inner) { h = inner }
            guard eligible(h) else { continue }
            var first = refine(h)
            // A measured card for the same print is refined too; the one whose refined window sits
            // where its format puts it in the refined card wins (an extrapolated card off by a
            // trimmed border, or a measured "card" edge that is a shadow's, both leave it off), as
            // long as it keeps its format's shape where the template's card did.
            if let measured = measuredCard(for: h, among: ranked) {
                let other = refine(measured)
                if other.consistent && (!first.consistent || other.fit <= first.fit)
                    && measuredKeepsShape(other.0, over: first.0, upright: upright) {
                    // As with a rival below: the place earned its print with the first reading's
                    // evidence, so the measured card is reported at no less than the floor.
                    h = measured
                    h.score = max(measured.score, options.minimumConfidence)
                    first = other
                }
            } else if let templated = otherFormatFromWindow(for: h, among: ranked) {
                // A card found as four lines may have a side on a straight line beside the card (a
                // plank's gap, a table's edge) that gives it another format's shape: the reading
                // whose window sits where its format puts it, by far, is the print.
                let other = refine(templated)
                if other.consistent, first.consistent, other.0.format == templated.format,
                   other.fit < Self.otherFormatFitShare * first.fit {
                    h = templated
                    first = other
                }
            }
            var best = (h, first.0)
            if !first.consistent {
                // A rival needs less evidence than a print of its own: it only replaces one already found.
                let rivals = ranked[(index + 1)...].filter {
                    rivalEvidence($0) >= 0.75 * options.minimumConfidence && eligible($0)
                        && ConvexOverlap.iou($0.card, h.card) > 0.3
                }
                for rival in rivals.prefix(3) {
                    let (print, ok, _) = refine(rival)
                    // A rival later dropped for its shape would leave the place empty: the first stands.
                    let kept = upright.map { max(rival.score, options.minimumConfidence) * shapeFactor(of: print, upright: $0)
                        >= options.minimumConfidence } ?? true
                    if ok && kept {
                        // The place earned its print with the first hypothesis's evidence; the rival
                        // only reads it better. It is reported at no less than the floor, so
                        // `--minimum-confidence` holds for every print (below the review threshold
                        // it is marked for a look).
                        var rival = rival
                        rival.score = max(rival.score, options.minimumConfidence)
                        best = (rival, print)
                        break
                    }
                }
            }
            if let upright, let reshaped = reshapedReading(of: best, among: ranked, upright: upright,
                                                           eligible: eligible, refine: refine) {
                best = reshaped
            }
            chosen.append(best)
            taken.append(best.0.card)
        }
        return chosen
    }
}
