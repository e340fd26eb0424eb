/// One rectified, colour-corrected print, ready to encode.
public struct ScannedPrint: Sendable {
    /// The upright print (or its window), in ``profile``'s colour space.
    public var image: PixelBuffer
    /// The colour space of ``image``.
    public var profile: BuiltInProfile
    /// The card's corners in the photo (TL, TR, BR, BL, upright full-resolution pixels).
    public var card: Quad
    /// The picture window's corners in the photo, when known.
    public var window: Quad?
    /// The format, when known.
    public var format: PrintFormat?
    /// How sure detection was (1 for corners the user gave).
    public var confidence: Double
    /// What white balance measured and did; nil when it was off.
    public var whiteBalance: WhiteBalanceReport?
    /// Whole card or picture window.
    public var crop: ScanOptions.Crop = .card
    /// When the photo was taken (its EXIF DateTimeOriginal), when it says.
    public var captureDate: CaptureDate?

    /// What the scan file records about the print: format, crop, true resolution (from the
    /// format's millimetres), capture date.
    public var metadata: ScanMetadata {
        ScanMetadata(format: format, crop: crop, imageSize: image.size, captureDate: captureDate)
    }
    /// Where glare blows the picture out and how much of it; nil when ``ScanOptions/detectsGlare`` is off.
    public var glare: GlareReport?
    /// The PNG the scan was streamed into when it was made band by band
    /// (``ScanOptions/streamedPNG``); then ``image`` is only its size, its pixels never written.
    var streamed: StreamedPNG?
    /// The JPEG the scan was streamed into (``ScanOptions/streamedJPEG``); then ``image`` is only
    /// its size.
    var streamedJPEG: StreamedJPEG?
}
