/// Reads JPEG, PNG and HEIF (HEIC, AVIF) files from memory: header facts alone, or the pixels too.
public enum ImageReader {
    /// The file's header facts, without decoding pixels.
    /// - Throws: ``CodecError`` for data that is not a readable JPEG, PNG or HEIF header.
    public static func info(of data: [UInt8]) throws -> ImageInfo {
        switch try format(of: data) {
        case .jpeg: return try JPEGDecoder.info(of: data)
        case .png: return try PNGDecoder.info(of: data)
        case .heif: return try HEIFDecoder.info(of: data)
        }
    }

    /// Decodes the image as RGBA8 in stored orientation.
    ///
    /// ``decodeOpaque(_:scaleDenominator:maximumPixels:)`` keeps a JPEG as RGB8 instead.
    ///
    /// - Parameters:
    ///   - scaleDenominator: 1, 2, 4 or 8: a JPEG is decoded that many times smaller by DCT
    ///     scaling, far cheaper than decoding in full and shrinking. PNG and HEIF ignore it (and
    ///     say 1 in the result). A HEIF comes out upright, its orientation ``Orientation/up``.
    ///   - maximumPixels: the largest stored image accepted, checked before anything is allocated.
    /// - Throws: ``CodecError`` for unreadable data, ``ImageError`` for a size over the limit.
    public static func decode(_ data: [UInt8], scaleDenominator: Int = 1,
                              maximumPixels: Int = PixelBuffer.defaultMaximumPixels) throws -> DecodedImage {
        switch try format(of: data) {
        case .jpeg:
            return try JPEGDecoder.decode(data, scaleDenominator: scaleDenominator, maximumPixels: maximumPixels)
        case .png:
            try checkScale(scaleDenominator)
            return try PNGDecoder.decode(data, maximumPixels: maximumPixels)
        case .heif:
            try checkScale(scaleDenominator)
            return try HEIFDecoder.decode(data, maximumPixels: maximumPixels)
        }
    }

    /// Decodes like ``decode(_:scaleDenominator:maximumPixels:)``, but a JPEG (always opaque) as
    /// ``PixelFormat/rgb8``: the scanner's decode is its largest buffer, and three bytes a pixel
    /// keep it a quarter smaller (37 MB instead of 49 MB for 12 MP). A HEIF (read opaque: its
    /// alpha, if any, is dropped) too. PNG stays RGBA8.
    static func decodeOpaque(_ data: [UInt8], scaleDenominator: Int = 1,
                             maximumPixels: Int = PixelBuffer.defaultMaximumPixels) throws -> DecodedImage {
        switch try format(of: data) {
        case .jpeg:
            return try JPEGDecoder.decode(data, scaleDenominator: scaleDenominator, maximumPixels: maximumPixels,
                                          format: .rgb8)
        case .heif:
            try checkScale(scaleDenominator)
            return try HEIFDecoder.decode(data, maximumPixels: maximumPixels, format: .rgb8)
        case .png:
            return try decode(data, scaleDenominator: scaleDenominator, maximumPixels: maximumPixels)
        }
    }

    /// Formats without DCT scaling decode at scale 1 whatever is asked, but only what JPEG takes.
    private static func checkScale(_ scaleDenominator: Int) throws {
        guard JPEGDecoder.scaleDenominators.contains(scaleDenominator) else {
            throw CodecError.unsupported("a DCT scale of 1/\(scaleDenominator) (use 1, 2, 4 or 8)")
        }
    }

    /// The format by signature; PNG data cut inside its signature is truncated, not foreign.
    private static func format(of data: [UInt8]) throws -> ImageFormat {
        guard let format = ImageFormat(sniffing: data) else { throw CodecError.notAnImage }
        if format == .png, data.count < ImageFormat.pngSignature.count { throw CodecError.truncated("PNG data") }
        return format
    }
}
