extension PrintDetector {
    /// Prints on a page of one format whose card was read at their pocket's edges, moved in to the
    /// card's own faint edge inside the pocket.
    ///
    /// A clear sleeve's pocket is cut a few millimetres larger than the print it holds, and its
    /// seams are the sharpest lines on the page. Where the card's border is close to what the pocket
    /// shows around it (a black card on a dark page under the sleeve's haze) the card's own edge is a
    /// step of a few grey levels, and the pocket's seams win the line search: the card reported is
    /// the pocket, a few per cent too big and often of another format's shape. The picture's edges,
    /// though, are strong: the window measured as the page's shared format, carried to the card by
    /// the format's drawing, says where the card is to a millimetre or two. Between there and the
    /// pocket's seam every side is averaged along its length, so that a weak step the noise hides in
    /// one profile shows as one straight line; sides whose step does not show keep the drawing's place.
    func cardsInPockets(_ prints: [DetectedPrint], refiner: PrintRefiner, upright: PixelSize) -> [DetectedPrint] {
        guard options.refinesAtFullResolution, let shared = Self.sharedFormat(of: prints.map(\.format)) else { return prints }
        return prints.map { print in
            // A patterned border has steps of its own inside the card.
            guard !print.patternedBorder, var moved = refiner.cardInPocket(print, as: shared) else { return print }
            moved.measuredAspect = AspectRatio.recover(moved.card, imageSize: upright)
            return moved
        }
    }
}

extension PrintRefiner {
    /// Least number of the card's sides whose own step must be found inside the pocket.
    static let pocketCardSides = 2

    /// Least distance (mm) the pocket's sides must stand beyond the card the window predicts, summed
    /// over the four sides: a pocket is cut 2–3 mm larger than its print, while the drawing errs by
    /// a millimetre or so a side on a card read at its own edges.
    static let pocketExcess = 4.0

    /// `print` with its card moved in from its pocket's edges to the card's own, as `format`; nil when
    /// the card was not a pocket or its own edge does not show.
    func cardInPocket(_ print: DetectedPrint, as format: PrintFormat) -> DetectedPrint? {
        let template = PrintTemplate(format: format)
        // The picture's edges, as the shared format's, read on the photo. A print read as another format
        // has that format's window drawn in its card; the picture the line search found is still near
        // enough to carry the shared format's card to it and read its edges again.
        var window = print.window, measured = print.measuredWindowEdges
        if print.format != format {
            guard let first = print.searchedWindow ?? window, let card = template.card(forWindow: first), card.isConvex,
                  let read = self.window(of: card, as: format) else { return nil }
            (window, measured) = (read.window, read.measured)
        }
        // Too few of its sides measured where the format puts the picture in the card read: the
        // picture's edges sought again inside the pocket, turned as the card may be in it.
        if measured.measuredCount < 2, let read = windowInsidePocket(print.card, as: format) {
            (window, measured) = (read.window, read.measured)
        }
        guard let window, measured.measuredCount >= 2,
              let predicted = template.card(forWindow: window), predicted.isConvex else { return nil }
        let millimetre = predicted.meanWidth / format.cardSize.width
        guard millimetre > 1 else { return nil }
        // How far the reported card's sides stand beyond the predicted card's, and the window's inside.
        let sides = (0..<4).compactMap { CardSideInside($0, of: predicted) }
        guard sides.count == 4 else { return nil }
        let beyond = (0..<4).map { i in
            let line = ImageLine(print.card.corners[i], print.card.corners[(i + 1) % 4])
            return sides[i].outwardDistance(to: line)
        }
        let inside = (0..<4).map { i in
            -sides[i].outwardDistance(to: ImageLine(window.corners[i], window.corners[(i + 1) % 4]))
        }
        guard beyond.allSatisfy({ $0 > -millimetre }), beyond.reduce(0, +) >= Self.pocketExcess * millimetre,
              inside.allSatisfy({ $0 > 2 * millimetre }) else { return nil }
        var lines = (0..<4).map { ImageLine(predicted.corners[$0], predicted.corners[($0 + 1) % 4]) }
        var found = [Bool](repeating: false, count: 4)
        for i in 0..<4 {
            let low = -min(2 * millimetre, inside[i] - 1.2 * millimetre)
            let high = beyond[i] - max(3, 0.5 * millimetre)
            // A window side measured on the photo gives the drawn card side's angle to a fraction of a
            // degree; one the drawing placed (the picture dark against a dark border) may be turned.
            guard let line = stepInsidePocket(along: sides[i], from: low, to: high)
                    ?? (measured[i] ? nil : tiltedStepInsidePocket(along: sides[i], from: low, to: high, millimetre: millimetre))
            else { continue }
            lines[i] = line
            found[i] = true
        }
        guard found.measuredCount >= Self.pocketCardSides else { return nil }
        let corners = (0..<4).compactMap { lines[($0 + 3) % 4].intersection(lines[$0]) }
        guard corners.count == 4 else { return nil }
        let card = Quad(corners[0], corners[1], corners[2], corners[3])
        // The card found must be the format's drawing around the picture, within the pocket.
        guard card.isConvex, let drawn = template.window(forCard: card),
              zip(drawn.corners, window.corners).allSatisfy({ $0.distance(to: $1) <= 2.5 * millimetre }),
              (0..<4).allSatisfy({ i in
                  guard let side = CardSideInside(i, of: card) else { return false }
                  return side.outwardDistance(to: ImageLine(print.card.corners[i], print.card.corners[(i + 1) % 4])) >= -1
              }) else { return nil }
        var moved = print
        moved.card = card
        moved.format = format
        if let read = self.window(of: card, as: format, inLinearLight: true) {
            moved.window = read.window
            moved.measuredWindowEdges = read.measured
        }
        moved.measuredEdges = found
        moved.movedInFromPocket = true
        return moved
    }

    /// Most the card's side may turn from the drawing's (mm from one end of the side to the other,
    /// either way): about 2° on a Polaroid's side, as far as a window whose sides were partly
    /// inferred carries its angle out to the card.
    static let pocketSideTurn = 3.0

    /// The step of `stepInsidePocket`, searched on lines turned a little from the drawn side's: the
    /// drawing carries the window's angle out to the card, so where the window's side was not seen
    /// and the drawing placed it, the drawn card side may be a degree or two off the card's, a few
    /// pixels from end to end. Profiles averaged across the drawn side then smear the card's faint
    /// step into a ramp that no third of the side agrees with; averaged across the turned line they
    /// show it again. The turn whose step is strongest wins.
    func tiltedStepInsidePocket(along side: CardSideInside, from low: Double, to high: Double, millimetre: Double) -> ImageLine? {
        let most = Int((Self.pocketSideTurn * millimetre).rounded(.down))
        guard most >= 1 else { return nil }
        var best: (line: ImageLine, strength: Float)?
        for turn in -most...most where turn != 0 {
            guard let found = stepInsidePocket(along: side, from: low, to: high, turn: Double(turn)),
                  best.map({ found.strength > $0.strength }) ?? true else { continue }
            best = found
        }
        return best?.line
    }

    /// The straight step a side's profiles share between `low` and `high` pixels outward of it:
    /// profiles along the side's middle, averaged so that a step of a few grey levels stands above
    /// the noise; the same step must show in each third of the side, on one line.
    func stepInsidePocket(along side: CardSideInside, from low: Double, to high: Double) -> ImageLine? {
        stepInsidePocket(along: side, from: low, to: high, turn: 0)?.line
    }

    /// The step of `stepInsidePocket(along:from:to:)` on a line turned from the side's by `turn` pixels
    /// outward from its start to its end, and its strength.
    func stepInsidePocket(along side: CardSideInside, from low: Double, to high: Double, turn: Double) -> (line: ImageLine, strength: Float)? {
        let half = 3, groups = 3, perGroup = 14
        let count = Int(high - low) + 1
        guard count >= 2 * half + 3 else { return nil }
        let outward = side.normal * -1
        var buffer = [Float](repeating: 0, count: 3 * count)
        // Each profile's brightness (the channels' sum), outward.
        var profiles: [[Float]] = [], positions: [Double] = []
        for k in 0..<(groups * perGroup) {
            let t = 0.1 + 0.8 * (Double(k) + 0.5) / Double(groups * perGroup)
            let start = side.start + side.along * t + outward * (low + turn * (t - 0.5))
            guard sampler.profile(from: start, step: outward, count: count, into: &buffer) else { return nil }
            profiles.append((0..<count).map { buffer[3 * $0] + buffer[3 * $0 + 1] + buffer[3 * $0 + 2] })
            positions.append(t)
        }
        // The step across sample k of one profile: the mean beyond less the mean before, the sample
        // itself (the edge's blur) left out.
        func step(_ p: [Float], _ k: Int) -> Float {
            var before: Float = 0, after: Float = 0
            for j in 1...half { before += p[k - j]; after += p[k + j] }
            return (after - before) / Float(half)
        }
        func mean(_ rows: ArraySlice<[Float]>, _ k: Int) -> Float {
            rows.reduce(0) { $0 + step($1, k) } / Float(rows.count)
        }
        let range = half..<(count - half)
        let all = profiles[...]
        let steps = range.map { mean(all, $0) }
        // The strongest peak short of the range's ends: the window's and the seam's blur rise there.
        let peaks = steps.indices.dropFirst().dropLast().filter {
            abs(steps[$0]) >= abs(steps[$0 - 1]) && abs(steps[$0]) >= abs(steps[$0 + 1])
        }
        guard let best = peaks.max(by: { abs(steps[$0]) < abs(steps[$1]) }) else { return nil }
        let k = range.lowerBound + best, strength = steps[best]
        // A step, not a slope: twice the change a step's width inward (outward the pocket's seam may
        // already begin).
        guard abs(strength) >= 6 else { return nil }
        if range.contains(k - 2 * half), abs(steps[k - 2 * half - range.lowerBound]) * 2 > abs(strength) { return nil }
        // Above the noise: the profiles' own steps there agree.
        let own = profiles.map { step($0, k) }
        let spread = (own.map { ($0 - strength) * ($0 - strength) }.reduce(0, +) / Float(own.count - 1)).squareRoot()
        guard abs(strength) * Float(own.count).squareRoot() >= 6 * max(spread, 1) else { return nil }
        // Each third's step, near the whole side's and the same way: points of one straight line.
        var points: [Point] = []
        for g in 0..<groups {
            let rows = profiles[(g * perGroup)..<((g + 1) * perGroup)]
            let near = max(range.lowerBound, k - 2)...min(range.upperBound - 1, k + 2)
            guard let at = near.max(by: { abs(mean(rows, $0)) < abs(mean(rows, $1)) }),
                  mean(rows, at) * strength > 0, abs(mean(rows, at)) >= 0.5 * abs(strength) else { return nil }
            let t = 0.1 + 0.8 * (Double(g) + 0.5) / Double(groups)
            // The turned line stays between the bounds: beyond them lie the window's and the seam's edges.
            let offset = low + turn * (t - 0.5) + Double(at)
            guard offset >= low, offset <= high else { return nil }
            points.append(side.start + side.along * t + outward * offset)
        }
        let line = ImageLine(points[0], points[groups - 1])
        guard abs(line.distance(points[1])) <= 1.5 else { return nil }
        return (line, abs(strength))
    }
}
