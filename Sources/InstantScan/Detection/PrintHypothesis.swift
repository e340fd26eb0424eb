/// A card and its window placed by one format's template, with the edge evidence for all eight sides.
struct PrintHypothesis: Sendable {
    /// Which of the pair was found as four lines; the other was predicted by the template.
    enum Origin: Sendable { case card, window }

    var format: PrintFormat
    /// Card corners TL, TR, BR, BL of the upright print, in working-image pixels.
    var card: Quad
    /// Window corners, same order.
    var window: Quad
    var origin: Origin
    /// Support of the card's sides (top, right, bottom, left) and of the window's.
    var cardSupport: [Double]
    var windowSupport: [Double]
    /// How much the band between card and window looks like a print's border (once ranked).
    var border: BorderAppearance.Result?
    /// Evidence from the edges alone, 0...1.
    var edgeScore: Double
    /// Overall evidence, 0...1: the edge score weighed by the border's appearance.
    var score: Double
}
