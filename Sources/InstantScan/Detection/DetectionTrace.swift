/// What the detector saw on its way to the prints: for overlays, debugging and tuning.
///
/// Everything is in upright full-resolution pixels, like ``DetectedPrint``.
public struct DetectionTrace: Sendable {
    /// A candidate print before full-resolution refinement.
    public struct Candidate: Sendable {
        /// The format whose template placed the pair.
        public var format: PrintFormat
        /// Card and window corners, TL, TR, BR, BL as the template placed them.
        public var card: Quad
        public var window: Quad
        /// Overall evidence, 0...1 (the print's confidence if chosen).
        public var score: Double
        /// Edge support of the card's sides and the window's (top, right, bottom, left), 0...1.
        public var cardSupport: [Double]
        public var windowSupport: [Double]
        /// True when the window was found as lines and the card predicted from it.
        public var fromWindow: Bool
        /// How plain the band between card and window is, 0...1.
        public var borderUniformity: Double
        /// Share of the border's sides whose colour agrees with the rest, 0...1.
        public var borderConsistency: Double
        /// Share of the card's and of the window's sides with a colour change across them, 0...1.
        public var cardContrast: Double
        public var windowContrast: Double
    }

    /// The prints reported.
    public var prints: [DetectedPrint] = []
    /// Straight edge pieces found in the working image.
    public var segments: [(Point, Point)] = []
    /// Merged lines, as their covered extent.
    public var lines: [(Point, Point)] = []
    /// Quads closed from the lines (before any template), best first.
    public var quads: [Quad] = []
    /// The best candidates, best first.
    public var candidates: [Candidate] = []
    /// The candidates chosen as prints, before refinement.
    public var selected: [Candidate] = []
    /// Size of the working image.
    public var workingSize = PixelSize(width: 0, height: 0)
    /// The working image itself (upright RGBA8), for overlays.
    public var workingImage: PixelBuffer?
    /// From working-image pixels to upright full-resolution pixels.
    public var workingToUpright = Homography.identity
    /// CPU seconds of the calling thread spent per stage, in order.
    public var timings: [(stage: String, seconds: Double)] = []
}
