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
    /// Which of the card's edges (top, right, bottom, left of the upright print) were measured on the
    /// photo; false for an edge completed from the format's template (hidden by a thumb, out of view,
    /// or too faint to locate).
    public var measuredEdges: [Bool] = [true, true, true, true]
    /// Which sides of ``window`` (top, right, bottom, left of the upright print) were measured on the
    /// photo, where the picture's edge shows against the border; false for a side the format's
    /// template placed (glare over it, a pale picture meeting a pale border, a patterned band).
    public var measuredWindowEdges: [Bool] = [false, false, false, false]
    /// The card's width over its height as measured (perspective removed), whatever its format.
    public var measuredAspect: Double = 0
    /// True when the confidence is below the review threshold
    /// (``DetectionOptions/reviewConfidence``): worth a look before trusting the scan.
    public var isUncertain = false
    /// The picture window as its four edges were measured on the photo (``window`` is the format's
    /// template where that is surer); nil when an edge was not found.
    var measuredWindow: Quad?
    /// The picture window as the line search first found it (upright), before refinement put a format's
    /// drawing there: where the print is later read as another format, the picture's edges are near it.
    var searchedWindow: Quad?
    /// The reading this print was refined from, when its card is that refinement's as it came
    /// (see ``SearchedReading``).
    var searched: SearchedReading?
    /// Whether the detector judged the border patterned or not plain (``PrintRefiner/patternedBorder``),
    /// so that a later refinement at another resolution refines the card's sides as it did.
    var patternedBorder = false
    /// True when refinement moved the card's sides in from its sleeve pocket's edges
    /// (``PrintRefiner/Refined/movedInFromPocket``): the quad first found was the pocket.
    var movedInFromPocket = false

    /// A print found elsewhere (by hand, by another tool), to be refined or scanned like a detected one.
    public init(format: PrintFormat?, card: Quad, window: Quad?, confidence: Double, touchesImageBorder: Bool) {
        self.format = format
        self.card = card
        self.window = window
        self.confidence = confidence
        self.touchesImageBorder = touchesImageBorder
    }
}
