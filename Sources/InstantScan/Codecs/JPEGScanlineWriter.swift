internal import CShims
#if canImport(Glibc)
import Glibc
#endif

/// A JPEG compressed as its rows arrive (the C side's `is_jpeg_writer`, libjpeg's
/// `jpeg_write_scanlines`): the bytes ``JPEGEncoder`` gets from TurboJPEG for the same pixels
/// before it adds density, EXIF and profile, for an image made band by band that never exists
/// whole. Rows go in top to bottom; owns the C writer until ``finish()``.
final class JPEGScanlineWriter {
    private var writer: OpaquePointer?

    /// Starts a `size` JPEG of RGBA8 rows (alpha ignored) or grey ones at `quality`, with the
    /// chroma subsampling ``JPEGEncoder`` picks for that quality.
    init(size: PixelSize, format: PixelFormat, quality: Int) throws {
        guard (1...100).contains(quality) else {
            throw CodecError.encodeFailed("JPEG quality must be 1…100, not \(quality)")
        }
        precondition(format != .rgb8, "RGBA8 or grey rows")
        var params = is_jpeg_writer_params()
        params.width = UInt32(size.width)
        params.height = UInt32(size.height)
        params.channels = Int32(format.bytesPerPixel)
        params.quality = Int32(quality)
        params.subsampling_420 = JPEGEncoder.subsamples(quality: quality) ? 1 : 0
        var status: Int32 = 0
        guard let made = is_jpeg_writer_create(&params, &status) else {
            throw CodecError.encodeFailed(status == Int32(IS_JPEG_NO_MEMORY) ? "JPEG: out of memory" : "JPEG: invalid image")
        }
        writer = made
    }

    deinit {
        is_jpeg_writer_destroy(writer)
    }

    /// Compresses the next `count` rows, `stride` bytes apart from `rows`.
    func append(_ rows: UnsafePointer<UInt8>, stride: Int, count: Int) throws {
        let status = is_jpeg_writer_rows(writer, rows, stride, UInt32(count))
        guard status == Int32(IS_JPEG_OK) else { throw failure(status) }
    }

    /// Ends the image (every row given): the JPEG file, JFIF APP0 first and no other segment.
    func finish() throws -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = is_jpeg_writer_finish(writer, &data, &length)
        guard status == Int32(IS_JPEG_OK), let data else { throw failure(status) }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }

    private func failure(_ status: Int32) -> CodecError {
        let message = String(cString: is_jpeg_writer_message(writer))
        if status == Int32(IS_JPEG_INVALID_CALL) { return .encodeFailed("JPEG: rows past the image's end or missing") }
        return .encodeFailed("JPEG: \(message.isEmpty ? "out of memory" : message)")
    }
}
