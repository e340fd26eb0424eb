#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pale stretch of the picture along a window edge (a sky, snow, a white wall in the photo) can
/// join the border so that the window's edge passes for the card's, the border band on that side
/// left outside the card: the card comes out short by the border's width (4–6 % of a 600's card).
///
/// A card's edge has the border's colour just inside it and the surface outside. Where a refined
/// side has the border's colour just outside and something else just inside, it is a window edge,
/// and the card's edge is where the border's colour ends further out: sought there as a clean
/// straight edge parallel to the side, as the wide search requires of its finds.
extension PrintRefiner {
    /// How far out from a side the border's end is sought, as a share of the card across that side:
    /// a side border of the widest format (an Instax Mini's, 6 % of its width) and some.
    static let beyondBorderReach = 0.09

    /// The card with every side of `refined` that has the border's colour outside it moved out to
    /// where that colour ends; nil when no side has.
    func cardBeyondBorder(_ refined: Refined, border: [Float]) -> Quad? {
        let card = refined.card
        let limit = Self.pocketColourDifference(for: border)
        var moved: [EdgeRefiner.Result?] = [nil, nil, nil, nil]
        for i in 0..<4 {
            guard let side = refined.cardEdges[i], side.curve == nil else { continue }
            moved[i] = edgeBeyondBorder(i, of: card, line: side.line, border: border, limit: limit)
        }
        guard moved.contains(where: { $0 != nil }) else { return nil }
        let lines = (0..<4).map { i in moved[i]?.line ?? ImageLine(card.corners[i], card.corners[(i + 1) % 4]) }
        return PrintRefiner.quad(lines: lines)
    }

    /// The card's edge beyond side `i` of `card`, when the side has the border's colour just
    /// outside it and not just inside.
    private func edgeBeyondBorder(_ i: Int, of card: Quad, line: ImageLine, border: [Float], limit: Float) -> EdgeRefiner.Result? {
        let a = card.corners[i], b = card.corners[(i + 1) % 4]
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 8 else { return nil }
        let outward = Point(d.y / length, -d.x / length)  // out of the card (clockwise quad)
        let extent = i % 2 == 0 ? card.meanHeight : card.meanWidth
        let skip = max(2, (0.006 * extent).rounded())
        let reach = Int(Self.beyondBorderReach * extent)
        let run = max(3, Int(0.01 * extent))
        guard reach > Int(skip) + 2 * run else { return nil }
        // Profiles outward from just past the side's blur, and the colour as far inside it.
        // Each profile as its samples' colour differences from the border's, all that is read of it.
        var profiles: [[Float]] = [], inside: [[Float]] = []
        var buffer = [Float](repeating: 0, count: 3 * (reach + 1))
        for k in 0..<15 {
            let t = 0.2 + 0.6 * Double(k) / 14
            let p = a + d * t
            guard sampler.profile(from: p - outward * skip, step: outward, count: 1, into: &buffer) else { continue }
            let within = Array(buffer[0..<3])
            guard sampler.profile(from: p + outward * skip, step: outward, count: reach + 1, into: &buffer) else { continue }
            inside.append(within)
            profiles.append(Self.differences(buffer, count: reach + 1, from: border))
        }
        guard profiles.count >= 10 else { return nil }
        // Just inside, not the border (else the side is the card's edge, whatever lies outside);
        // just outside, the border all along (a card on paper of its border's colour has no edge
        // further out within the reach, and the search below finds none).
        guard Self.median(inside.map { Self.difference($0, border) }) >= limit else { return nil }
        // Where the border's colour ends (for good) in each profile, past a window's edge line (a
        // thin dark or light rule round many pictures) where it begins.
        let ends = profiles.compactMap { off -> Int? in
            guard let begin = (0..<min(off.count - 2 * run, 3 * run)).first(where: { j in off[j..<(j + run)].allSatisfy { $0 < limit } })
            else { return nil }
            return ((begin + run)..<(off.count - run)).first { j in off[j..<(j + run)].allSatisfy { $0 >= limit } }
        }
        guard Double(ends.count) >= 0.8 * Double(profiles.count) else { return nil }
        let sorted = ends.sorted()
        let nearest = sorted[sorted.count / 5], last = sorted[sorted.count - 1 - sorted.count / 5]
        // The card's edge is the first strong change coming from the border outward, about there.
        let from = skip + Double(nearest - run), to = skip + Double(last + run)
        let radius = max(2, (to - from) / 2), centre = (to + from) / 2
        // The profiles reach only a few pixels either side of where the colour ends, and a step
        // softened by the lens, shake or a resized photo fills half of each: their median change is
        // the step's own slope, not the photo's noise, and a real edge reads as barely above it.
        // Its contrast was judged above (the border's colour ending by the limit on most profiles);
        // a clean straight line through the steps is what is asked of it here.
        guard let found = EdgeRefiner(sampler: sampler).refine(from: a + outward * centre, to: b + outward * centre,
                                                               towardBorder: outward * -1, searchRadius: radius, trim: 0.12,
                                                               rule: .firstFromBorder),
              found.isCleanSide(checkingSignificance: false) else { return nil }
        let turn = abs(line.direction.x * found.line.direction.y - line.direction.y * found.line.direction.x)
        let shift = min(abs(found.line.distance(a)), abs(found.line.distance(b)))
        guard turn < 0.035, shift >= max(2, 0.01 * extent) else { return nil }
        return found
    }
}

extension PrintRefiner {
    /// `refined` once more from its card with the sides that had the border outside moved out,
    /// when that hangs together and leaves the card its format's shape: as nearly as before, or
    /// within what a card off its nominal size shows (``wideSearchAspectError``).
    ///
    /// The narrow card's shape is no judge on its own: a side drawn on the window's edge takes one
    /// side border off the card (4–6 % of its width), which can make a 600 read as a Go, whose
    /// card is a little narrower, and a card a millimetre off nominal then fits the wrong format
    /// better narrow than whole. The border's colour ending at a straight edge beyond the side is
    /// measured on the photo; the format's shape only vetoes a card it turns into another shape.
    func widenedBeyondBorder(_ refined: Refined) -> Refined {
        guard let format = refined.format, let border = plainBorderColour(refined),
              let wider = cardBeyondBorder(refined, border: border) else { return refined }
        let second = refine(card: wider, window: refined.window, format: format)
        guard second.isConsistent, let widened = second.format else { return refined }
        func shapeError(_ card: Quad, _ format: PrintFormat) -> Double {
            let aspect = AspectRatio.recover(card, imageSize: sampler.uprightSize)
            return min(abs(log(aspect / format.cardAspect)), abs(log(aspect * format.cardAspect)))
        }
        let widenedError = shapeError(second.card, widened)
        return widenedError <= Self.wideSearchAspectError || widenedError < shapeError(refined.card, format) ? second : refined
    }
}
