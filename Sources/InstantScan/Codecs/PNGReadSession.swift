internal import CShims

/// One libpng read of an in-memory PNG, in the two phases the C shim offers: the header, then the
/// pixels into a buffer the caller allocated after checking the size.
///
/// The shim keeps a pointer to the data, so a session only exists inside ``withSession(_:_:)``,
/// where the bytes are pinned.
final class PNGReadSession {
    /// What the header phase read.
    struct Header {
        var size: PixelSize
        var bitDepth: Int
        var colorType: Int
        var interlaced: Bool
        var iccProfile: [UInt8]?
        var iccProfileName: String?
        var hasSRGB: Bool
        var exif: [UInt8]?
    }

    private let reader: OpaquePointer

    private init(reader: OpaquePointer) {
        self.reader = reader
    }

    deinit {
        is_png_reader_destroy(reader)
    }

    /// Runs `body` with a session over `data`.
    static func withSession<R>(_ data: [UInt8], _ body: (PNGReadSession) throws -> R) throws -> R {
        try data.withUnsafeBufferPointer { bytes in
            guard let reader = is_png_reader_create(bytes.baseAddress, bytes.count) else {
                throw CodecError.corrupt("PNG data: out of memory")
            }
            let session = PNGReadSession(reader: reader)
            // The session must not outlive the pinned bytes: it is only handed to `body`.
            return try withExtendedLifetime(session) { try body(session) }
        }
    }

    /// Reads the signature and all chunks up to the image data.
    func readHeader() throws -> Header {
        var header = is_png_header()
        try check(is_png_reader_read_header(reader, &header))
        return Header(header)
    }

    /// Decodes every pixel into `pixels` (RGBA8, exactly the header's size); returns the header as
    /// refreshed by the chunks after the image data.
    func readPixels(into pixels: PixelBuffer) throws -> Header {
        precondition(pixels.format == .rgba8, "PNG rows decode as RGBA8")
        var header = is_png_header()
        try check(is_png_reader_read_rgba(reader, pixels.baseAddress, pixels.bytesPerRow, &header))
        return Header(header)
    }

    /// libpng's warnings so far.
    var warnings: [String] {
        String(cString: is_png_reader_warnings(reader)).split(separator: "\n").map { "PNG: \($0)" }
    }

    private func check(_ status: Int32) throws {
        guard status != Int32(IS_PNG_OK) else { return }
        let message = String(cString: is_png_reader_message(reader))
        switch status {
        case Int32(IS_PNG_NOT_PNG): throw CodecError.notAnImage
        case Int32(IS_PNG_TRUNCATED): throw CodecError.truncated("PNG data (\(message))")
        case Int32(IS_PNG_UNSUPPORTED): throw CodecError.unsupported("PNG: \(message)")
        default:
            // libpng often warns with the detail before failing with a summary ("Invalid IHDR data").
            let details = String(cString: is_png_reader_warnings(reader)).split(separator: "\n")
            let detail = details.isEmpty ? "" : " (\(details.joined(separator: "; ")))"
            throw CodecError.corrupt("PNG data: \(message)\(detail)")
        }
    }
}

extension PNGReadSession.Header {
    /// Copies what the C header points at, which lives only as long as the reader.
    fileprivate init(_ header: is_png_header) {
        size = PixelSize(width: Int(header.width), height: Int(header.height))
        bitDepth = Int(header.bit_depth)
        colorType = Int(header.color_type)
        interlaced = header.interlaced != 0
        iccProfile = header.icc_profile.map { Array(UnsafeBufferPointer(start: $0, count: header.icc_profile_length)) }
        iccProfileName = header.icc_profile_name.map { String(cString: $0) }
        hasSRGB = header.has_srgb != 0
        exif = header.exif.map { Array(UnsafeBufferPointer(start: $0, count: header.exif_length)) }
    }
}
