/// What a scan should produce: which part of each print, how large, in what colour.
///
/// Options hold for every photo a scanner sees; what belongs to one photo (its print's corners, a
/// light shared with other photos) is an argument of ``PrintScanner/scan(_:corners:light:)``.
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

    /// The print's format when the caller knows it; otherwise detected, or inferred from the
    /// recovered aspect ratio of manual corners.
    public var format: PrintFormat?
    /// Card or picture window.
    public var crop: Crop = .card
    /// Output size.
    public var outputSize: OutputSize = .native
    /// Resampling filter.
    public var interpolation: Interpolation = .bilinear
    /// How white balance finds the light (see ``WhiteBalance``).
    public var whiteBalance: WhiteBalanceMode = .frame
    /// The ends-in contrast stretch applied after white balance (the "punchy" look), or nil for
    /// none. Off by default: after white balance it moves colours away from the print's (see the
    /// README's measurements).
    public var stretch: EndsInStretch?
    /// The colour space of the output.
    public var outputProfile: BuiltInProfile = .srgb
    /// Images with more pixels than this are refused before anything is allocated.
    public var maximumPixels: Int = PixelBuffer.defaultMaximumPixels
    /// When set, the result carries an upright preview of the photo this many pixels on its long
    /// side with the prints drawn on it (made from the decode the scan does anyway).
    public var previewLongSide: Int?
    /// Whether each print gets a glare map (``ScannedPrint/glare``) and a warning when glare covers
    /// more than ``GlareReport/warningShare`` of its picture.
    public var detectsGlare = true
    /// Settings for automatic detection.
    public var detection = DetectionOptions()
    /// When set, prints that allow it are made band by band and deflated straight into a PNG of
    /// this effort (``ScannedPrint/streamed``), so that no scan ever exists whole: the scans' pixels
    /// are not kept, and they can be written only as that PNG (the command line's `scan`).
    package var streamedPNG: PNGEncoder.Compression?
    /// The same for a JPEG of this quality (``ScannedPrint/streamedJPEG``), compressed row by
    /// row; ignored when ``streamedPNG`` is set.
    package var streamedJPEG: Int?
    /// A streamed PNG's compressed bytes are kept in unnamed files in this folder (the output's)
    /// until written, rather than in memory beside the photo (``BandSpillFile``); nil, or a folder
    /// that refuses such files: in memory.
    package var spillFolder: String?
    /// Shared by a batch's jobs so that they decode and detect together only as far as memory allows (``LocateGate``).
    var locateGate: LocateGate?

    /// Options with the defaults: every print, whole card, native size, frame white balance, no
    /// stretch, sRGB.
    public init() {}
}
