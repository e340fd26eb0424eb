internal import CShims

/// Encodes a ``PixelBuffer`` as PNG, tagged with an ICC profile or as sRGB, never both.
public enum PNGEncoder {
    /// How hard zlib works: PNG encoding dominates the pipeline's time, so the default is fast.
    ///
    /// Every setting deflates row bands on all cores into one stream.
    ///
    /// Measured (thread CPU time) on two 7 MP photos, a smooth sunset and a wood texture, against
    /// libpng's defaults (zlib 6, all five filters chosen per row; 1.9 s and 2.6 s): `fast` takes
    /// 16 % of their time for 5–27 % more bytes, `balanced` 29 % for 1–10 % more. zlib levels 1–3
    /// share deflate's fast path and 4–9 the lazy one, hence the jump after 3. Choosing among
    /// None, Sub and Up per row saves 0–4 % of the bytes for 12 % more time: worth it in
    /// `balanced`, not in `fast`.
    public enum Compression: String, Sendable, CaseIterable {
        /// Run-length matches only (zlib's `Z_RLE` parse), and the Up filter on every row.
        ///
        /// After the Up filter a photo's rows are mostly small repeating differences: matching
        /// runs only was 8 % smaller than level 1's hash chains at the same speed (a 4.6 MP scan:
        /// 3.28 MB against 3.57 MB; Sub: 3.40 MB; no filter: 8.1 MB). The deflate is InstantScan's
        /// own run-only encoder rather than zlib's: the same matches with Huffman codes per 32 KiB
        /// block, in about a third of zlib's CPU time for 0.1–0.4 % more bytes.
        case fast
        /// zlib level 3, None/Sub/Up chosen per row.
        case balanced
        /// zlib level 6 with all five filters chosen per row: libpng's defaults.
        case small

        /// zlib level, PNG filter mask and zlib strategy (libpng's default with filters is
        /// `Z_FILTERED`, 1; `Z_RLE` is 3).
        var settings: (level: Int, filters: Int32, strategy: Int32) {
            switch self {
            case .fast: return (1, Int32(IS_PNG_FILTER_UP), 3)
            case .balanced: return (3, Int32(IS_PNG_FILTER_NONE | IS_PNG_FILTER_SUB | IS_PNG_FILTER_UP), 1)
            case .small: return (6, Int32(IS_PNG_FILTER_ALL), 1)
            }
        }
    }

    /// Encodes `image` as an 8-bit PNG in memory (write it to disk atomically yourself).
    ///
    /// - Parameters:
    ///   - image: RGBA8 or grey pixels.
    ///   - iccProfile: embedded as an `iCCP` chunk when given.
    ///   - profileName: the name stored with the profile (1–79 Latin-1 characters).
    ///   - srgbIntent: writes an `sRGB` chunk (perceptual intent) when there is no profile.
    ///   - compression: zlib's effort (see ``Compression``).
    ///   - dropAlpha: writes RGB from RGBA input: scans are opaque, and alpha would cost a quarter
    ///     more bytes for nothing.
    ///   - exif: TIFF bytes for an `eXIf` chunk.
    ///   - pixelsPerInch: the physical resolution, written as a `pHYs` chunk (pixels per metre).
    /// - Throws: ``CodecError/encodeFailed(_:)``, e.g. when libpng rejects the profile.
    public static func encode(_ image: PixelBuffer, iccProfile: [UInt8]?, profileName: String = "ICC profile",
                              srgbIntent: Bool, compression: Compression = .fast,
                              dropAlpha: Bool = true, exif: [UInt8]? = nil,
                              pixelsPerInch: (x: Double, y: Double)? = nil) throws -> [UInt8] {
        try encode(image, iccProfile: iccProfile, profileName: profileName, srgbIntent: srgbIntent,
                   compression: compression, dropAlpha: dropAlpha, exif: exif, pixelsPerInch: pixelsPerInch,
                   bandCount: nil)
    }

    /// ``encode(_:iccProfile:profileName:srgbIntent:compression:dropAlpha:exif:pixelsPerInch:)`` with
    /// the number of deflate bands fixed (tests: the stream must be valid however the rows are split).
    static func encode(_ image: PixelBuffer, iccProfile: [UInt8]?, profileName: String = "ICC profile",
                       srgbIntent: Bool, compression: Compression = .fast, dropAlpha: Bool = true,
                       exif: [UInt8]? = nil, pixelsPerInch: (x: Double, y: Double)? = nil,
                       bandCount: Int?) throws -> [UInt8] {
        var writer = try writer(size: image.size, format: image.format, iccProfile: iccProfile, profileName: profileName,
                                srgbIntent: srgbIntent, compression: compression, dropAlpha: dropAlpha, exif: exif,
                                pixelsPerInch: pixelsPerInch)
        let settings = compression.settings
        let channels = writer.stripFiller ? 3 : image.format.bytesPerPixel
        writer.bands = try BandedDeflate(image: image, channels: channels, filters: settings.filters,
                                         level: Int32(settings.level), strategy: settings.strategy,
                                         bandCount: bandCount)
        return try writer.write(rows: image.baseAddress, stride: image.bytesPerRow)
    }

    /// The PNG of an RGBA8 image of `size` whose image data was deflated band by band as it was
    /// made (``BandedDeflate/ranges(size:bandCount:)``, RGB kept): the bytes ``encode(_:iccProfile:profileName:srgbIntent:compression:dropAlpha:exif:pixelsPerInch:)``
    /// gives the whole image.
    static func encode(size: PixelSize, streamed bands: BandedDeflate, iccProfile: [UInt8]?, profileName: String = "ICC profile",
                       srgbIntent: Bool, compression: Compression, exif: [UInt8]? = nil,
                       pixelsPerInch: (x: Double, y: Double)? = nil) throws -> [UInt8] {
        var writer = try writer(size: size, format: .rgba8, iccProfile: iccProfile, profileName: profileName,
                                srgbIntent: srgbIntent, compression: compression, dropAlpha: true, exif: exif,
                                pixelsPerInch: pixelsPerInch)
        try bands.loadSpilled()
        writer.bands = bands
        // libpng is handed rows it never reads when the image data comes in bands.
        let unread: [UInt8] = [0]
        return try unread.withUnsafeBufferPointer { try writer.write(rows: $0.baseAddress!, stride: 0) }
    }

    /// Everything of the PNG but its image data.
    private static func writer(size: PixelSize, format: PixelFormat, iccProfile: [UInt8]?, profileName: String,
                               srgbIntent: Bool, compression: Compression, dropAlpha: Bool, exif: [UInt8]?,
                               pixelsPerInch: (x: Double, y: Double)?) throws -> PNGWriter {
        let colorType: PNGWriter.ColorType
        switch format {
        case .rgba8: colorType = dropAlpha ? .rgb : .rgba
        case .gray8: colorType = .gray
        case .rgb8: colorType = .rgb
        }
        guard profileName.utf8.count >= 1, profileName.utf8.count <= 79, profileName.utf8.allSatisfy({ $0 >= 32 && $0 < 127 }) else {
            throw CodecError.encodeFailed("the profile name must be 1–79 printable ASCII characters")
        }
        var writer = PNGWriter(width: size.width, height: size.height, colorType: colorType)
        writer.stripFiller = format == .rgba8 && dropAlpha
        writer.iccProfile = iccProfile
        writer.iccProfileName = profileName
        writer.srgbIntent = iccProfile == nil && srgbIntent ? 0 : nil
        let settings = compression.settings
        (writer.compressionLevel, writer.filters) = (settings.level, settings.filters)
        writer.exif = exif
        if let ppi = pixelsPerInch, ppi.x > 0, ppi.y > 0, ppi.x < 1e7, ppi.y < 1e7 {
            writer.pixelsPerMetre = (UInt32((ppi.x / 0.0254).rounded()), UInt32((ppi.y / 0.0254).rounded()))
        }
        return writer
    }
}
