/// A decoded image: its pixels exactly as stored, and what the file says about them.
public struct DecodedImage: Sendable {
    /// RGBA8 pixels in *stored* orientation. They are never rotated here: the pipeline composes
    /// ``orientation`` into its warp, which reads the stored pixels directly.
    public var pixels: PixelBuffer
    /// The orientation from EXIF (PNG: the `eXIf` chunk when present, else ``Orientation/up``).
    public var orientation: Orientation
    /// The embedded ICC profile's bytes, or nil.
    public var iccProfile: [UInt8]?
    /// True when a PNG carries an `sRGB` chunk.
    public var isSRGBTagged: Bool
    /// The DCT scale used: the pixels are `fullSize` divided by this, rounded up (PNG: always 1).
    public var scaleDenominator: Int
    /// The stored size at scale 1.
    public var fullSize: PixelSize
    /// The file format.
    public var format: ImageFormat
    /// Problems that did not stop decoding (a broken profile's structure, damaged trailing data).
    public var warnings: [String]
    /// The part of the stored image ``pixels`` hold when only what the prints cover was decoded;
    /// nil for the whole image.
    var band: StoredBand?

    /// Makes a decoded image.
    public init(pixels: PixelBuffer, orientation: Orientation, iccProfile: [UInt8]?, isSRGBTagged: Bool,
                scaleDenominator: Int, fullSize: PixelSize, format: ImageFormat, warnings: [String]) {
        self.pixels = pixels
        self.orientation = orientation
        self.iccProfile = iccProfile
        self.isSRGBTagged = isSRGBTagged
        self.scaleDenominator = scaleDenominator
        self.fullSize = fullSize
        self.format = format
        self.warnings = warnings
    }

    /// The header facts of this image.
    public var info: ImageInfo {
        ImageInfo(format: format, storedSize: fullSize, orientation: orientation, iccProfile: iccProfile,
                  isSRGBTagged: isSRGBTagged, warnings: warnings)
    }
}
