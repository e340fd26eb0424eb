/// Decodes PNG through libpng (in the C shim) straight into a ``PixelBuffer``.
enum PNGDecoder {
    /// Header facts without decoding pixels.
    static func info(of data: [UInt8]) throws -> ImageInfo {
        try PNGReadSession.withSession(data) { session in
            let header = try session.readHeader()
            var warnings = session.warnings
            let orientation = orientation(from: header, warnings: &warnings)
            return ImageInfo(format: .png, storedSize: header.size, orientation: orientation,
                             iccProfile: header.iccProfile, isSRGBTagged: header.hasSRGB, warnings: warnings)
        }
    }

    /// Decodes any PNG (1–16 bits, grey, palette, alpha, interlaced) as RGBA8.
    static func decode(_ data: [UInt8], maximumPixels: Int) throws -> DecodedImage {
        try PNGReadSession.withSession(data) { session in
            let header = try session.readHeader()
            try PixelBuffer.validate(width: header.size.width, height: header.size.height,
                                     maximumPixels: maximumPixels)
            let pixels = try PixelBuffer(width: header.size.width, height: header.size.height, format: .rgba8,
                                         maximumPixels: maximumPixels)
            let final = try session.readPixels(into: pixels)
            var warnings = session.warnings
            let orientation = orientation(from: final, warnings: &warnings)
            return DecodedImage(pixels: pixels, orientation: orientation, iccProfile: final.iccProfile,
                                isSRGBTagged: final.hasSRGB, scaleDenominator: 1, fullSize: header.size,
                                format: .png, warnings: warnings)
        }
    }

    private static func orientation(from header: PNGReadSession.Header, warnings: inout [String]) -> Orientation {
        guard let exif = header.exif else { return .up }
        let result = EXIFOrientationReader.read(tiff: exif[...])
        if let warning = result.warning { warnings.append(warning) }
        return result.orientation ?? .up
    }
}
