/// What a scan file says about the print it shows: its format, whether it is the whole card or
/// the picture window, its true resolution, and when the photo it came from was taken.
///
/// `instantscan scan` writes it into every scan — EXIF (PNG `eXIf`, JPEG APP1) with
/// ImageDescription `"instax-mini card 54 x 86 mm"`, X/YResolution in pixels per inch and
/// DateTimeOriginal, plus the container's own density field (PNG `pHYs`, JFIF density) that image
/// viewers and print dialogs read — so that an album, a print dialog or a person can tell the
/// print's physical size from the file alone.
public struct ScanMetadata: Sendable, Equatable {
    /// The print's format, when known.
    public var format: PrintFormat?
    /// Whole card or picture window; meaningful with ``format``.
    public var crop: ScanOptions.Crop?
    /// Pixels per inch across and down at the print's physical size.
    public var pixelsPerInch: PixelsPerInch?
    /// When the photo the scan came from was taken (its EXIF DateTimeOriginal).
    public var captureDate: CaptureDate?
    /// The program that wrote the file.
    public var software: String?

    /// Pixels per inch across and down.
    public struct PixelsPerInch: Sendable, Equatable {
        /// Across.
        public var x: Double
        /// Down.
        public var y: Double
        /// A resolution of `x` pixels per inch across and `y` down.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// Makes metadata.
    public init(format: PrintFormat? = nil, crop: ScanOptions.Crop? = nil, pixelsPerInch: PixelsPerInch? = nil,
                captureDate: CaptureDate? = nil, software: String? = nil) {
        self.format = format
        self.crop = crop
        self.pixelsPerInch = pixelsPerInch
        self.captureDate = captureDate
        self.software = software
    }

    /// The metadata of a scan of `format` cropped to `crop` whose image is `size`: the resolution
    /// follows from the card's or window's millimetres.
    public init(format: PrintFormat?, crop: ScanOptions.Crop, imageSize size: PixelSize, captureDate: CaptureDate?) {
        self.init(format: format, crop: crop, captureDate: captureDate, software: "InstantScan \(InstantScanVersion.string)")
        if let millimetres = Self.millimetres(of: format, crop: crop) {
            pixelsPerInch = PixelsPerInch(x: Double(size.width) / (millimetres.width / 25.4),
                                          y: Double(size.height) / (millimetres.height / 25.4))
        }
    }

    /// Reads the metadata of an encoded JPEG or PNG: InstantScan's own EXIF first, else the
    /// container's density and whatever EXIF date and resolution another program wrote.
    public init(reading data: [UInt8]) {
        self.init()
        let embedded = EmbeddedMetadata(reading: data)
        if let exif = embedded.exif {
            software = exif.software
            captureDate = exif.captureDate
            if let description = exif.imageDescription { (format, crop) = Self.parse(description: description) }
        }
        if let ppi = embedded.exif?.pixelsPerInch ?? embedded.density {
            pixelsPerInch = PixelsPerInch(x: ppi.x, y: ppi.y)
        }
    }

    /// The card's or window's width and height in millimetres.
    public static func millimetres(of format: PrintFormat?, crop: ScanOptions.Crop) -> (width: Double, height: Double)? {
        guard let format else { return nil }
        switch crop {
        case .card: return format.cardSize
        case .window: return (format.window.width, format.window.height)
        }
    }

    /// `instax-mini card 54 x 86 mm`: the format and crop first, as words a program can split,
    /// then the size for a person reading the EXIF.
    var imageDescription: String? {
        guard let format, let crop, let mm = Self.millimetres(of: format, crop: crop) else { return nil }
        return "\(format.rawValue) \(crop.rawValue) \(Self.number(mm.width)) x \(Self.number(mm.height)) mm"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func parse(description: String) -> (PrintFormat?, ScanOptions.Crop?) {
        let words = description.split(separator: " ")
        guard let first = words.first, let format = PrintFormat(rawValue: String(first)) else { return (nil, nil) }
        return (format, words.count > 1 ? ScanOptions.Crop(rawValue: String(words[1])) : nil)
    }

    /// The EXIF (TIFF) bytes for a PNG `eXIf` chunk or, after `Exif\0\0`, a JPEG APP1 segment.
    public func exifBytes() -> [UInt8] {
        EXIFWriter(imageDescription: imageDescription, software: software,
                   resolution: pixelsPerInch.map { ($0.x, $0.y) }, dateTimeOriginal: captureDate).tiff()
    }
}
