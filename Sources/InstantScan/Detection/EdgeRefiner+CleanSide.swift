extension EdgeRefiner.Result {
    /// Whether a side read in one of the refiner's wider searches (beyond the near search's reach:
    /// the wide search, the border beyond a strip, a sleeve pocket's side, a patterned band's outer
    /// edge) is one clean straight edge: nearly all its profiles on one line, most of them with a
    /// peak, spread sub-pixel about it and, where the profiles are long enough to know their own
    /// noise, well above it. These searches reach across surfaces the near search never sees, so a
    /// faint or ragged reading there is more often the surface's than the card's.
    /// - Parameter checkingSignificance: false where the profiles are too short to measure their
    ///   own noise (the edge's step fills half of each) and the caller has judged the contrast.
    func isCleanSide(checkingSignificance: Bool = true) -> Bool {
        inlierFraction >= 0.8 && foundFraction >= 0.7 && scale <= PrintRefiner.wideSearchScale
            && (!checkingSignificance || significance >= PrintRefiner.wideSearchSignificance)
    }
}
