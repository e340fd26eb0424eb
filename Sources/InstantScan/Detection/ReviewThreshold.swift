/// The detection confidence below which a print needs a person's look: detection flags it
/// ``DetectedPrint/isUncertain`` (`uncertain` in JSON), previews and overlays draw it orange, and
/// the contact sheet marks it "check it" with the command that fixes it. One value for all of
/// them, so they never disagree about a print.
///
/// 0.8, calibrated on the evaluation scenes (both public sets, run at `--minimum-confidence 0.3`;
/// `Benchmarks/confidence_table.py`): every print reported at 0.8 or more was placed within 1 % of
/// its diagonal, while some of those below were misplaced or false (the README's detection
/// section has today's counts).
package enum ReviewThreshold {
    /// Prints detected with less confidence than this need a person's look.
    package static let confidence = 0.8

    /// True when a print detected with `confidence` should be checked.
    package static func needsReview(_ confidence: Double) -> Bool {
        confidence < Self.confidence
    }
}
