import CLibHeif

/// A HEIF file opened with libheif, and its primary image: every libheif call but the plane reads
/// lives here and in ``HEIFImage``.
///
/// libheif reads the bytes where they are (no copy of the file), so a context exists only inside
/// ``open(_:_:)``, while the caller's array is pinned.
final class HEIFContext {
    private let context: OpaquePointer
    private let primary: OpaquePointer
    /// The file's brands, for naming the decoder a failure lacks.
    let fileType: HEIFFileType?

    private init(context: OpaquePointer, primary: OpaquePointer, fileType: HEIFFileType?) {
        self.context = context
        self.primary = primary
        self.fileType = fileType
    }

    deinit {
        heif_image_handle_release(primary)
        heif_context_free(context)
    }

    /// The libheif this process runs with, e.g. "1.19.7".
    static var libraryVersion: String { String(cString: heif_get_version()) }

    /// Opens `data` and finds its primary image, then runs `body` on it.
    /// - Throws: ``CodecError`` for data libheif cannot read or without a primary image.
    static func open<R>(_ data: [UInt8], _ body: (HEIFContext) throws -> R) throws -> R {
        guard let context = heif_context_alloc() else { throw CodecError.unsupported("libheif could not start (out of memory)") }
        let fileType = HEIFFileType(sniffing: data)
        return try data.withUnsafeBytes { bytes in
            let read = heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil)
            if read.code != heif_error_Ok {
                heif_context_free(context)
                throw HEIFFailure.error(read, stage: "HEIF header", fileType: fileType)
            }
            var handle: OpaquePointer?
            let found = heif_context_get_primary_image_handle(context, &handle)
            guard found.code == heif_error_Ok, let handle else {
                heif_context_free(context)
                throw HEIFFailure.error(found, stage: "HEIF primary image", fileType: fileType)
            }
            let opened = HEIFContext(context: context, primary: handle, fileType: fileType)
            return try withExtendedLifetime(opened) { try body(opened) }
        }
    }

    /// The primary image's size with its `irot`/`imir`/`clap` transformations applied: upright.
    var uprightSize: PixelSize {
        PixelSize(width: Int(heif_image_handle_get_width(primary)), height: Int(heif_image_handle_get_height(primary)))
    }

    /// Bits per luma sample as coded (8 for most photos, 10 for HDR ones), or nil when unknown.
    var lumaBits: Int? {
        let bits = Int(heif_image_handle_get_luma_bits_per_pixel(primary))
        return bits > 0 ? bits : nil
    }

    /// The embedded ICC profile (`colr` of type `prof` or `rICC`), or nil.
    var iccProfile: [UInt8]? {
        let size = heif_image_handle_get_raw_color_profile_size(primary)
        guard size > 0, size <= ColorProfile.maximumByteCount else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(primary, $0.baseAddress) }
        return read.code == heif_error_Ok ? bytes : nil
    }

    /// The `nclx` colour description of the file, or nil when it has none.
    var nclx: HEIFNCLX? {
        var profile: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(primary, &profile).code == heif_error_Ok, let profile else { return nil }
        defer { heif_nclx_color_profile_free(profile) }
        return HEIFNCLX(profile.pointee)
    }

    /// The TIFF bytes of the primary image's first EXIF block, or nil.
    ///
    /// A HEIF EXIF block starts with a 4-byte big-endian offset from its end to the TIFF header
    /// (usually 0, or 6 when an `Exif\0\0` prefix was kept).
    var exifTIFF: [UInt8]? {
        var id = heif_item_id()
        guard heif_image_handle_get_list_of_metadata_block_IDs(primary, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(primary, id)
        guard size > 4, size <= 16 << 20 else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        let read = block.withUnsafeMutableBytes { heif_image_handle_get_metadata(primary, id, $0.baseAddress) }
        guard read.code == heif_error_Ok else { return nil }
        let offset = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        guard offset >= 0, offset < size - 4 else { return nil }
        return Array(block[(4 + offset)...])
    }

    /// Decodes the primary image (grid tiles assembled at full size, transformations applied) in
    /// its own colour space: Y′CbCr or grey planes as coded, at their full bit depth, or RGB
    /// planes for a file coded as RGB. The HDR gain map, depth map and thumbnails are auxiliary
    /// images and are not decoded.
    func decodePrimary() throws -> HEIFImage {
        var colorspace = heif_colorspace_undefined, chroma = heif_chroma_undefined
        _ = heif_image_handle_get_preferred_decoding_colorspace(primary, &colorspace, &chroma)
        // Planes of Y′CbCr, grey or RGB are what HEIFPixelConverter reads; anything else (an
        // interleaved uncompressed item, say) libheif turns into RGB planes first.
        let native = (colorspace == heif_colorspace_YCbCr && [heif_chroma_420, heif_chroma_422, heif_chroma_444].contains(chroma))
            || colorspace == heif_colorspace_monochrome
            || (colorspace == heif_colorspace_RGB && chroma == heif_chroma_444)
        if !native {
            colorspace = heif_colorspace_RGB
            chroma = heif_chroma_444
        }
        guard let options = heif_decoding_options_alloc() else { throw CodecError.unsupported("libheif could not start (out of memory)") }
        defer { heif_decoding_options_free(options) }
        // Corrupt tile data is an error, not an image with grey blocks.
        options.pointee.strict_decoding = 1
        var image: OpaquePointer?
        let decoded = heif_decode_image(primary, &image, colorspace, chroma, options)
        guard decoded.code == heif_error_Ok, let image else {
            throw HEIFFailure.error(decoded, stage: "HEIF image data", fileType: fileType, codec: codecName)
        }
        return HEIFImage(image)
    }

    /// "HEVC", "AV1"…: the coding of the primary image (of its tiles, for a grid), for messages.
    var codecName: String {
        let id = heif_image_handle_get_item_id(primary)
        var type = heif_item_get_item_type(context, id)
        if type == Self.fourCC("grid") || type == Self.fourCC("iden") || type == Self.fourCC("iovl") {
            // The tiles' coding: the first item of the grid's `dimg` reference.
            var index: Int32 = 0, kind: UInt32 = 0
            var targets: UnsafeMutablePointer<heif_item_id>?
            while heif_context_get_item_references(context, id, index, &kind, &targets) > 0 {
                defer { heif_release_item_references(context, &targets) }
                if kind == Self.fourCC("dimg"), let first = targets?.pointee {
                    type = heif_item_get_item_type(context, first)
                    break
                }
                index += 1
            }
        }
        switch type {
        case Self.fourCC("hvc1"): return "HEVC"
        case Self.fourCC("av01"): return "AV1"
        case Self.fourCC("vvc1"): return "VVC"
        case Self.fourCC("avc1"): return "H.264"
        case Self.fourCC("j2k1"): return "JPEG 2000"
        case Self.fourCC("jpeg"): return "JPEG"
        default: return fileType?.isAVIF == true ? "AV1" : "HEVC"
        }
    }

    private static func fourCC(_ text: String) -> UInt32 {
        text.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
