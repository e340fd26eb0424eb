import Dispatch

/// Splits an image's rows into bands and runs a body over them, concurrently when that pays.
///
/// Every parallel loop in the library (warp, histogram, lookup tables, colour conversion) goes
/// through here so that band sizing lives in one place. The stages are memory-bound single passes:
/// below about a quarter megapixel a band costs more to schedule than it saves, so small images
/// stay on the calling thread; larger ones get a few bands per core, so that a core slowed by
/// other work does not hold up the rest. ``ProcessInfoCores`` caps the cores (a batch that already
/// runs one photo per core sets it to 1).
enum RowBands {
    /// Fewer pixels than this in a band and splitting further costs more than it saves.
    static let minimumPixelsPerBand = 1 << 18

    /// The bands for `height` rows of `width` pixels.
    static func bands(height: Int, width: Int) -> [Range<Int>] {
        let processors = ProcessInfoCores.active
        let wanted = processors == 1 ? 1 : min(processors * 4, width * height / minimumPixelsPerBand)
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

    /// Runs `body(rows)` over the bands of a `width × height` image.
    static func run(height: Int, width: Int, _ body: (Range<Int>) -> Void) {
        run(bands(height: height, width: width)) { _, rows in body(rows) }
    }
}
