import Dispatch

/// Splits rows `0..<height` into bands and runs them on all cores.
///
/// Every parallel loop in the library goes through here so that band sizing lives in one place:
/// bands are large enough (≥ 16 rows) that scheduling costs nothing next to the work, and there
/// are a few per core so that a band slowed by another process does not hold up the rest.
enum RowBands {
    /// Runs `body` on disjoint, contiguous row ranges that together cover `0..<height`.
    static func run(height: Int, minimumRows: Int = 16, _ body: @Sendable (Range<Int>) -> Void) {
        let cores = ProcessInfoCores.active
        let bands = max(1, min(cores * 4, height / max(minimumRows, 1)))
        if bands == 1 || cores == 1 {
            body(0..<height)
            return
        }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let start = height * band / bands, end = height * (band + 1) / bands
            if start < end { body(start..<end) }
        }
    }
}
