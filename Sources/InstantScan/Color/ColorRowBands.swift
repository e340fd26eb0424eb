import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits an image's rows into bands and runs a body over them, concurrently when that pays.
///
/// The colour stages are memory-bound single passes: below about a quarter megapixel the cost of
/// waking threads is more than the work, so small images stay on the calling thread.
enum ColorRowBands {
    /// Fewer pixels than this in a band and splitting further costs more than it saves.
    static let minimumPixelsPerBand = 1 << 18

    /// The bands for `height` rows of `width` pixels: one band for a small image, otherwise a few
    /// per processor, so that a core slowed by other work does not hold up the rest.
    static func bands(height: Int, width: Int) -> [Range<Int>] {
        let pixels = width * height
        let processors = max(1, activeProcessorCount)
        let wanted = processors == 1 ? 1 : min(processors * 4, pixels / minimumPixelsPerBand)
        let count = max(1, min(wanted, height))
        return (0..<count).map { index in
            (index * height / count)..<((index + 1) * height / count)
        }
    }

    /// Runs `body(bandIndex, rows)` for every band; returns when all are done.
    static func run(_ bands: [Range<Int>], _ body: (Int, Range<Int>) -> Void) {
        if bands.count == 1 {
            body(0, bands[0])
            return
        }
        // The bodies touch disjoint rows and per-band scratch, and concurrentPerform returns only
        // when all have finished, so sharing the non-Sendable closure (and what it captures) is safe.
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let work = body
            DispatchQueue.concurrentPerform(iterations: bands.count) { index in
                work(index, bands[index])
            }
        }
    }

    /// Processors available to this process (at least 1).
    static let activeProcessorCount: Int = {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? Int(online) : 1
    }()
}
