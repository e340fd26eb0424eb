/// Decodes HEIF (HEIC and AVIF) through libheif into a ``PixelBuffer``.
///
/// Orientation is applied exactly once, from the container: the `irot`/`imir` transformations
/// become ``DecodedImage/orientation``, which the scan's warp folds into its map as it does a
/// JPEG's EXIF orientation, so the photo is never turned in memory. The EXIF orientation that
/// iPhones also write is ignored: applying both would turn the photo twice. A file that also
/// crops (`clap`) is turned by libheif instead and reads as ``Orientation/up``.
///
/// Memory: the output buffer (3 bytes a pixel as RGB8) is the one full-size image. A grid — how
/// iPhones store photos, 512 × 512 tiles — is decoded one tile at a time straight into it, so
/// the peak is the buffer, one tile, and the file's bytes (read in place). An image coded whole
/// is decoded by libheif into planes of its own first (1.5 bytes a pixel for 8-bit 4:2:0, 3 for
/// 10-bit), which live beside the buffer while ``HEIFPixelConverter`` reads them; libheif's own
/// RGB conversion would add a second full-size RGB image on top.
enum HEIFDecoder {
    /// Header facts without decoding pixels.
    static func info(of data: [UInt8]) throws -> ImageInfo {
        try HEIFContext.open(data) { context in
            let upright = context.uprightSize
            try checkSize(upright)
            let stored = context.stored ?? (upright, .up)
            let color = HEIFColorDescription(icc: context.iccProfile, nclx: context.nclx)
            return ImageInfo(format: .heif, storedSize: stored.size, orientation: stored.orientation,
                             iccProfile: color.iccProfile, isSRGBTagged: false, warnings: color.warning.map { [$0] } ?? [])
        }
    }

    /// Decodes the primary image as `format` (``PixelFormat/rgba8`` or ``PixelFormat/rgb8``).
    ///
    /// The size is checked against `maximumPixels` from the header, before libheif decodes.
    static func decode(_ data: [UInt8], maximumPixels: Int, format: PixelFormat = .rgba8) throws -> DecodedImage {
        try HEIFContext.open(data) { context in
            let upright = context.uprightSize
            try checkSize(upright)
            try PixelBuffer.validate(width: upright.width, height: upright.height, maximumPixels: maximumPixels)
            let color = HEIFColorDescription(icc: context.iccProfile, nclx: context.nclx)
            var warnings = color.warning.map { [$0] } ?? []
            // The matrix and range: the file's `nclx`, else what the coded stream says, else HEIF's default.
            let fileNCLX = context.nclx
            func convert(_ image: HEIFImage, into pixels: PixelBuffer, at x: Int, _ y: Int, covering size: PixelSize) throws {
                guard let layout = image.layout else {
                    throw CodecError.unsupported("HEIF image data: libheif \(HEIFContext.libraryVersion) decoded it to a layout this reader does not convert")
                }
                let nclx = fileNCLX ?? image.nclx ?? .heifDefault
                for warning in try HEIFPixelConverter.convert(layout, nclx: nclx, into: pixels, at: (x, y), expected: size)
                where !warnings.contains(warning) {
                    warnings.append(warning)
                }
            }
            let pixels: PixelBuffer, orientation: Orientation
            if let stored = context.stored {
                try checkSize(stored.size)
                pixels = try PixelBuffer(width: stored.size.width, height: stored.size.height, format: format, maximumPixels: maximumPixels)
                orientation = stored.orientation
                try context.decodeStoredTiles { tile, x, y, covers in
                    try convert(tile, into: pixels, at: x, y, covering: covers)
                }
            } else {
                let image = try context.decodeUpright()
                pixels = try PixelBuffer(width: upright.width, height: upright.height, format: format, maximumPixels: maximumPixels)
                orientation = .up
                try convert(image, into: pixels, at: 0, 0, covering: upright)
            }
            return DecodedImage(pixels: pixels, orientation: orientation, iccProfile: color.iccProfile, isSRGBTagged: false,
                                scaleDenominator: 1, fullSize: pixels.size, format: .heif, warnings: warnings)
        }
    }

    /// libheif reports a size of 0 when the primary image has no `ispe`; sides past what
    /// ``PixelBuffer`` takes are a size problem, said as one.
    private static func checkSize(_ size: PixelSize) throws {
        guard size.width > 0, size.height > 0, size.width <= 1 << 20, size.height <= 1 << 20 else {
            throw ImageError.invalidDimensions(width: size.width, height: size.height)
        }
    }
}
