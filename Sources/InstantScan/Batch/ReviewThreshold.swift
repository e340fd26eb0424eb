/// The detection confidence below which a print is shown for checking: orange in previews and
/// overlays, "check it" with the command that fixes it in the contact sheet. One value for every
/// place that colours or flags a print, so they agree.
public enum ReviewThreshold {
    /// Prints detected with less confidence than this need a person's look.
    public static let confidence = 0.5

    /// True when a print detected with `confidence` should be checked.
    public static func needsReview(_ confidence: Double) -> Bool {
        confidence < Self.confidence
    }
}
