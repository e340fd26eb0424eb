/// One instant print found in a photo.
///
/// Coordinates are upright pixels of the photo as decoded (EXIF orientation applied), pixel centres at
/// whole numbers; corners run top-left, top-right, bottom-right, bottom-left of the upright print —
/// the thick border at the bottom.
public struct DetectedPrint: Sendable {
    /// The film format, or nil for a card-like rectangle that fits none of them.
    public var format: PrintFormat?
    /// The whole card.
    public var card: Quad
    /// The picture window, when the format is known.
    public var window: Quad?
    /// How sure the detector is, 0...1: the share of the card's and window's edges that the photo
    /// supports, lowered when the format fit is loose.
    public var confidence: Double
    /// True when part of the card lies outside the photo (its corners were extrapolated, or it was cut).
    public var touchesImageBorder: Bool

    public init(format: PrintFormat?, card: Quad, window: Quad?, confidence: Double, touchesImageBorder: Bool) {
        self.format = format
        self.card = card
        self.window = window
        self.confidence = confidence
        self.touchesImageBorder = touchesImageBorder
    }
}
