/// What became of one scan given to an album.
public struct AlbumEntry: Sendable {
    /// The scan's path, as given.
    public var path: String
    /// The page it is on (from 1), or nil when it failed.
    public var page: Int?
    /// Its size on paper and how that was found; nil when it failed.
    public var size: PhysicalSize?
    /// When its photo was taken, if the scan says.
    public var captureDate: CaptureDate?
    /// Width and height in pixels.
    public var pixels: PixelSize?
    /// True when a JPEG scan went into the PDF unchanged (no second compression).
    public var isPassthrough = false
    /// Bytes of its image in the PDF.
    public var imageBytes = 0
    /// Things that did not stop it (a guessed size, an unusable profile).
    public var warnings: [String] = []
    /// Why it is not in the album: the message, naming the file.
    public var failure: String?
}
