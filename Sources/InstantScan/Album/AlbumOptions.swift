/// What an album looks like.
public struct AlbumOptions: Sendable {
    /// One print a page, or several a sheet.
    public var layout: AlbumLayout = .pages
    /// The paper of the ``AlbumLayout/sheet`` layout.
    public var paper: PaperSize = .a4
    /// White space around each page's content, in millimetres; nil for the layout's own default
    /// (none for pages, so a page is exactly the print; 10 mm for sheets, inside most printers' reach).
    public var marginMillimetres: Double?
    /// Space between prints on a sheet, in millimetres.
    public var gapMillimetres: Double = 5
    /// The capture date (or, without one, the file name) under each print, in 9 pt Helvetica.
    public var captions = false
    /// JPEG quality for scans that must be compressed (PNG scans); JPEG scans go in as they are.
    public var quality = 90
    /// The document title; nil for one made from the capture dates.
    public var title: String?
    /// Pixels per inch for every scan, overriding what the files say.
    public var pixelsPerInch: Double?
    /// The format of scans that record no size (ignored for those that do, and with a resolution).
    public var format: PrintFormat?
    /// The document's creation date; nil for now (a build that must be reproducible sets it,
    /// as the CLI does from `SOURCE_DATE_EPOCH`).
    public var creationDate: CaptureDate?
    /// The largest scan accepted, in pixels (checked before decoding).
    public var maximumPixels = PixelBuffer.defaultMaximumPixels

    /// Default options: one print a page, no margin, no captions, quality 90.
    public init() {}

    /// The margin in effect.
    public var margin: Double { marginMillimetres ?? (layout == .pages ? 0 : 10) }

    /// Height of the caption band below a print, in millimetres (0 without captions).
    var captionBand: Double { captions ? 7 : 0 }
}
