/// The picture's edges of a print whose card was read at its sleeve pocket's edges.
///
/// A pocket is cut a few millimetres larger than the print it holds, and the card lies in it as it
/// slid in: off-centre and turned by as much as the pocket's slack allows, a degree or two. Read
/// from the pocket's outline, the format puts the picture a margin too far out, and its sides
/// turned from the picture's by the card's turn in the pocket. The window's side search takes a
/// side only within a few millimetres of the format's place and parallel to the card's side (a
/// picture is cut square to its card; a slanted line is a shape in the picture), so it leaves the
/// picture's edges unmeasured, however clear they are (a black card's bright picture), and the
/// card inside the pocket is never sought. Read again from the outline shrunk by a pocket's
/// margin, and allowing the turn a card can take in its pocket, they are measured.
extension PrintRefiner {
    /// Pocket margins (mm a side) from which ``windowInsidePocket(_:as:)`` reads the window: the
    /// outline itself, and the card a sleeve's slack inside it.
    static let pocketMargins = [0, 1.5, 3.0]

    /// The window of a card that `pocket` holds, read as `format` from `pocket` shrunk by each of
    /// ``pocketMargins`` with its sides allowed to turn from the outline's by
    /// ``pocketSideTurn``; the reading with the most sides measured, nil when none measures two.
    func windowInsidePocket(_ pocket: Quad, as format: PrintFormat) -> (window: Quad, measured: [Bool])? {
        let millimetre = pocket.meanWidth / format.cardSize.width
        guard millimetre > 1 else { return nil }
        var reader = self
        reader.windowSideSkew = Self.pocketSideTurn / format.cardSize.width
        var best: (window: Quad, measured: [Bool])?
        for margin in Self.pocketMargins {
            let lines = (0..<4).compactMap { i -> ImageLine? in
                guard let side = CardSideInside(i, of: pocket) else { return nil }
                let shift = side.normal * (margin * millimetre)
                return ImageLine(side.start + shift, side.end + shift)
            }
            guard lines.count == 4, let card = PrintRefiner.quad(lines: lines), card.isConvex,
                  let read = reader.window(of: card, as: format) else { continue }
            let count = read.measured.measuredCount
            if count >= 2, count > (best?.measured.measuredCount ?? 0) { best = read }
        }
        return best
    }
}
