/// A print in an album sleeve sits in a pocket a little larger than its card, and the pocket's edge
/// (the haze's boundary, a welded seam) is a straight edge parallel to the card's a few millimetres
/// out. Where the working image took the pocket for the card, the near search around each side
/// finds the pocket's edge and the card comes out too large on that side by the pocket's margin:
/// 2–10 % of the card on the album scenes, past what the near search can reach from there.
///
/// What tells the two apart is the colour just inside the edge: inside a card's edge is its border,
/// the same colour all round a plain frame, while inside a pocket's edge is the page seen through
/// the sleeve, until the card's edge further in. So where most sides of a refined card have the
/// border's colour just inside and one or two sides have a plain band of another colour there, the
/// card's edge is sought where the border's colour begins, and the print is refined again from
/// there. The found edge must be a clean straight edge parallel to the side, as the wide search
/// requires of its finds.
extension PrintRefiner {
    /// Colour difference (RGB levels, Euclidean) above which two colours are not the same surface,
    /// beside a light border (a white, cream or coloured frame).
    static let pocketColourDifference: Float = 30
    /// The least colour difference that tells two surfaces apart beside a dark border: well above
    /// a plain surface's noise and JPEG steps.
    static let darkPocketColourDifference: Float = 10
    /// The brightest channel's level from which a border counts as light.
    static let lightBorderLevel: Float = 200

    /// Colour difference (RGB levels) above which a colour is not `border`'s surface.
    ///
    /// Shade, a sheen and a card's own unevenness change a surface's light by a share of it, and a
    /// dark border's light is a small share of a white one's: on a black frame, more so under a
    /// sleeve's haze (which lifts card and page alike and leaves them only their small difference
    /// in reflectance), two surfaces differ by a few levels where white ones differ by tens. A
    /// black card in a pocket of a black page shows its edge as a step of 10–20 levels, which the
    /// light border's 30 would take for one surface, the pocket's margin for the border. So below
    /// a light border's level the limit scales with the border's light (the square of its
    /// brightest channel's level, as levels encode about the square root of light; the brightest
    /// channel so that a saturated colour frame counts as light), down to a floor well above the
    /// noise.
    static func pocketColourDifference(for border: [Float]) -> Float {
        let level = min(1, (border.max() ?? 0) / lightBorderLevel)
        return max(darkPocketColourDifference, pocketColourDifference * level * level)
    }
    /// How far in from a side its card's edge is sought, as a share of the card across that side.
    static let pocketReach = 0.15

    /// `refine(card:window:format:)`, and once more from a card whose sides the first refinement
    /// put on a sleeve pocket's edges moved in to the card's own, when that hangs together; then
    /// once more with any side that has the border band outside it moved out to the band's end
    /// (``widenedBeyondBorder(_:)``).
    func refineInSleeve(card: Quad, window: Quad, format: PrintFormat) -> Refined {
        inSleeve(refine(card: card, window: window, format: format))
    }

    /// The steps of ``refineInSleeve(card:window:format:)`` after its first refinement, `first`.
    func inSleeve(_ first: Refined) -> Refined {
        guard let format = first.format, let (inner, slack) = cardInsidePocket(first) else { return widenedBeyondBorder(first) }
        let second = refine(card: inner, window: first.window, format: format)
        // A band only a little off the border's colour may be the border in shade (a lighting
        // gradient across the card), its inner edge the picture's: then the card moved in must also
        // fit its format better, its window nearer where the format puts it.
        let fits = (second.verdict?.windowError ?? 1) <= (first.verdict?.windowError ?? 1) + slack
        guard (second.isConsistent || !first.isConsistent) && fits else { return widenedBeyondBorder(first) }
        var result = widenedBeyondBorder(second)
        result.movedInFromPocket = true
        return result
    }

    /// The card with the sides of `refined` that lie on a pocket's edge moved in to the card's edge
    /// inside it, and how much further from its format's template its window may then sit: without
    /// limit when every band left out is clearly not the border (twice the colour difference), else
    /// none; nil when no side lies on a pocket's edge. A patterned border, which has no one colour,
    /// is read by ``patternedCardInsidePocket(_:)``.
    func cardInsidePocket(_ refined: Refined) -> (Quad, windowSlack: Double)? {
        let card = refined.card
        guard let border = plainBorderColour(refined) else { return patternedBorder ? patternedCardInsidePocket(refined) : nil }
        let limit = Self.pocketColourDifference(for: border)
        var moved: [EdgeRefiner.Result?] = [nil, nil, nil, nil]
        var sidesOfBorder = 0, clear = true
        var pages: [[Float]] = [], unplain: [Int] = [], crossed: [(Int, [Float])] = []
        // Each side read on its own (the page's colour not yet known): on as many cores as the scan
        // may use, then taken in order.
        let readings = RowBands.map(4) { i -> PocketSide? in
            guard let side = refined.cardEdges[i], side.curve == nil else { return nil }
            return pocketSide(i, of: card, line: side.line, border: border, page: nil)
        }
        for i in 0..<4 {
            guard let reading = readings[i] else { continue }
            switch reading {
            case .border: sidesOfBorder += 1
            case .pocket(let found, let page, let offBorder):
                moved[i] = found
                pages.append(page)
                clear = clear && offBorder >= 2 * limit
            case .unplain: unplain.append(i)
            case .crossed(let page): crossed.append((i, page))
            case .unread: continue
            }
        }
        // A glare streak across a pocket's margin leaves the page plain only outside the streak: where
        // other sides showed the page's colour, the side is read again from the profiles showing it.
        // With no other side to show it (the card against three sides of its pocket), the side's own
        // margin does: the streak covers the lesser part of it, so its median colour is the page's.
        for i in unplain {
            guard let side = refined.cardEdges[i],
                  let page = pages.isEmpty ? marginColour(i, of: card) : Self.median(pages),
                  case .pocket(let found, _, let offBorder) = pocketSide(i, of: card, line: side.line, border: border, page: page)
            else { continue }
            moved[i] = found
            clear = clear && offBorder >= 2 * limit
        }
        // A side whose margin is plain but whose card edge was lost along part of it is read again
        // from the profiles showing its own margin's colour: the other sides' margins need not
        // show the page alike (the sleeve's haze lifts a dark page more where it stands off it).
        for (i, page) in crossed {
            guard let side = refined.cardEdges[i],
                  case .pocket(let found, _, let offBorder) = pocketSide(i, of: card, line: side.line, border: border, page: page)
            else { continue }
            moved[i] = found
            clear = clear && offBorder >= 2 * limit
        }
        // Two sides showing the border's colour say which colour the border is; a card in the middle
        // of its pocket shows it on none, and then every side must be a pocket's edge with the
        // card's found inside it.
        let pockets = moved.filter { $0 != nil }.count
        guard pockets > 0, sidesOfBorder >= 2 || sidesOfBorder + pockets == 4 else { return nil }
        let lines = (0..<4).map { i in moved[i]?.line ?? ImageLine(card.corners[i], card.corners[(i + 1) % 4]) }
        return PrintRefiner.quad(lines: lines).map { ($0, clear ? .infinity : 0) }
    }

    /// The colour of `refined`'s border along the middle of its widest band (a format's thick
    /// bottom), where neither a pocket's margin nor the picture reaches; nil for a patterned band,
    /// which has no one colour. Where writing on the thick band (a caption) leaves it not plain,
    /// the other bands say it when two of them are plain and of one colour.
    func plainBorderColour(_ refined: Refined) -> [Float]? {
        let card = refined.card
        let window = PrintRefiner.quad(from: refined.windowEdges, fallback: refined.window)
        let widths = (0..<4).map { i in
            abs(ImageLine(card.corners[i], card.corners[(i + 1) % 4])
                .distance((window.corners[i] + window.corners[(i + 1) % 4]) * 0.5))
        }
        guard let thick = widths.indices.max(by: { widths[$0] < widths[$1] }) else { return nil }
        if let colour = bandColour(thick, card: card, window: window) { return colour }
        let others = (0..<4).filter { $0 != thick }.compactMap { bandColour($0, card: card, window: window) }
        for (k, a) in others.enumerated() {
            if let b = others[(k + 1)...].first(where: { Self.difference($0, a) < Self.pocketColourDifference }) {
                return Self.median([a, b])
            }
        }
        return nil
    }

    /// The colour along the middle of `card`'s border band on side `i`, nil when it is not plain.
    private func bandColour(_ i: Int, card: Quad, window: Quad) -> [Float]? {
        let middle = (0..<15).compactMap { k -> [Float]? in
            let t = 0.2 + 0.6 * Double(k) / 14
            let a = (card.corners[i] + window.corners[i]) * 0.5
            let b = (card.corners[(i + 1) % 4] + window.corners[(i + 1) % 4]) * 0.5
            return colour(at: a + (b - a) * t)
        }
        guard middle.count >= 10 else { return nil }
        let border = Self.median(middle)
        guard Self.median(middle.map { Self.difference($0, border) }) <= 0.4 * Self.pocketColourDifference else { return nil }
        return border
    }

    /// The median colour just inside side `i` of `card`, along all of it; nil where the photo ends.
    private func marginColour(_ i: Int, of card: Quad) -> [Float]? {
        guard let side = CardSideInside(i, of: card) else { return nil }
        let (a, d, normal, skip) = (side.start, side.along, side.normal, side.skip)
        let colours = (0..<25).compactMap { k in colour(at: a + d * (0.04 + 0.92 * Double(k) / 24) + normal * skip) }
        return colours.count >= 15 ? Self.median(colours) : nil
    }

    /// The photo's colour at `p`, nil outside it.
    private func colour(at p: Point) -> [Float]? {
        var out = [Float](repeating: 0, count: 3)
        return sampler.profile(from: p, step: Point(1, 0), count: 1, into: &out) ? out : nil
    }

    static func difference(_ a: [Float], _ b: [Float]) -> Float {
        let r = a[0] - b[0], g = a[1] - b[1], bl = a[2] - b[2]
        return (r * r + g * g + bl * bl).squareRoot()
    }

    static func median(_ values: [Float]) -> Float {
        let s = values.sorted()
        return s[s.count / 2]
    }

    /// Channel-wise median.
    static func median(_ colours: [[Float]]) -> [Float] {
        (0..<3).map { c in median(colours.map { $0[c] }) }
    }
}
