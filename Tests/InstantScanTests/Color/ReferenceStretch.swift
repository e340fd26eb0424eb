@testable import InstantScan

/// A plain, obviously-correct ends-in stretch to test the fast one against: the NumPy peer's
/// rule written out line by line (cdf, two searches, the linear map, round half to even), plus
/// the library's one documented deviation (a degenerate channel keeps its values).
enum ReferenceStretch {
    /// Histogram by reading every pixel through the packed bytes.
    static func histogram(_ buffer: PixelBuffer, x: Range<Int>? = nil, y: Range<Int>? = nil) -> [[Int]] {
        let bytes = buffer.packedBytes()
        var counts = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
        for row in y ?? 0..<buffer.height {
            for column in x ?? 0..<buffer.width {
                for channel in 0..<3 {
                    counts[channel][Int(bytes[(row * buffer.width + column) * 4 + channel])] += 1
                }
            }
        }
        return counts
    }

    /// lo and hi as the peer computes them, before its `max(hi, lo + 1)`.
    static func ends(_ counts: [Int], low: Double, high: Double) -> (lo: Int, hi: Int) {
        let total = Double(counts.reduce(0, +))
        var cdf: [Double] = []
        var sum = 0
        for count in counts {
            sum += count
            cdf.append(Double(sum) / total)
        }
        let lo = cdf.firstIndex { $0 > low } ?? 256          // searchsorted(cdf, low, side="right")
        let hi = cdf.firstIndex { $0 >= 1 - high } ?? 256    // searchsorted(cdf, 1 - high, side="left")
        return (lo, hi)
    }

    static func table(_ counts: [Int], percentLow: Double, percentHigh: Double) -> [UInt8] {
        let (lo, hi) = ends(counts, low: percentLow / 100, high: percentHigh / 100)
        if hi <= lo { return (0...255).map { UInt8($0) } }
        return (0...255).map { value in
            var x = Double(value - lo) * 255.0 / Double(hi - lo)
            x = min(max(x, 0), 255)
            return UInt8(x.rounded(.toNearestOrEven))
        }
    }

    /// The stretched pixels, packed.
    static func apply(_ buffer: PixelBuffer, percentLow: Double, percentHigh: Double) -> [UInt8] {
        let tables = histogram(buffer).map { table($0, percentLow: percentLow, percentHigh: percentHigh) }
        var bytes = buffer.packedBytes()
        for index in 0..<bytes.count where index % 4 != 3 {
            bytes[index] = tables[index % 4][Int(bytes[index])]
        }
        return bytes
    }
}
