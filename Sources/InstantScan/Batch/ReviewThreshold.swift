/// The detection confidence below which a print is shown for checking: orange in previews and
/// overlays, "check it" with the command that fixes it in the contact sheet. One value for every
/// place that colours or flags a print, so they agree.
package enum ReviewThreshold {
    /// Prints detected with less confidence than this need a person's look.
    package static let confidence = 0.5

    /// True when a print detected with `confidence` should be checked.
    package static func needsReview(_ confidence: Double) -> Bool {
        confidence < Self.confidence
    }
}
