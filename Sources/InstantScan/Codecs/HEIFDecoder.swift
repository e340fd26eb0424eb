/// Decodes HEIF (HEIC and AVIF) through libheif into a ``PixelBuffer``.
///
/// The pixels come out upright: libheif applies the file's `irot`/`imir` (and `clap`)
/// transformations, so ``DecodedImage/orientation`` is always ``Orientation/up`` and the EXIF
/// orientation, which iPhones also write, is ignored. Reading both would turn the photo twice.
///
/// Memory at the peak of a decode: the file's bytes (read in place), libheif's decoded planes
/// (1.5 bytes a pixel for 8-bit 4:2:0, 3 for 10-bit; grid tiles are pasted into them one by one)
/// and the output buffer (3 bytes a pixel as RGB8). libheif's own RGB conversion would add a
/// second full-size image; ``HEIFPixelConverter`` reads the planes instead.
enum HEIFDecoder {
    /// Header facts without decoding pixels. The size is upright (transformations applied).
    static func info(of data: [UInt8]) throws -> ImageInfo {
        try HEIFContext.open(data) { context in
            let size = context.uprightSize
            try checkSize(size)
            let color = HEIFColorDescription(icc: context.iccProfile, nclx: context.nclx)
            return ImageInfo(format: .heif, storedSize: size, orientation: .up, iccProfile: color.iccProfile,
                             isSRGBTagged: false, warnings: color.warning.map { [$0] } ?? [])
        }
    }

    /// Decodes the primary image as `format` (``PixelFormat/rgba8`` or ``PixelFormat/rgb8``).
    ///
    /// The size is checked against `maximumPixels` from the header, before libheif decodes.
    static func decode(_ data: [UInt8], maximumPixels: Int, format: PixelFormat = .rgba8) throws -> DecodedImage {
        try HEIFContext.open(data) { context in
            let size = context.uprightSize
            try checkSize(size)
            try PixelBuffer.validate(width: size.width, height: size.height, maximumPixels: maximumPixels)
            let color = HEIFColorDescription(icc: context.iccProfile, nclx: context.nclx)
            var warnings = color.warning.map { [$0] } ?? []
            let image = try context.decodePrimary()
            guard image.size == size, let layout = image.layout else {
                throw CodecError.unsupported("HEIF image data: libheif \(HEIFContext.libraryVersion) decoded it to a layout this reader does not convert")
            }
            let pixels = try PixelBuffer(width: size.width, height: size.height, format: format, maximumPixels: maximumPixels)
            // The matrix and range: the file's `nclx`, else what the coded stream says, else HEIF's default.
            let nclx = context.nclx ?? image.nclx ?? .heifDefault
            warnings += try HEIFPixelConverter.convert(layout, nclx: nclx, into: pixels)
            return DecodedImage(pixels: pixels, orientation: .up, iccProfile: color.iccProfile, isSRGBTagged: false,
                                scaleDenominator: 1, fullSize: size, format: .heif, warnings: warnings)
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
