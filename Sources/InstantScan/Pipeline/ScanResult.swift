/// Everything a scan of one photo produced.
public struct ScanResult: Sendable {
    /// The photo's upright size in full-resolution pixels.
    public var photoSize: PixelSize
    /// One entry per print found (or the one the corners named), in reading order.
    public var prints: [ScannedPrint]
    /// The prints detection found (or the one the corners named), before rectification.
    public var detected: [DetectedPrint] = []
    /// The preview asked for by ``ScanOptions/previewLongSide``, with the prints drawn.
    public var preview: PixelBuffer?
    /// Time spent in each stage (the caller adds encoding and writing).
    public var timings = StageTimings()
    /// Things the user should know that did not stop the scan (e.g. a corrupt ICC profile).
    public var warnings: [String]
}
