/// A measured card displaces the template's card for the same print only if it keeps its format's
/// shape where the template's did.
///
/// A card the template extrapolated from its window and a card found as four lines of its own are
/// both refined, and the one whose window sits where its format puts it wins. That judge looks at
/// the window only. On an album page the four lines can close a quad across a pocket's seam (the
/// card's edges on three sides, the next pocket's print on the fourth), whose window is still the
/// print's: it fits as well as the right card's, while its card is far off its format's shape. The
/// measured card is then no better reading, whatever its window says.
extension PrintDetector {
    /// Whether `measured`, refined, may replace `first`, the template card's refinement, for the same
    /// print: not when `first` has its format's shape and `measured` has not. Without the photo's
    /// size (`upright`) the shape is not judged.
    func measuredKeepsShape(_ measured: DetectedPrint, over first: DetectedPrint, upright: PixelSize?) -> Bool {
        guard let upright else { return true }
        return shapeFactor(of: measured, upright: upright) == 1 || shapeFactor(of: first, upright: upright) < 1
    }
}
