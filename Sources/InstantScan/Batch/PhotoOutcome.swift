/// What happened to one photo of a batch.
public struct PhotoOutcome: Sendable {
    /// One print written.
    public struct Print: Sendable {
        /// The file written.
        public var path: String
        /// The format, when known.
        public var format: PrintFormat?
        /// The card's corners in the photo (upright pixels).
        public var card: Quad
        /// The window's corners in the photo, when known.
        public var window: Quad?
        /// Detection's confidence (1 for given corners).
        public var confidence: Double
        /// The scan's size.
        public var size: PixelSize
        /// A small JPEG of the scan, when previews were asked for.
        public var thumbnail: [UInt8]?

        /// Keeps what a report needs of a scan that has been written; not its pixels, so that a
        /// long batch holds no full-size scans.
        init(path: String, scanned: ScannedPrint, thumbnail: [UInt8]?) {
            self.path = path
            format = scanned.format
            card = scanned.card
            window = scanned.window
            confidence = scanned.confidence
            size = scanned.image.size
            self.thumbnail = thumbnail
        }
    }

    /// The photo.
    public var photo: PhotoFinder.Photo
    /// The prints written (empty on failure).
    public var prints: [Print] = []
    /// Why the photo failed, or nil.
    public var failure: String?
    /// True when an earlier run had already done it.
    public var skipped = false
    /// Warnings that did not stop the scan.
    public var warnings: [String] = []
    /// A small JPEG of the photo with the detected prints drawn, when previews were asked for.
    public var preview: [UInt8]?
    /// Prints detection found, drawn on the preview even when scanning them failed.
    public var detected: [DetectedPrint] = []
}
