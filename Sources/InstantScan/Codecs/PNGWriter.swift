internal import CShims

/// Everything libpng needs to write one PNG of any colour type and depth, through the C shim.
///
/// ``PNGEncoder`` uses it for scans; tests use it to write the grey, palette, 16-bit and
/// interlaced variants that the reader must handle.
struct PNGWriter {
    /// PNG colour types.
    enum ColorType: Int32 {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6
    }

    var width: Int
    var height: Int
    var colorType: ColorType
    var bitDepth = 8
    var interlaced = false
    /// Drop the fourth byte of each 4-byte pixel (RGBA rows written as RGB).
    var stripFiller = false
    /// RGB triplets, for palette images.
    var palette: [UInt8]?
    /// Alpha per palette entry (tRNS).
    var paletteAlpha: [UInt8]?
    /// The sample values (red, green, blue; grey uses the first) that are transparent (tRNS).
    var transparentColor: (red: UInt16, green: UInt16, blue: UInt16)?
    var iccProfile: [UInt8]?
    var iccProfileName = "ICC profile"
    /// Rendering intent of an sRGB chunk, written only when there is no profile.
    var srgbIntent: Int?
    var exif: [UInt8]?
    /// Pixels per metre across and down (pHYs), when the physical size is known.
    var pixelsPerMetre: (x: UInt32, y: UInt32)?
    var compressionLevel = 6
    /// PNG_FILTER_* bits; 0 for libpng's choice.
    var filters: Int32 = 0
    /// Image data already filtered and deflated: written instead of `rows` (which must still
    /// point at the image, unused).
    var bands: BandedDeflate?

    /// Encodes rows that start at `rows`, `stride` bytes apart, in the PNG's own sample layout
    /// (16-bit samples big-endian).
    func write(rows: UnsafePointer<UInt8>, stride: Int) throws -> [UInt8] {
        var params = is_png_write_params()
        params.width = UInt32(width)
        params.height = UInt32(height)
        params.color_type = colorType.rawValue
        params.bit_depth = Int32(bitDepth)
        params.interlaced = interlaced ? 1 : 0
        params.rows = rows
        params.stride = stride
        params.strip_filler = stripFiller ? 1 : 0
        params.srgb_intent = Int32(srgbIntent ?? -1)
        params.compression_level = Int32(compressionLevel)
        params.filters = filters
        if let pixelsPerMetre {
            params.phys_x_per_metre = pixelsPerMetre.x
            params.phys_y_per_metre = pixelsPerMetre.y
        }
        if let transparentColor {
            params.has_transparent_color = 1
            params.transparent_red = transparentColor.red
            params.transparent_green = transparentColor.green
            params.transparent_blue = transparentColor.blue
            params.transparent_gray = transparentColor.red
        }
        // Pin every optional byte array for the duration of the call.
        return try Self.pin(palette) { palette in
            try Self.pin(paletteAlpha) { alpha in
                try Self.pin(iccProfile) { profile in
                    try Self.pin(exif) { exif in
                        try iccProfileName.withCString { name in
                            params.palette = palette.baseAddress
                            params.palette_entries = Int32(palette.count / 3)
                            params.palette_alpha = alpha.baseAddress
                            params.palette_alpha_entries = Int32(alpha.count)
                            params.icc_profile = profile.baseAddress
                            params.icc_profile_length = profile.count
                            params.icc_profile_name = name
                            params.exif = exif.baseAddress
                            params.exif_length = exif.count
                            guard let bands else { return try Self.run(params) }
                            return try bands.bands.withUnsafeBufferPointer { pieces in
                                params.bands = pieces.baseAddress
                                params.band_count = Int32(pieces.count)
                                return try withExtendedLifetime(bands) { try Self.run(params) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Encodes tightly packed rows.
    func write(packed: [UInt8]) throws -> [UInt8] {
        let stride = packed.count / max(height, 1)
        return try packed.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, stride * height == packed.count else {
                throw CodecError.encodeFailed("the rows do not fill \(width)×\(height)")
            }
            return try write(rows: base, stride: stride)
        }
    }

    private static func pin<R>(_ bytes: [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        guard let bytes else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try bytes.withUnsafeBufferPointer(body)
    }

    private static func run(_ params: is_png_write_params) throws -> [UInt8] {
        var params = params
        var output = is_png_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { text in
            is_png_write(&params, &output, text.baseAddress, text.count)
        }
        defer { is_png_buffer_free(&output) }
        guard status == Int32(IS_PNG_OK), let bytes = output.bytes else {
            let why = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw CodecError.encodeFailed("PNG: \(why.isEmpty ? "libpng failed" : why)")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: output.length))
    }
}
