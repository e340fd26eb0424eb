/// What a JPEG's header segments say, as read by ``JPEGMarkers/metadata(in:)``.
public struct JPEGMetadata: Sendable, Equatable {
    /// The EXIF orientation (``Orientation/up`` without EXIF or with an unreadable one).
    public var orientation: Orientation = .up
    /// True when an APP1 `Exif` segment carried a readable orientation tag.
    public var hasEXIFOrientation = false
    /// The ICC profile reassembled from its APP2 chunks, or nil.
    public var iccProfile: [UInt8]?
    /// The frame size from the SOF segment, or nil when there is none before the scan.
    public var frameSize: PixelSize?
    /// True when the walk reached the first scan (SOS); false means the header is cut short or broken.
    public var reachedScan = false
    /// True when the header ran past the end of the data.
    public var endsEarly = false
    /// Structural problems found on the way.
    public var warnings: [String] = []

    /// Makes empty metadata.
    public init() {}
}
