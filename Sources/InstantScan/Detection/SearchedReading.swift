/// A reading of the line search (upright, at the resolution detection ran on) and the card its
/// refinement gave.
///
/// Where detection ran on a DCT-scaled decode, refining the reading again at full resolution from
/// here is what detection on the whole decode does; refining from the scaled decode's refined card
/// instead only polishes it, and cannot leave an edge the half-resolution refinement took for the
/// card's (a sleeve pocket's, a glare streak's, a patterned band's): hard scenes at 4032 px through
/// `scan`, 4 prints off 1.3–3.5 % where a whole decode's detection places them.
struct SearchedReading: Sendable {
    var card: Quad
    var window: Quad
    var format: PrintFormat
    /// The card refinement made of it: when the print's card is no longer this one, a later step
    /// (a row's outline, a pocket's re-read, another format's name) placed it, and the reading says
    /// nothing of it.
    var refinedCard: Quad

    /// This reading in another resolution's pixels.
    func mapped(_ transform: (Point) -> Point) -> SearchedReading {
        SearchedReading(card: card.mapped(transform), window: window.mapped(transform), format: format,
                        refinedCard: refinedCard.mapped(transform))
    }
}
