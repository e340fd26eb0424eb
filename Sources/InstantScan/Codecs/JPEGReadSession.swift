internal import CShims

/// One libjpeg read of an in-memory JPEG through the C shim (CShims/jpeg_band.c): the header,
/// then one band of rows and columns into a buffer the caller allocated.
///
/// The shim keeps a pointer to the data, so a session only exists inside ``withSession(_:_:)``,
/// where the bytes are pinned.
final class JPEGReadSession {
    private let reader: OpaquePointer
    /// Whether the header read says the file is progressive (``readHeader()`` sets it).
    private(set) var isProgressive = false

    private init(reader: OpaquePointer) {
        self.reader = reader
    }

    deinit {
        is_jpeg_reader_destroy(reader)
    }

    /// Runs `body` with a session over `data`.
    static func withSession<R>(_ data: [UInt8], _ body: (JPEGReadSession) throws -> R) throws -> R {
        try data.withUnsafeBufferPointer { bytes in
            guard let reader = is_jpeg_reader_create(bytes.baseAddress, bytes.count) else {
                throw CodecError.corrupt("JPEG data: out of memory")
            }
            let session = JPEGReadSession(reader: reader)
            // The session must not outlive the pinned bytes: it is only handed to `body`.
            return try withExtendedLifetime(session) { try body(session) }
        }
    }

    /// The stored size, before any DCT scaling.
    func readHeader() throws -> PixelSize {
        var header = is_jpeg_header()
        try check(is_jpeg_reader_read_header(reader, &header), stage: "JPEG header")
        isProgressive = header.progressive != 0
        return PixelSize(width: Int(header.width), height: Int(header.height))
    }

    /// Decodes `rows` × `columns` of the image scaled by 1/`scaleDenominator` into `pixels`
    /// (RGB8 or RGBA8, `columns` wide) from its row `firstRow` on.
    func readBand(rows: Range<Int>, columns: Range<Int>, scaleDenominator: Int, into pixels: PixelBuffer,
                  atRow firstRow: Int = 0) throws {
        precondition(pixels.format != .gray8, "JPEG bands decode into RGB8 or RGBA8")
        precondition(pixels.width == columns.count && firstRow >= 0 && firstRow + rows.count <= pixels.height,
                     "the buffer holds the band's rows")
        var request = is_jpeg_band_request(
            scale_denominator: Int32(scaleDenominator), channels: Int32(pixels.format.bytesPerPixel),
            first_row: UInt32(rows.lowerBound), row_count: UInt32(rows.count),
            first_column: UInt32(columns.lowerBound), column_count: UInt32(columns.count))
        try check(is_jpeg_reader_decode_band(reader, &request, pixels.rowPointer(firstRow), pixels.bytesPerRow), stage: "JPEG data")
    }

    private func check(_ status: Int32, stage: String) throws {
        guard status != Int32(IS_JPEG_OK) else { return }
        let message = String(cString: is_jpeg_reader_message(reader))
        switch status {
        case Int32(IS_JPEG_TRUNCATED): throw CodecError.truncated("\(stage) (\(message))")
        case Int32(IS_JPEG_UNSUPPORTED): throw CodecError.unsupported("\(stage): \(message.isEmpty ? "CMYK JPEG images (only RGB and greyscale photos are read)" : message)")
        case Int32(IS_JPEG_NO_MEMORY): throw CodecError.corrupt("\(stage): out of memory")
        case Int32(IS_JPEG_INVALID_CALL): throw CodecError.unsupported("\(stage): a band outside the image")
        default: throw CodecError.corrupt("\(stage): \(message)")
        }
    }
}
