/// What an image file's headers say, read without decoding any pixel.
public struct ImageInfo: Sendable, Equatable {
    /// The file format.
    public var format: ImageFormat
    /// Width and height as stored, before the orientation is applied.
    public var storedSize: PixelSize
    /// How the stored pixels are turned to be seen upright (EXIF; PNG `eXIf`, else ``Orientation/up``).
    public var orientation: Orientation
    /// The embedded ICC profile's bytes, or nil when there is none (or it is structurally broken).
    public var iccProfile: [UInt8]?
    /// True when a PNG carries an `sRGB` chunk.
    public var isSRGBTagged: Bool
    /// Problems found in the headers that did not stop reading them.
    public var warnings: [String]

    /// Makes an info value.
    public init(format: ImageFormat, storedSize: PixelSize, orientation: Orientation, iccProfile: [UInt8]?,
                isSRGBTagged: Bool, warnings: [String]) {
        self.format = format
        self.storedSize = storedSize
        self.orientation = orientation
        self.iccProfile = iccProfile
        self.isSRGBTagged = isSRGBTagged
        self.warnings = warnings
    }

    /// The size once the orientation is applied.
    public var uprightSize: PixelSize { orientation.uprightSize(stored: storedSize) }
}
