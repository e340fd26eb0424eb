/// What the detector saw on its way to the prints: for overlays, debugging and tuning.
///
/// Everything is in upright full-resolution pixels, like ``DetectedPrint``.
public struct DetectionTrace: Sendable {
    /// A candidate print before full-resolution refinement.
    public struct Candidate: Sendable {
        public var format: PrintFormat
        public var card: Quad
        public var window: Quad
        public var score: Double
    }

    /// The prints reported.
    public var prints: [DetectedPrint] = []
    /// Straight edge pieces found in the working image.
    public var segments: [(Point, Point)] = []
    /// Merged lines, as their covered extent.
    public var lines: [(Point, Point)] = []
    /// The best candidates, best first.
    public var candidates: [Candidate] = []
    /// Size of the working image.
    public var workingSize = PixelSize(width: 0, height: 0)
    /// The working image itself (upright RGBA8), for overlays.
    public var workingImage: PixelBuffer?
    /// From working-image pixels to upright full-resolution pixels.
    public var workingToUpright = Homography.identity
    /// CPU seconds of the calling thread spent per stage, in order.
    public var timings: [(stage: String, seconds: Double)] = []
}
