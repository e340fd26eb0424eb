extension PrintRefiner {
    /// Each side of `predicted` (a window in `card`, same corner order) refined where the photo
    /// shows it: the first step met coming from the border. The search reaches far enough to
    /// cover the other formats' windows (a few per cent of the card) and stops well short of the
    /// card's edge: a Wide's side border is only 4.2 % of its width.
    ///
    /// A side may bow where its card side (`cardEdges`, same order) bows the same way: a curled
    /// card bends its picture with it, and a straight line through a bowed side lies inside its
    /// ends by most of the bow, moving the window's corners by as much. A bow the card's side does
    /// not share is read as a straight side.
    ///
    /// With `inLinearLight`, each step is placed where it is steepest in linear light
    /// (``EdgeRefiner/locatesInLinearLight``): where the window reported lies. The format and the
    /// print's turn are read on the steps as code values place them, as they always were: the
    /// windows of the formats' drawings were measured so.
    func measureWindowSides(of predicted: Quad, in card: Quad, cardEdges: [EdgeRefiner.Result?],
                            refiner: EdgeRefiner, inLinearLight: Bool = false) -> [EdgeRefiner.Result?] {
        let side = min(card.meanWidth, card.meanHeight)
        let windowRadius = max(2 * workingScale + 3, 0.045 * side)
        var refiner = refiner
        refiner.locatesInLinearLight = inLinearLight
        return RowBands.map(4) { i -> EdgeRefiner.Result? in
            let a = predicted.corners[i], b = predicted.corners[(i + 1) % 4]
            let cardSide = ImageLine(card.corners[i], card.corners[(i + 1) % 4])
            let border = abs(cardSide.distance((a + b) * 0.5))
            let radius = min(windowRadius, max(2, 0.6 * border))
            let d = b - a, length = (d.x * d.x + d.y * d.y).squareRoot()
            // Outward from the window: into the border.
            let outward = Point(d.y / length, -d.x / length)
            var edge = refiner.refine(from: a, to: b, towardBorder: outward, searchRadius: radius,
                                      trim: 0.06, rule: .firstFromBorder, allowsBow: true)
            // Toward the border the search stops well short of the card's edge, and into the picture
            // as soon: on a small print the picture's edge may lie 2-3 mm inside the template's,
            // more than half its border, beyond that reach. For the window reported, a side not seen
            // within it is sought again reaching as far into the picture as the other formats'
            // windows lie, and taken from there when it shows clearly. (Not for the format's
            // reading: a clear line deeper in the picture would name the print anew.)
            if inLinearLight, radius < windowRadius, !(edge.map(showsClearly) ?? false) {
                let shift = outward * ((radius - windowRadius) / 2)
                if let deeper = refiner.refine(from: a + shift, to: b + shift, towardBorder: outward,
                                               searchRadius: (radius + windowRadius) / 2, trim: 0.06,
                                               rule: .firstFromBorder, allowsBow: true),
                   showsClearly(deeper) {
                    edge = deeper
                }
            }
            guard let edge, let curve = edge.curve,
                  !Self.bowMatchesCard(window: curve, card: cardEdges[i]?.curve) else { return edge }
            return edge.straightened
        }
    }

    /// The measured window sides (top, right, bottom, left of `predicted`, a window in `card`) that
    /// run parallel to their card sides within ``windowSideTilt``; nil for the others.
    func squareToCard(_ edges: [EdgeRefiner.Result?], predicted: Quad, card: Quad) -> [EdgeRefiner.Result?] {
        guard let toUnit = Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners)?.inverse else {
            return edges
        }
        let predictedLines = (0..<4).map { ImageLine(predicted.corners[$0], predicted.corners[($0 + 1) % 4]) }
        return (0..<4).map { i -> EdgeRefiner.Result? in
            guard let edge = edges[i],
                  let ends = Self.ends(of: edge, side: i, between: predictedLines, toUnit: toUnit) else { return nil }
            return abs(ends.start - ends.end) <= windowSideTilt ? edge : nil
        }
    }

    /// Where a measured window side's two ends sit across it on the unit card: its line cut by the
    /// neighbouring sides of `lines` (the window's sides in corner order), mapped by `toUnit`. Top
    /// and bottom sides lie across y, left and right across x. Nil when the side runs parallel to
    /// a neighbour.
    static func ends(of edge: EdgeRefiner.Result, side i: Int, between lines: [ImageLine], toUnit: Homography)
        -> (start: Double, end: Double)? {
        guard let start = edge.line.intersection(lines[(i + 3) % 4]),
              let end = edge.line.intersection(lines[(i + 1) % 4]) else { return nil }
        let across: (Point) -> Double = { i % 2 == 0 ? $0.y : $0.x }
        return (across(toUnit.apply(start)), across(toUnit.apply(end)))
    }

    /// Whether `card` fits a known format once the one side of its measured window that slants
    /// across it (``squareToCard(_:predicted:card:)``) is replaced by `predicted`'s; false when no
    /// side slants, or more than one does: a line in the picture meets the border along one side,
    /// while a window slanting on several is no picture of this card at all (a reading of a card
    /// that is not there, its "window" some other shape).
    func fitsFormatWithoutSlantedSides(_ edges: [EdgeRefiner.Result?], predicted: Quad, card: Quad,
                                       classifier: FormatClassifier) -> Bool {
        let square = squareToCard(edges, predicted: predicted, card: card)
        guard (0..<4).filter({ edges[$0] != nil && square[$0] == nil }).count == 1,
              let verdict = classifier.classify(card: card, window: PrintRefiner.quad(from: square, fallback: predicted)).first
        else { return false }
        return verdict.cost <= unknownCost && verdict.aspectError <= unknownAspectError
    }

    /// Whether a measured window side is the clear straight step a picture's edge makes: seen along
    /// enough of the side (``seenAlong(_:)``), well above the photo's noise, its steps within a
    /// pixel of one line.
    func showsClearly(_ edge: EdgeRefiner.Result) -> Bool {
        seenAlong(edge) && edge.significance >= windowSideSignificance && edge.scale <= windowSideSpread
    }

    /// Whether a window side's profiles show its step along enough of it: most of them find a step
    /// and most of those lie on its line; or, where the picture meets the border in a colour as pale
    /// as its own along part of the side, those that find one lie on the line and nearly all the
    /// others are flat (``windowSideSeen``, ``windowSideStray``).
    func seenAlong(_ edge: EdgeRefiner.Result) -> Bool {
        if edge.inlierFraction >= windowSideInliers && edge.foundFraction >= windowSideFound { return true }
        let online = edge.inlierFraction * edge.foundFraction
        return online >= windowSideSeen && edge.foundFraction - online <= windowSideStray
    }

    /// Whether a window side bends as its card's parallel side does: the same way, and at most
    /// about twice as tightly (a border's width apart on one bent sheet the two curve alike; the
    /// window's shorter side bows by as much less as the square of its length; a thumb over the
    /// card's side leaves its curve less sure). A bow the card does not share is a shape in the
    /// picture meeting the border along part of the side, or the border's own pattern.
    static func bowMatchesCard(window: EdgeCurve, card: EdgeCurve?) -> Bool {
        // Outward bulges at the middle: the window's profiles run into the picture, the card's out of it.
        let bulge = window.c2 * window.length * window.length / 4
        let expected = card.map { -$0.c2 * window.length * window.length / 4 } ?? 0
        return abs(bulge - expected) <= max(1.5, abs(expected))
    }

    /// The window of a placed `card` read as `format`, when something after refinement named the
    /// print anew (its neighbours' scale, its window's size): searched about that format's window and
    /// built side by side as ``windowFromVisibleSides(edges:card:format:)`` builds it.
    ///
    /// The template's window alone would put every side where a nominal print has it, while the
    /// picture's edges are plain in the photo a millimetre or two away (a print's window sits that
    /// far off its nominal spot); the card's sides are not searched again, so their bows are not
    /// known here and a bowed window side is read straight.
    func window(of card: Quad, as format: PrintFormat, inLinearLight: Bool = false) -> (window: Quad, measured: [Bool])? {
        guard let predicted = PrintTemplate(format: format).window(forCard: card) else { return nil }
        var refiner = EdgeRefiner(sampler: sampler)
        if patternedBorder { refiner.consensusBelow = 0.6 }
        let edges = measureWindowSides(of: predicted, in: card, cardEdges: [nil, nil, nil, nil], refiner: refiner,
                                       inLinearLight: inLinearLight)
        return windowFromVisibleSides(edges: edges, card: card, format: format)
    }

    /// The window built side by side: each side where the photo shows the picture's edge, the
    /// format's template only where it does not.
    ///
    /// A real print's picture is not where its format's drawing puts it to the millimetre (film
    /// generations, the developer's spread, trimmed or reprinted cards): a side sits 1–3 mm off its
    /// nominal place, and the window carried from the card by the template is then off by as much.
    /// The picture's edge against the border is a step in brightness or colour along the whole side,
    /// cut square to the card at about the border's width from its edge, whatever the picture
    /// shows: a side measured along most of its length, on one straight line, parallel to the
    /// card's side and within a few millimetres of the template's place is that step. A side that
    /// fails any of these (glare over it, a pale sky or a white wall in the picture meeting a white
    /// border, a sleeve's streak across it) keeps the template's line.
    ///
    /// - Parameters:
    ///   - edges: the window's measured sides (top, right, bottom, left in `card`'s corner order).
    ///   - card: the refined card, upright.
    /// - Returns: the window, and which of its sides were measured; nil when `card` is degenerate.
    func windowFromVisibleSides(edges: [EdgeRefiner.Result?], card: Quad, format: PrintFormat)
        -> (window: Quad, measured: [Bool])? {
        let template = PrintTemplate(format: format)
        guard let predicted = template.window(forCard: card),
              let toUnit = Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners)?.inverse
        else { return nil }
        let nominal = template.window.corners
        let predictedLines = (0..<4).map { ImageLine(predicted.corners[$0], predicted.corners[($0 + 1) % 4]) }
        var lines = predictedLines
        var measured = [Bool](repeating: false, count: 4)
        for i in 0..<4 {
            guard let edge = edges[i], showsClearly(edge),
                  let ends = Self.ends(of: edge, side: i, between: predictedLines, toUnit: toUnit)
            else { continue }
            // The side's ends against the template's place.
            let place = i % 2 == 0 ? nominal[i].y : nominal[i].x
            let d0 = ends.start - place, d1 = ends.end - place
            // The card's extent across the side, in pixels: the skew's pixel floor as a share of it.
            let across = i % 2 == 0 ? card.meanHeight : card.meanWidth
            let skew = max(windowSideSkew, windowSideSkewPixels / max(across, 1))
            // A picture sits off its place by millimetres whatever the card's size.
            let millimetres = i % 2 == 0 ? format.cardSize.height : format.cardSize.width
            let reach = max(windowSideReach, windowSideReachMillimetres / millimetres)
            guard max(abs(d0), abs(d1)) <= reach, abs(d0 - d1) <= skew else { continue }
            lines[i] = edge.line
            measured[i] = true
        }
        guard measured.contains(true) else { return (predicted, measured) }
        guard let window = PrintRefiner.quad(lines: lines) else { return (predicted, [false, false, false, false]) }
        // A curled card's measured sides bow: its corners are where the curves meet.
        guard (0..<4).contains(where: { measured[$0] && edges[$0]?.curve != nil }) else { return (window, measured) }
        return (PrintRefiner.quad(from: (0..<4).map { measured[$0] ? edges[$0] : nil }, fallback: window), measured)
    }
}
