/// How far a quad read as a card of some format is squeezed by the view: the cosine of the angle
/// between the card's face and the camera's.
///
/// Near its middle, a flat card seen from a phone is the format's rectangle under an affine map: the
/// means of its opposite sides, each over the format's width or height, are the images of the card's
/// unit sides. The map squeezes the card along the direction it tilts away, by the cosine of the tilt,
/// and keeps it across that direction, so the ratio of the map's two singular values is that cosine,
/// whichever way the card is turned or tilted (a tilt about the card's diagonal squeezes no side and
/// skews its corners instead). Perspective varies the squeeze across the card, little at the distances
/// prints are photographed from.
///
/// People photograph prints about face-on, a wall or a page of them at up to forty-odd degrees (the
/// steepest of the evaluation scenes' 161 prints is seen at 46°, a ratio of 0.69); past sixty the
/// picture is squeezed to under half, which no one shoots to scan. A quad that thin or that skewed
/// for every format's card is something else: a sliver of a patterned border between a stripe, the card's edge
/// and the picture's, a shelf's edge, a book's spine.
enum CardForeshortening {
    /// The least ``ratio(of:format:)`` of a card as photographs show prints: sixty degrees from
    /// face-on (cos 60° = 0.5).
    static let steepestView = 0.5

    /// The ratio, 0...1, of the smaller to the larger singular value of the affine map from `format`'s
    /// card (in `card`'s corner order: top, right, bottom, left of the upright print) to `card`: 1 seen
    /// face-on, the cosine of the tilt otherwise; 0 for a degenerate quad.
    static func ratio(of card: Quad, format: PrintFormat) -> Double {
        let size = format.cardSize
        let c = card.corners
        // The images of the card's unit width and height at its middle.
        let across = ((c[1] - c[0]) + (c[2] - c[3])) * (0.5 / size.width)
        let down = ((c[3] - c[0]) + (c[2] - c[1])) * (0.5 / size.height)
        // For a 2×2 map, s1² + s2² is the sum of its squared entries and s1·s2 its determinant's size;
        // the ratio r = s2/s1 then solves r / (1 + r²) = |det| / sum.
        let sum = across.x * across.x + across.y * across.y + down.x * down.x + down.y * down.y
        let det = abs(Point.cross(across, down))
        guard det > 0, sum > 0 else { return 0 }
        return (sum - max(0, sum * sum - 4 * det * det).squareRoot()) / (2 * det)
    }

    /// Whether some print could make `card`: the card of some format, turned either way, seen no
    /// more steeply than photographs show prints.
    ///
    /// Every format is tried, not only the one the reading names: a reading's format is often
    /// renamed later (a Mini's card first read as a Wide's is squeezed by the shape alone), and a
    /// quad is a sliver only if no print explains it.
    static func isPlausible(_ card: Quad) -> Bool {
        PrintFormat.allCases.contains { format in
            (0..<2).contains { ratio(of: card.rotatingOrder(by: $0), format: format) >= steepestView }
        }
    }
}
