#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PrintRefiner {
    /// Reach of the wide search past the predicted side, as a share of the card's extent across
    /// that side. A card a millimetre or two off its format's nominal size (film generations,
    /// trimmed cards) and a window that sits a millimetre off put a side predicted from the window
    /// some 2–4 % of the card away from where the photo shows it.
    static let wideSearchReach = 0.05
    /// Largest |log| of the card's recovered shape over its format's with a side found by the wide
    /// search: the card may be off nominal by what ``wideSearchReach`` allows, not be another shape.
    static let wideSearchAspectError = 0.06
    /// Least ``EdgeRefiner/Result/significance`` of a side found by the wide search. Its profiles
    /// are several times longer than the near search's and reach across the surface, whose grain or
    /// print the near search never sees; a card's edge stands well above both (the card sides
    /// refined on the 70 evaluation scenes: median 21 times their profiles' median change, three
    /// quarters above 10).
    static let wideSearchSignificance = 4.0
    /// Largest robust spread (pixels) of a side found by the wide search about its line. A card's
    /// straight edge is sub-pixel (95 % of the card sides refined on the evaluation scenes spread by
    /// 0.5 px or less); the outline of a hand or a thumb over the side is curved.
    static let wideSearchScale = 1.0

    /// Searches again, further out, for a card side the search near its prediction found no edge
    /// for, and returns it only when it is a clean straight edge that leaves the card its
    /// format's shape.
    ///
    /// The near search is narrow (a few working pixels) because a prediction from the working
    /// image is good to that; a side placed from the window through the template is not, when the
    /// card is off its nominal size. Coming from the border outward, the first strong change past a
    /// plain border is the card's edge, so the wide search runs outward only, from the same point
    /// inside the border as the near one. A side really hidden (a thumb over it, the photo's edge)
    /// gives no straight edge, or one that makes the card another shape, and stays inferred.
    func wideCardEdge(side i: Int, card: Quad, sides: [EdgeRefiner.Result?], inward: Double, nearReach: Double,
                      format: PrintFormat, refiner: EdgeRefiner) -> EdgeRefiner.Result? {
        let a = card.corners[i], b = card.corners[(i + 1) % 4]
        let extent = i % 2 == 0 ? card.meanHeight : card.meanWidth
        let reach = Self.wideSearchReach * extent
        guard reach > nearReach else { return nil }
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 0 else { return nil }
        let normal = Point(-d.y / length, d.x / length)
        let shift = (reach - inward) / 2
        guard let found = refiner.refine(from: a - normal * shift, to: b - normal * shift, towardBorder: normal,
                                         searchRadius: (reach + inward) / 2, trim: 0.12, rule: .firstFromBorder),
              found.isCleanSide() else { return nil }
        // Nearly parallel to the prediction: the other sides fix the card's perspective to a degree.
        let predicted = ImageLine(a, b)
        let turn = abs(predicted.direction.x * found.line.direction.y - predicted.direction.y * found.line.direction.x)
        guard turn < 0.035 else { return nil }
        var lines = (0..<4).map { sides[$0]?.line ?? ImageLine(card.corners[$0], card.corners[($0 + 1) % 4]) }
        lines[i] = found.line
        guard let widened = PrintRefiner.quad(lines: lines) else { return nil }
        let aspect = AspectRatio.recover(widened, imageSize: sampler.uprightSize)
        // The corner order may still be a quarter turn off the print's (the format decides the turn).
        let error = min(abs(log(aspect / format.cardAspect)), abs(log(aspect * format.cardAspect)))
        guard error <= Self.wideSearchAspectError else { return nil }
        return found
    }
}
