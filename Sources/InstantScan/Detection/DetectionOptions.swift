/// Settings for ``PrintDetector``. The defaults suit phone photos of 3–48 megapixels.
public struct DetectionOptions: Sendable {
    /// Long side of the working copy the search runs on, in pixels. Larger finds smaller prints and
    /// costs time roughly with the square.
    public var workingLongSide: Int
    /// Smallest card, as a share of the photo's area.
    public var minimumPrintAreaFraction: Double
    /// Most prints reported.
    public var maximumPrints: Int
    /// Evidence (0...1) below which a candidate is not reported. Prints score 0.8–1 unless glare, a
    /// low-contrast table or a small size takes much away; patterns that only look like prints
    /// mostly score below 0.6. A print of no known format must score 0.12 more.
    public var minimumConfidence: Double
    /// Refine edges to sub-pixel accuracy on the full-resolution pixels (off: working-resolution
    /// corners only, for previews).
    public var refinesAtFullResolution: Bool
    /// Report prints that run off the edge of the photo (flagged with ``DetectedPrint/touchesImageBorder``)
    /// instead of leaving them out.
    public var reportsPartialPrints: Bool
    /// Confidence below which a reported print is flagged ``DetectedPrint/isUncertain``: 0.8 by
    /// default, the threshold the contact sheet and previews use too. On the evaluation scenes,
    /// prints placed within 1% of their diagonal mostly score above it and misplaced ones mostly
    /// below (see the README's detection section).
    public var reviewConfidence = ReviewThreshold.confidence
    /// Keep the working image in ``DetectionTrace/workingImage`` (for overlays).
    public var keepsWorkingImage = false

    /// Makes options; every argument has the default described on its property.
    public init(workingLongSide: Int = 1280, minimumPrintAreaFraction: Double = 0.001, maximumPrints: Int = 24,
                minimumConfidence: Double = 0.58, refinesAtFullResolution: Bool = true,
                reportsPartialPrints: Bool = false) {
        self.workingLongSide = workingLongSide
        self.minimumPrintAreaFraction = minimumPrintAreaFraction
        self.maximumPrints = maximumPrints
        self.minimumConfidence = minimumConfidence
        self.refinesAtFullResolution = refinesAtFullResolution
        self.reportsPartialPrints = reportsPartialPrints
    }
}
