/// What a JPEG's header segments say, as read by ``JPEGMarkers/metadata(in:)``.
package struct JPEGMetadata: Sendable, Equatable {
    /// The EXIF orientation (``Orientation/up`` without EXIF or with an unreadable one).
    package var orientation: Orientation = .up
    /// True when an APP1 `Exif` segment carried a readable orientation tag.
    package var hasEXIFOrientation = false
    /// The ICC profile reassembled from its APP2 chunks, or nil.
    package var iccProfile: [UInt8]?
    /// The frame size from the SOF segment, or nil when there is none before the scan.
    package var frameSize: PixelSize?
    /// True when the walk reached the first scan (SOS); false means the header is cut short or broken.
    package var reachedScan = false
    /// True when the header ran past the end of the data.
    package var endsEarly = false
    /// Structural problems found on the way.
    package var warnings: [String] = []

    /// Makes empty metadata.
    package init() {}
}
