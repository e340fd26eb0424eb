internal import CLibHeif

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
            // An error's message lives in the context: read it before the context is freed.
            if read.code != heif_error_Ok {
                let error = HEIFFailure.error(read, stage: "HEIF header", fileType: fileType)
                heif_context_free(context)
                throw error
            }
            var handle: OpaquePointer?
            let found = heif_context_get_primary_image_handle(context, &handle)
            guard found.code == heif_error_Ok, let handle else {
                let error = HEIFFailure.error(found, stage: "HEIF primary image", fileType: fileType)
                heif_context_free(context)
                throw error
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

    /// The primary image as stored, before its `irot`/`imir` transformations, and the orientation
    /// those amount to (as an EXIF orientation would say it); nil when the file also crops
    /// (`clap`) or its transformations cannot be read, and libheif must apply them itself.
    var stored: (size: PixelSize, orientation: Orientation)? {
        let id = heif_image_handle_get_item_id(primary)
        let count = heif_item_get_transformation_properties(context, id, nil, 0)
        guard count >= 0, count <= 8 else { return nil }
        var properties = [heif_property_id](repeating: 0, count: Int(count))
        guard heif_item_get_transformation_properties(context, id, &properties, count) == count else { return nil }
        var steps: [StoredTransform] = []
        for property in properties {
            switch heif_item_get_property_type(context, id, property) {
            case heif_item_property_type_transform_rotation:
                let angle = Int(heif_item_get_property_transform_rotation_ccw(context, id, property))
                guard [0, 90, 180, 270].contains(angle) else { return nil }
                steps.append(.rotateCounterclockwise(angle))
            case heif_item_property_type_transform_mirror:
                switch heif_item_get_property_transform_mirror(context, id, property) {
                case heif_transform_mirror_direction_horizontal: steps.append(.mirrorLeftRight)
                case heif_transform_mirror_direction_vertical: steps.append(.mirrorTopBottom)
                default: return nil
                }
            default:
                return nil
            }
        }
        let width = Int(heif_image_handle_get_ispe_width(primary)), height = Int(heif_image_handle_get_ispe_height(primary))
        guard width > 0, height > 0, let orientation = StoredTransform.orientation(of: steps) else { return nil }
        let size = PixelSize(width: width, height: height)
        guard orientation.uprightSize(stored: size) == uprightSize else { return nil }
        return (size, orientation)
    }

    /// Decodes the primary image as stored (its transformations left to the caller), tile by tile
    /// for a grid, as iPhones store photos: `body` gets each decoded tile and its top-left pixel
    /// in the stored image, and each tile is freed before the next is decoded. Anything but a
    /// grid is one tile. The HDR gain map, depth map and thumbnails are auxiliary images and are
    /// never decoded.
    func decodeStoredTiles(_ body: (HEIFImage, _ x: Int, _ y: Int, _ covers: PixelSize) throws -> Void) throws {
        try withDecodingOptions(ignoringTransformations: true) { options, colorspace, chroma in
            var tiling = heif_image_tiling()
            let tiled = heif_image_handle_get_image_tiling(primary, 0, &tiling)
            if tiled.code == heif_error_Ok, tiling.num_columns * tiling.num_rows > 1, tiling.tile_width > 0, tiling.tile_height > 0 {
                for row in 0..<tiling.num_rows {
                    for column in 0..<tiling.num_columns {
                        var image: OpaquePointer?
                        let decoded = heif_image_handle_decode_image_tile(primary, &image, colorspace, chroma, options, column, row)
                        guard decoded.code == heif_error_Ok, let image else {
                            throw HEIFFailure.error(decoded, stage: "HEIF image data", fileType: fileType, codec: codecName)
                        }
                        let x = Int(column * tiling.tile_width), y = Int(row * tiling.tile_height)
                        let covers = PixelSize(width: min(Int(tiling.tile_width), Int(tiling.image_width) - x),
                                               height: min(Int(tiling.tile_height), Int(tiling.image_height) - y))
                        try body(HEIFImage(image), x, y, covers)
                    }
                }
                return
            }
            let whole = PixelSize(width: Int(heif_image_handle_get_ispe_width(primary)), height: Int(heif_image_handle_get_ispe_height(primary)))
            try body(try decode(options: options, colorspace: colorspace, chroma: chroma), 0, 0, whole)
        }
    }

    /// Decodes the primary image whole with its transformations applied by libheif (grid tiles
    /// assembled at full size): for files that crop as well as turn.
    func decodeUpright() throws -> HEIFImage {
        try withDecodingOptions(ignoringTransformations: false) { options, colorspace, chroma in
            try decode(options: options, colorspace: colorspace, chroma: chroma)
        }
    }

    private func decode(options: UnsafeMutablePointer<heif_decoding_options>, colorspace: heif_colorspace,
                        chroma: heif_chroma) throws -> HEIFImage {
        var image: OpaquePointer?
        let decoded = heif_decode_image(primary, &image, colorspace, chroma, options)
        guard decoded.code == heif_error_Ok, let image else {
            throw HEIFFailure.error(decoded, stage: "HEIF image data", fileType: fileType, codec: codecName)
        }
        return HEIFImage(image)
    }

    /// Runs `body` with decoding options and the colour space to decode to: the image's own
    /// (Y′CbCr or grey planes as coded, at their full bit depth, or RGB planes), or RGB planes for
    /// anything else (an interleaved uncompressed item, say), which libheif then converts.
    private func withDecodingOptions<R>(ignoringTransformations: Bool,
                                        _ body: (UnsafeMutablePointer<heif_decoding_options>, heif_colorspace, heif_chroma) throws -> R) throws -> R {
        var colorspace = heif_colorspace_undefined, chroma = heif_chroma_undefined
        _ = heif_image_handle_get_preferred_decoding_colorspace(primary, &colorspace, &chroma)
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
        options.pointee.ignore_transformations = ignoringTransformations ? 1 : 0
        return try body(options, colorspace, chroma)
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
