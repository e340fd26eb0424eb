/// One side of a refined card, read inward, as the sleeve-pocket checks read it: its ends, its
/// direction, the normal into the card, the card's extent across it, and how far in the first
/// sample lies (past the edge's own blur, a pixel or two at the least).
struct CardSideInside {
    let start: Point
    let end: Point
    /// From `start` to `end`.
    let along: Point
    /// Unit normal into the card (a clockwise quad).
    let normal: Point
    /// The card's size across the side: its height for the top and bottom, its width for the sides.
    let extent: Double
    let skip: Double

    /// Side `i` (top, right, bottom, left) of `card`; nil for a side under 8 pixels, too short to read.
    init?(_ i: Int, of card: Quad) {
        start = card.corners[i]
        end = card.corners[(i + 1) % 4]
        along = end - start
        let length = (along.x * along.x + along.y * along.y).squareRoot()
        guard length > 8 else { return nil }
        normal = Point(-along.y / length, along.x / length)
        extent = i % 2 == 0 ? card.meanHeight : card.meanWidth
        skip = max(2, (0.006 * extent).rounded())
    }
}

extension CardSideInside {
    /// How far `line` lies beyond this side, outward of the card, at the side's middle.
    func outwardDistance(to line: ImageLine) -> Double {
        let middle = start + along * 0.5
        let outward = normal * -1
        let facing = line.normal.x * outward.x + line.normal.y * outward.y
        guard abs(facing) > 0.3 else { return 0 }
        return -line.distance(middle) / facing
    }
}
