/// Takes a print found on the working image to full resolution: each card edge, then each window
/// edge, refined to sub-pixel accuracy; then the format and the upright turn decided on the refined
/// geometry.
struct PrintRefiner {
    let sampler: FullResolutionSampler
    /// Full-resolution pixels per working pixel: how far off the working-image edges can be.
    let workingScale: Double
    /// Classifier cost (squared standard errors) above which a clearly measured window belongs to no
    /// known format. Five standard errors: a card a millimetre or two off its nominal size (film
    /// generations, trimmed cards) moves its window that far in card terms and is still its format.
    var unknownCost = PrintRefiner.defaultUnknownCost
    static let defaultUnknownCost = 25.0
    /// |log| of the recovered over the format's card shape above which a clearly measured print is of
    /// no known format (recovery errs by up to ~10% at a 40° tilt).
    var unknownAspectError = 0.15
    /// Largest RMS difference of size and shape (share of the card) from its format's window at
    /// which a cleanly measured window is reported as measured: about a millimetre, as much as
    /// real prints' windows and cards differ from nominal together with a corner's measurement
    /// error; a picture edge pulled in by a pale sky moves one side by more.
    var measuredWindowSize = 0.01
    /// Largest displacement (share of the card) of a cleanly measured window from its format's
    /// nominal place at which it is reported as measured: about 2 mm on a Polaroid 600.
    var measuredWindowOffset = 0.025
    /// Whether the print's border is not plain (a printed pattern such as stripes or dots, or
    /// colours that vary along it): then a side's first change met from the border may be the
    /// pattern's, and the card's edge is the line most of the side's profiles share
    /// (``EdgeRefiner/consensusBelow``), or where a patterned band meets the surface.
    var patternedBorder = false
    /// Share of a window side's profiles that must lie on its line for the side to count as seen:
    /// a picture edge crossed by the picture's own content (a horizon meeting it, glare) scatters.
    var windowSideInliers = 0.6
    /// Share of a window side's profiles that must find a step at all.
    var windowSideFound = 0.7
    /// Share of a window side's profiles that must lie on its line when those that find no step
    /// are flat (see ``windowSideStray``).
    var windowSideSeen = 0.3
    /// Largest share of a window side's profiles that may find a step off its line for the side to
    /// count as seen on part of its length. A profile that finds no step at all is flat, no change of
    /// colour over several pixels: the picture as pale as the border there (a sky, a white wall), no
    /// evidence against the edge the other profiles show; a profile with a step elsewhere is.
    var windowSideStray = 0.1
    /// Median step over the photo's noise a window side must reach (``EdgeRefiner/Result/significance``).
    var windowSideSignificance = 2.0
    /// Largest robust spread (full-resolution pixels) of a seen window side's steps about its line:
    /// the picture's edge is a straight cut, so its steps lie within a pixel of one line.
    var windowSideSpread = 1.0
    /// Farthest (share of the card) a seen window side may sit from the format's place: real prints
    /// put their picture up to about 3 mm off it (a 600's window 1–3 mm narrower or lower).
    var windowSideReach = 0.035
    /// Least reach (mm) ``windowSideReach`` allows across a side: a picture sits off its nominal
    /// place by as many millimetres on a Mini's 54 mm as on a 600's 88 mm (its edge is where the
    /// card was cut around it), which is a larger share of the smaller card.
    var windowSideReachMillimetres = 3.0
    /// Largest difference (share of the card) in how far the two ends of a seen window side sit from
    /// the format's place: the picture is cut square to the card, so its edge runs parallel to the
    /// card's; a slanted line is a shape in the picture.
    var windowSideSkew = 0.008
    /// Least difference (full-resolution pixels) in how far the two ends of a seen window side sit
    /// from the format's place that ``windowSideSkew`` allows: a line fitted to a soft edge a hundred
    /// pixels long is known at its ends to about a pixel, on a small print more than 0.8 % of its card.
    var windowSideSkewPixels = 1.0
    /// Largest difference (share of the card) in how far the two ends of a measured window side sit
    /// from the card's parallel side for a window clear on all four sides to make its card a print
    /// of no known format: about 2 mm on a Polaroid. A picture's edge is cut square to its card,
    /// while the line a pale sky, a roof or a horizon draws where it meets the border runs across it
    /// at any angle; read as the window's side, that line makes the window a shape no print has.
    var windowSideTilt = 0.02

    struct Refined: Sendable {
        var card: Quad
        var window: Quad
        /// nil: a card with a clear window that fits no known format.
        var format: PrintFormat?
        /// Refinement results per card side (top, right, bottom, left); nil where it failed.
        var cardEdges: [EdgeRefiner.Result?]
        var windowEdges: [EdgeRefiner.Result?]
        /// Which sides of ``window`` (top, right, bottom, left, in ``card``'s corner order) lie where
        /// the photo shows the picture's edge; false for a side the format's template placed.
        var windowSidesMeasured: [Bool]
        var verdict: FormatClassifier.Verdict?
        /// False when the window's sides were found but do not close into a window near the
        /// template's (a corner off by more than a sliver of it): the window judged is then the
        /// template's own, and ``verdict``'s window error (nought) says nothing of where the
        /// picture lies in the card.
        var windowSidesClose = true
        /// How far the window sits from where the format puts it in the card (``verdict``'s window
        /// error), 1 when that is unknown: no verdict, or sides that did not close into a window.
        var windowFit: Double {
            windowSidesClose ? verdict?.windowError ?? 1 : 1
        }
        /// The window as measured, in ``card``'s corner order, when all four of its edges were found.
        var measuredWindow: Quad?
        /// True when ``inSleeve(_:)`` moved sides the first refinement put on a sleeve pocket's
        /// edges in to the card's own.
        var movedInFromPocket = false
        /// False when a clearly measured window fits no format (the hypothesis, or the format, was
        /// wrong) or fewer than three card edges could be refined: the print does not hang together.
        /// A window hidden by glare is no evidence against it.
        var isConsistent: Bool {
            format != nil && cardEdges.compactMap { $0 }.count >= 3
        }
    }

    /// `card` and `window` are in upright full-resolution pixels, TL, TR, BR, BL of the upright print
    /// as far as the working image could tell.
    func refine(card: Quad, window: Quad, format: PrintFormat) -> Refined {
        var refiner = EdgeRefiner(sampler: sampler)
        if patternedBorder { refiner.consensusBelow = 0.6 }
        let cardRadius = 2 * workingScale + 3
        let borderWindow = PrintTemplate(format: format).window(forCard: card) ?? window
        // The four sides are measured on their own: on as many cores as the scan may use.
        let sides = RowBands.map(4) { i -> (edge: EdgeRefiner.Result?, inward: Double) in
            let a = card.corners[i], b = card.corners[(i + 1) % 4]
            // The search must not reach into the picture: on a small print the border is only a few
            // pixels wide, and the picture's edge is the first strong change met coming from inside.
            let border = abs(ImageLine(a, b).distance((borderWindow.corners[i] + borderWindow.corners[(i + 1) % 4]) * 0.5))
            let inward = min(cardRadius, max(1.5, 0.5 * border))
            let normal = inwardNormal(a, b), shift = (cardRadius - inward) / 2
            return (refiner.refine(from: a - normal * shift, to: b - normal * shift, towardBorder: normal,
                                   searchRadius: (cardRadius + inward) / 2, trim: 0.12, rule: .firstFromBorder,
                                   allowsBow: true), inward)
        }
        let inwardReach = sides.map(\.inward)
        var cardEdges = sides.map(\.edge)
        var offNominal = false
        for i in 0..<4 where cardEdges[i] == nil {
            cardEdges[i] = wideCardEdge(side: i, card: card, sides: cardEdges, inward: inwardReach[i], nearReach: cardRadius,
                                        format: format, refiner: refiner)
            offNominal = offNominal || cardEdges[i] != nil
        }
        // A plain border has no stripe to stop on; its band outside a side is a pocket's or a shadow's.
        for i in 0..<4 where patternedBorder {
            guard let side = cardEdges[i] else { continue }
            cardEdges[i] = outerEdgeOfPatternedSide(i, card: card, side: side, reach: cardRadius) ?? side
        }
        var refinedCard = PrintRefiner.quad(from: cardEdges, fallback: card)

        // The window as the template places it in the refined card; the search reaches far enough to
        // cover the other formats' windows (a few per cent of the card) in case the guess was wrong.
        let predicted = PrintTemplate(format: format).window(forCard: refinedCard) ?? window
        let bowedWindowEdges = measureWindowSides(of: predicted, in: refinedCard, cardEdges: cardEdges, refiner: refiner)
        // The format and the turn are read on the sides as straight lines; only the window reported
        // follows a curled card's bowed sides to its corners.
        let windowEdges = bowedWindowEdges.map { $0?.straightened }
        let closedWindow = PrintRefiner.closedQuad(from: windowEdges, around: predicted)
        let measuredWindow = closedWindow ?? predicted
        // Card sides that could not be refined (out of view) come from the measured window through
        // the template instead of from the working image.
        if cardEdges.contains(where: { $0 == nil }),
           let fromWindow = PrintTemplate(format: format).card(forWindow: measuredWindow) {
            let lines = (0..<4).map { i in
                cardEdges[i]?.line ?? ImageLine(fromWindow.corners[i], fromWindow.corners[(i + 1) % 4])
            }
            refinedCard = PrintRefiner.quad(lines: lines) ?? refinedCard
        }

        let classifier = FormatClassifier(imageSize: sampler.uprightSize)
        let verdict = classifier.classify(card: refinedCard, window: measuredWindow).first
        var result = Refined(card: refinedCard, window: measuredWindow, format: format,
                             cardEdges: cardEdges, windowEdges: windowEdges,
                             windowSidesMeasured: windowEdges.map { $0 != nil }, verdict: verdict,
                             windowSidesClose: closedWindow != nil || windowEdges.allSatisfy { $0 == nil })
        var bowedEdges = bowedWindowEdges
        // The window reported: its sides measured again with their steps placed in linear light,
        // in the order the verdict left. Placing a straight edge's steps in linear light moves them
        // all alike, by a share of the blur; where it turns the side across the card by more than a
        // pixel beyond its first reading, part of its profiles met another step (the picture as
        // dark as a black border along part of the side), and the first reading stands, as it
        // does where the side is not found so.
        var reportedOrder = 0
        func reportedEdges() -> [EdgeRefiner.Result?] {
            let linear = measureWindowSides(of: predicted, in: refinedCard, cardEdges: cardEdges, refiner: refiner,
                                            inLinearLight: true)
            let lines = (0..<4).map { ImageLine(predicted.corners[$0], predicted.corners[($0 + 1) % 4]) }
            let toUnit = Homography.mapping(PrintTemplate.unitCard.corners, to: refinedCard.corners)?.inverse
            func turn(_ edge: EdgeRefiner.Result, _ i: Int) -> Double? {
                guard let toUnit, let ends = Self.ends(of: edge.straightened, side: i, between: lines, toUnit: toUnit)
                else { return nil }
                return abs(ends.start - ends.end)
            }
            return (0..<4).map { k in
                let i = (k + reportedOrder) % 4
                guard let edge = linear[i] else { return bowedEdges[k] }
                guard let first = bowedWindowEdges[i], let before = turn(first, i) else { return edge }
                let across = i % 2 == 0 ? refinedCard.meanHeight : refinedCard.meanWidth
                guard let after = turn(edge, i), after <= before + windowSideSkewPixels / max(across, 1) else { return first }
                return edge
            }
        }
        // Everything a reading reports per side or corner turns together, from the refined order.
        func turn(by turn: Int) {
            result.card = refinedCard.rotatingOrder(by: turn)
            result.window = measuredWindow.rotatingOrder(by: turn)
            result.cardEdges = (0..<4).map { cardEdges[($0 + turn) % 4] }
            result.windowEdges = (0..<4).map { windowEdges[($0 + turn) % 4] }
            bowedEdges = (0..<4).map { bowedWindowEdges[($0 + turn) % 4] }
            reportedOrder = turn
            result.windowSidesMeasured = result.windowEdges.map { $0 != nil }
            result.measuredWindow = windowEdges.allSatisfy({ $0 != nil }) ? result.window : nil
        }
        turn(by: 0)
        var searchedWindow: PrintFormat? = format
        if let verdict, verdict.windowError < 0.02 {
            result.format = verdict.format
            turn(by: verdict.turn)
            if verdict.format != format || verdict.turn != 0 { searchedWindow = nil }
        }
        // A window found clearly on all four sides that no format explains (several times the
        // measurement's own spread away from the nearest): a print of some other kind.

        let clearWindow = windowEdges.allSatisfy { ($0?.inlierFraction ?? 0) >= 0.75 && ($0?.foundFraction ?? 0) >= 0.8 }
        // So is a card whose measured shape is far from every format's, even where its window happens
        // to sit near one format's (a 3:2 card is not a stretched Instax Wide). A window side that
        // slants across the card is a line in the picture, not the picture's edge: the card is
        // judged again with the template's side in its place.
        if let verdict, verdict.cost > unknownCost || verdict.aspectError > unknownAspectError, clearWindow,
           !fitsFormatWithoutSlantedSides(windowEdges, predicted: predicted, card: refinedCard, classifier: classifier) {
            result.format = nil
            turn(by: PrintRefiner.thickBorderTurn(card: refinedCard, window: measuredWindow))
            return result
        }
        // A measured window's corners where its sides meet, bowed or straight (the window
        // reported; the format was read on straight sides).
        func measured() -> Refined {
            var r = result
            r.window = PrintRefiner.quad(from: reportedEdges(), fallback: result.window)
            return r
        }
        // The measured window decided the format and the turn; as an output a side of it is less
        // sure than the card (a pale sky or a white wall in the picture can pull it inward), so the
        // window is built side by side below: each side the photo shows clearly, square to the card,
        // the template's elsewhere.
        // Not so for a card a side of which was found beyond the template's reach: the card is off
        // its nominal size, and where the window sits in it the template cannot say; its window is
        // the measured one when all four of its edges were found.
        if offNominal && windowEdges.allSatisfy({ $0 != nil }) { return measured() }
        // Nor for a window measured cleanly on all four sides with its format's size, where the photo
        // shows it: prints of a format place their window a millimetre or so off its nominal spot,
        // and an edge pulled in by a pale picture would leave the window smaller than its format's.
        // Its sides must be straight cuts square to the card, as a picture's edge is: a caption's
        // strokes below the picture, a shape in it or a striped border's stripes can make a clear
        // line that slants across the card, or one whose steps scatter about it by pixels.
        if clearWindow, let format = result.format,
           windowEdges.allSatisfy({ ($0?.scale ?? .infinity) <= windowSideSpread }),
           squareToCard(windowEdges, predicted: predicted, card: refinedCard).allSatisfy({ $0 != nil }),
           let residual = FormatClassifier.windowResidual(window: result.window, card: result.card, format: format),
           residual.size <= measuredWindowSize, residual.offset <= measuredWindowOffset {
            return measured()
        }
        if let final = result.format, let predicted = PrintTemplate(format: final).window(forCard: result.card) {
            // The sides were searched about the hypothesis's window; a format or a turn the verdict
            // changed puts the window elsewhere in the card, where they are searched again.
            let edges = searchedWindow == final ? reportedEdges()
                : measureWindowSides(of: predicted, in: result.card, cardEdges: result.cardEdges, refiner: refiner,
                                     inLinearLight: true)
            let built = windowFromVisibleSides(edges: edges, card: result.card, format: final)
            result.window = built?.window ?? predicted
            result.windowSidesMeasured = built?.measured ?? [false, false, false, false]
        }
        return result
    }

    /// The turn of the corner order that puts the widest border at the bottom (for prints of no
    /// known format, the thick border is all there is to tell up from down).
    static func thickBorderTurn(card: Quad, window: Quad) -> Int {
        guard let toUnit = Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners)?.inverse else { return 0 }
        let w = window.corners.map(toUnit.apply)
        // Margins below the window's bottom, left of its left, above its top, right of its right:
        // the bottom margin when the print is turned by 0, 1, 2, 3 quarter turns of the order.
        let margins = [1 - max(w[2].y, w[3].y), min(w[0].x, w[3].x), min(w[0].y, w[1].y), 1 - max(w[1].x, w[2].x)]
        return margins.indices.max { margins[$0] < margins[$1] } ?? 0
    }

    /// The normal of side a→b pointing into a clockwise (on screen) quad.
    private func inwardNormal(_ a: Point, _ b: Point) -> Point {
        let d = b - a
        let len = (d.x * d.x + d.y * d.y).squareRoot()
        return Point(-d.y / len, d.x / len)
    }

    /// Corners where four side lines (top, right, bottom, left) meet.
    static func quad(lines: [ImageLine]) -> Quad? {
        var corners: [Point] = []
        for i in 0..<4 {
            guard let p = lines[(i + 3) % 4].intersection(lines[i]) else { return nil }
            corners.append(p)
        }
        let q = Quad(corners: corners)
        return q.isConvex ? q : nil
    }

    /// Corners from four side lines (top, right, bottom, left); a missing side keeps its old line.
    static func quad(from edges: [EdgeRefiner.Result?], fallback: Quad) -> Quad {
        closedQuad(from: edges, around: fallback) ?? fallback
    }

    /// ``quad(from:fallback:)``'s corners, or nil where the sides do not close into a convex quad
    /// near `old` (a corner moved further than a sliver of it): then the sides found went astray.
    static func closedQuad(from edges: [EdgeRefiner.Result?], around old: Quad) -> Quad? {
        let lines = (0..<4).map { i in
            edges[i]?.line ?? ImageLine(old.corners[i], old.corners[(i + 1) % 4])
        }
        var corners: [Point] = []
        for i in 0..<4 {
            // Corner i joins side i-1 and side i; where either side bows (a curled card), the corner is
            // where the curves meet, which the straight lines through them miss by part of the bow.
            guard var p = lines[(i + 3) % 4].intersection(lines[i]) else { return nil }
            let before = edges[(i + 3) % 4]?.curve, after = edges[i]?.curve
            if before != nil || after != nil {
                let a = before ?? EdgeCurve(line: lines[(i + 3) % 4], from: p, to: p + lines[(i + 3) % 4].direction)
                let b = after ?? EdgeCurve(line: lines[i], from: p, to: p + lines[i].direction)
                guard let q = EdgeCurve.corner(a, b, near: p) else { return nil }
                p = q
            }
            corners.append(p)
        }
        let q = Quad(corners: corners)
        // A refinement that moved a corner further than a sliver of the card went astray.
        let limit = 0.1 * min(old.meanWidth, old.meanHeight)
        for i in 0..<4 where q.corners[i].distance(to: old.corners[i]) > limit { return nil }
        return q.isConvex ? q : nil
    }
}
