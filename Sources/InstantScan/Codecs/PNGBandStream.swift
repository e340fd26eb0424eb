internal import CShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One band of PNG image data filtered and deflated as its rows arrive (the C side's
/// `is_png_band_stream`): the same bytes as that band of ``BandedDeflate``, for an image made band
/// by band that never exists whole. Owns the C stream until ``finish()`` hands the band over.
final class PNGBandStream {
    private var stream: OpaquePointer?
    /// Where the band's bytes go, for the error when they cannot.
    private var spill: BandSpillFile?

    /// Starts band `rows` of an image `width` pixels wide, keeping the first `channels` of each
    /// `channelsIn`-byte pixel; `rowBefore` is the image's row above the band (nil for the first
    /// band), `last` whether the band ends the image.
    init(width: Int, rows: Range<Int>, channelsIn: Int, channels: Int, compression: PNGEncoder.Compression,
         rowBefore: UnsafePointer<UInt8>?, last: Bool) throws {
        let settings = compression.settings
        var params = is_png_band_params()
        params.width = UInt32(width)
        params.channels_in = Int32(channelsIn)
        params.channels_out = Int32(channels)
        params.first_row = UInt32(rows.lowerBound)
        params.row_count = UInt32(rows.count)
        params.filters = settings.filters
        params.level = Int32(settings.level)
        params.strategy = settings.strategy
        params.last_band = last ? 1 : 0
        var made: OpaquePointer?
        let status = is_png_band_stream_begin(&params, rowBefore, &made)
        guard status == Int32(IS_PNG_OK), let made else { throw Self.failure(status) }
        stream = made
    }

    deinit {
        if let stream { is_png_band_stream_free(stream) }
    }

    /// Before any row: writes the band's bytes to `descriptor` (an unnamed file, see
    /// ``BandSpillFile``) as they are made instead of keeping them; ``finish()`` then hands over a
    /// band without bytes, which ``BandedDeflate`` loads back when the PNG is written.
    func spill(to file: BandSpillFile) throws {
        let status = is_png_band_stream_spill(stream, file.descriptor)
        guard status == Int32(IS_PNG_OK) else { throw Self.failure(status) }
        spill = file
    }

    /// Filters and deflates the next `count` rows of the band, `stride` bytes apart from `rows`.
    func append(_ rows: UnsafePointer<UInt8>, stride: Int, count: Int) throws {
        let status = is_png_band_stream_rows(stream, rows, stride, UInt32(count))
        guard status == Int32(IS_PNG_OK) else { throw Self.failure(status, errno: errno, spill: spill) }
    }

    /// Ends the band (every row given) and hands it over; the stream is gone afterwards.
    func finish() throws -> is_png_band {
        var band = is_png_band()
        let status = is_png_band_stream_finish(stream, &band)
        let code = errno
        stream = nil
        guard status == Int32(IS_PNG_OK) else { throw Self.failure(status, errno: code, spill: spill) }
        return band
    }

    /// The error of a failed call; `code` is the `errno` it left, read at once, and `spill` the
    /// file a spilling band was writing (its failure is a write's, like the output's own).
    static func failure(_ status: Int32, errno code: Int32 = 0, spill: BandSpillFile? = nil) -> any Error {
        switch status {
        case Int32(IS_PNG_NO_MEMORY): return CodecError.encodeFailed("PNG: out of memory for the image data")
        case Int32(IS_PNG_SPILL_FAILED):
            return AtomicFile.WriteError.failed(spill?.folder ?? "the output's folder", String(cString: strerror(code)))
        default: return CodecError.encodeFailed("PNG: zlib failed on the image data")
        }
    }
}
