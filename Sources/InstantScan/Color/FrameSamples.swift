/// Pixels of a print's frame, sampled on a regular grid of the upright card image: what white
/// balance measures the light from.
///
/// The band keeps away from the card's outer edge (rounded corners, the background bleeding in
/// through a corner that is a little off) and from the picture window's edge (the window's
/// printed position varies by a fraction of a millimetre, and its edge blurs into the picture).
struct FrameSamples {
    /// Card-normalised positions (0…1 from the card's top-left).
    var u: [Double] = []
    var v: [Double] = []
    /// The 8-bit codes of red, green and blue.
    var codes: [[UInt8]] = [[], [], []]

    /// How many samples there are.
    var count: Int { u.count }

    /// Millimetres kept clear of the card's outer edge.
    static let outerMarginMillimetres = 1.5
    /// Millimetres kept clear of the picture window's edge.
    static let innerMarginMillimetres = 1.0
    /// Enough samples for a 14-parameter robust fit (hundreds per parameter even with a third of
    /// the frame lost to glare and captions), few enough that the fit costs a few ms.
    static let targetCount = 8_000

    /// The grid's spacing for a card of `cardSize`: rows `step / 2, step / 2 + step, …` are read.
    static func step(cardSize: PixelSize, format: PrintFormat, targetCount: Int) -> Int {
        let (cardWidth, cardHeight) = format.cardSize
        let window = format.window
        let frameShare = 1 - (window.width * window.height) / (cardWidth * cardHeight)
        let area = Double(cardSize.width * cardSize.height) * frameShare
        return max(1, Int((area / Double(targetCount)).squareRoot().rounded(.up)))
    }

    /// Samples the frame of `card` (an upright card image of `format`).
    init(card: some CardRows, format: PrintFormat, targetCount: Int = FrameSamples.targetCount) {
        let (cardWidth, cardHeight) = format.cardSize
        let window = format.window
        let step = Self.step(cardSize: card.cardSize, format: format, targetCount: targetCount)
        let outer = FrameSamples.outerMarginMillimetres, inner = FrameSamples.innerMarginMillimetres
        let windowX = (window.x - inner)...(window.x + window.width + inner)
        let windowY = (window.y - inner)...(window.y + window.height + inner)
        let insideX = outer...(cardWidth - outer), insideY = outer...(cardHeight - outer)
        for y in stride(from: step / 2, to: card.height, by: step) {
            let v = (Double(y) + 0.5) / Double(card.height)
            let my = v * cardHeight
            guard insideY.contains(my) else { continue }
            // Only the grid's columns are read: on a streamed scan only they are warped (a
            // grid some 20 pixels apart, where whole rows were most of the colour stage's time).
            let row = card.row(y, columnsFrom: step / 2, to: card.width, every: step)
            for x in stride(from: step / 2, to: card.width, by: step) {
                let u = (Double(x) + 0.5) / Double(card.width)
                let mx = u * cardWidth
                guard insideX.contains(mx), !(windowX.contains(mx) && windowY.contains(my)) else { continue }
                let p = row + x * 4
                self.u.append(u)
                self.v.append(v)
                codes[0].append(p[0])
                codes[1].append(p[1])
                codes[2].append(p[2])
            }
        }
    }
}
