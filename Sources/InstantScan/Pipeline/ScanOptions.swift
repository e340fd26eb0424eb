/// What a scan should produce: which prints, which part of them, how large, in what colour.
public struct ScanOptions: Sendable {
    /// Which part of the print becomes the output.
    public enum Crop: String, Sendable, CaseIterable {
        /// The whole card, frame included.
        case card
        /// The picture window alone.
        case window
    }

    /// How large the output is.
    public enum OutputSize: Sendable, Equatable {
        /// The print's own resolution in the photo, at its true aspect ratio.
        case native
        /// Exactly this size (the aspect ratio is the caller's choice).
        case exact(PixelSize)
        /// The true aspect ratio with the longer side this many pixels.
        case longSide(Int)
    }

    /// The print's corners (TL, TR, BR, BL of the upright print, in upright photo pixels); nil to
    /// find every print automatically.
    public var corners: Quad?
    /// The print's format when the caller knows it; otherwise detected, or inferred from the
    /// recovered aspect ratio of manual corners.
    public var format: PrintFormat?
    /// Card or picture window.
    public var crop: Crop = .card
    /// Output size.
    public var outputSize: OutputSize = .native
    /// Resampling filter.
    public var interpolation: Interpolation = .bilinear
    /// The ends-in contrast stretch applied last, or nil for none.
    public var stretch: EndsInStretch? = try? EndsInStretch(percentLow: 1, percentHigh: 1)
    /// The colour space of the output.
    public var outputProfile: BuiltInProfile = .srgb
    /// Images with more pixels than this are refused before anything is allocated.
    public var maximumPixels: Int = PixelBuffer.defaultMaximumPixels
    /// When set, the result carries an upright preview of the photo this many pixels on its long
    /// side with the prints drawn on it (made from the decode the scan does anyway).
    public var previewLongSide: Int?
    /// Settings for automatic detection.
    public var detection = DetectionOptions()

    /// Options with the defaults: every print, whole card, native size, 1 % stretch, sRGB.
    public init() {}
}
