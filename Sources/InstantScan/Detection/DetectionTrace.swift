/// What the detector saw on its way to the prints: for overlays, debugging and tuning.
///
/// Everything is in upright full-resolution pixels, like ``DetectedPrint``.
package struct DetectionTrace: Sendable {
    /// A candidate print before full-resolution refinement.
    package struct Candidate: Sendable {
        /// The format whose template placed the pair.
        package var format: PrintFormat
        /// Card and window corners, TL, TR, BR, BL as the template placed them.
        package var card: Quad
        package var window: Quad
        /// Overall evidence, 0...1 (the print's confidence if chosen).
        package var score: Double
        /// Edge support of the card's sides and the window's (top, right, bottom, left), 0...1.
        package var cardSupport: [Double]
        package var windowSupport: [Double]
        /// True when the window was found as lines and the card predicted from it.
        package var fromWindow: Bool
        /// How plain the band between card and window is, 0...1.
        package var borderUniformity: Double
        /// Share of the border's sides whose colour agrees with the rest, 0...1.
        package var borderConsistency: Double
        /// Share of the card's and of the window's sides with a colour change across them, 0...1.
        package var cardContrast: Double
        package var windowContrast: Double
    }

    /// The prints reported.
    package var prints: [DetectedPrint] = []
    /// Straight edge pieces found in the working image.
    package var segments: [(Point, Point)] = []
    /// Merged lines, as their covered extent.
    package var lines: [(Point, Point)] = []
    /// Quads closed from the lines (before any template), best first.
    package var quads: [Quad] = []
    /// The best candidates, best first.
    package var candidates: [Candidate] = []
    /// The candidates chosen as prints, before refinement.
    package var selected: [Candidate] = []
    /// Size of the working image.
    package var workingSize = PixelSize(width: 0, height: 0)
    /// The working image itself (upright RGBA8), for overlays.
    package var workingImage: PixelBuffer?
    /// From working-image pixels to upright full-resolution pixels.
    package var workingToUpright = Homography.identity
    /// CPU seconds of the calling thread spent per stage, in order.
    package var timings: [(stage: String, seconds: Double)] = []
}
