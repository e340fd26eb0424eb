internal import CShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG image data deflated in row bands on several cores, joined into one valid zlib stream.
///
/// zlib is single-threaded, and deflate was most of a scan's time (0.2–0.3 s of a 7 MP print at
/// level 1). Each band here is filtered and deflated on its own (the C side ends every band but
/// the last on a byte boundary with a sync flush and combines the Adler-32 checksums), so two
/// cores write a PNG in about half the time. A band starts with an empty dictionary, which costs a
/// few hundred bytes on a multi-megabyte image. With one core (a batch running one photo per core)
/// there is one band: exactly a single-threaded encoder's stream.
///
/// All pointer work of PNG encoding from Swift lives here: the bands are C allocations, freed in
/// `deinit`.
final class BandedDeflate: @unchecked Sendable {
    /// Fewer pixels than this in a band and a dictionary reset costs more than the band saves.
    static let minimumPixelsPerBand = 1 << 19

    private(set) var bands: [is_png_band]
    /// Each band's unnamed file while its bytes are there and not in memory (``loadSpilled()``).
    private var spills: [BandSpillFile?]

    /// Filters and deflates `image`'s rows, keeping the first `channels` bytes of each pixel.
    /// - Parameter bandCount: how many bands (tests); by default two a core, none under
    ///   ``minimumPixelsPerBand``.
    init(image: PixelBuffer, channels: Int, filters: Int32, level: Int32, strategy: Int32,
         bandCount: Int? = nil) throws {
        let ranges = Self.ranges(size: image.size, bandCount: bandCount)
        bands = Array(repeating: is_png_band(), count: ranges.count)
        spills = Array(repeating: nil, count: ranges.count)
        var statuses = Array(repeating: Int32(IS_PNG_OK), count: ranges.count)
        bands.withUnsafeMutableBufferPointer { out in
            statuses.withUnsafeMutableBufferPointer { status in
                // Each band writes only its own slot of both arrays.
                nonisolated(unsafe) let out = out, status = status
                RowBands.run(ranges) { index, rows in
                    var params = is_png_band_params()
                    params.rows = UnsafePointer(image.baseAddress)
                    params.stride = image.bytesPerRow
                    params.width = UInt32(image.width)
                    params.channels_in = Int32(image.format.bytesPerPixel)
                    params.channels_out = Int32(channels)
                    params.first_row = UInt32(rows.lowerBound)
                    params.row_count = UInt32(rows.count)
                    params.filters = filters
                    params.level = level
                    params.strategy = strategy
                    params.last_band = index == ranges.count - 1 ? 1 : 0
                    status[index] = is_png_deflate_band(&params, &out[index])
                }
            }
        }
        if let failure = statuses.first(where: { $0 != Int32(IS_PNG_OK) }) {
            throw CodecError.encodeFailed(failure == Int32(IS_PNG_NO_MEMORY)
                ? "PNG: out of memory for the image data" : "PNG: zlib failed on the image data")
        }
    }

    /// Takes over bands already deflated (``PNGBandStream``), in row order, with the files of
    /// those whose bytes were written out as they were made (nil: in memory).
    init(finished bands: [is_png_band], spills: [BandSpillFile?]? = nil) {
        self.bands = bands
        self.spills = spills ?? Array(repeating: nil, count: bands.count)
    }

    /// Reads the bytes of bands written out to their files back into memory, to be written into
    /// the PNG, and closes the files. Called once the scan is made, when the photo's memory is
    /// given back: only the output's compressed bytes are then resident.
    func loadSpilled() throws {
        for index in bands.indices {
            guard let file = spills[index] else { continue }
            // A band that failed was never handed over: its slot is empty and nothing is read.
            if bands[index].length > 0 || bands[index].raw_length > 0 {
                let status = is_png_band_load(&bands[index], file.descriptor)
                guard status == Int32(IS_PNG_OK) else { throw PNGBandStream.failure(status, errno: errno, spill: file) }
            }
            spills[index] = nil
        }
    }

    /// The rows of each band for an image of `size`: `bandCount` bands, by default two a core,
    /// none under ``minimumPixelsPerBand``. A streamed scan deflates the same bands, so that its
    /// PNG is byte for byte the one its whole image would give.
    static func ranges(size: PixelSize, bandCount: Int? = nil) -> [Range<Int>] {
        let cores = ProcessInfoCores.active
        let wanted = bandCount ?? (cores == 1 ? 1 : min(2 * cores, size.width * size.height / Self.minimumPixelsPerBand))
        let count = max(1, min(wanted, size.height))
        return (0..<count).map { ($0 * size.height / count)..<(($0 + 1) * size.height / count) }
    }

    deinit {
        for index in bands.indices { is_png_band_free(&bands[index]) }
    }

    /// Total compressed bytes, for tests and measurements.
    var compressedByteCount: Int { bands.reduce(0) { $0 + $1.length } }
}
