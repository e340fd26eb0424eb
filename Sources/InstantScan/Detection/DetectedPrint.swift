/// One print found in a photo.
public struct DetectedPrint: Sendable {
    /// The format, when the card and window match one; nil for a card-like rectangle of no known ratio.
    public var format: PrintFormat?
    /// The card's corners (TL, TR, BR, BL of the upright print), in upright photo pixels.
    public var card: Quad
    /// The picture window's corners, when found or implied by the format.
    public var window: Quad?
    /// How sure the detector is, from 0 to 1.
    public var confidence: Double
    /// True when the card runs off the photo's edge (its corners are then extrapolated).
    public var touchesImageBorder: Bool

    /// Makes a detected print.
    public init(format: PrintFormat?, card: Quad, window: Quad?, confidence: Double, touchesImageBorder: Bool) {
        self.format = format
        self.card = card
        self.window = window
        self.confidence = confidence
        self.touchesImageBorder = touchesImageBorder
    }
}
