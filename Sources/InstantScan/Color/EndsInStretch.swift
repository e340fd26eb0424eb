/// Per-channel ends-in contrast stretch, as Accelerate's `vImageEndsInContrastStretch_ARGB8888`
/// defines it: in each of red, green and blue, the darkest `percentLow` % of pixels become 0, the
/// brightest `percentHigh` % become 255, and the values in between spread linearly. Alpha is
/// never changed.
///
/// ## The exact rule
/// For one channel with `N` pixels, let `cdf(v)` be the fraction of pixels with value ≤ `v`,
/// computed as `Double(count ≤ v) / Double(N)`, and `low = percentLow / 100`,
/// `high = percentHigh / 100`. Then
/// - `lo` is the first value with `cdf(v) > low`;
/// - `hi` is the first value with `cdf(v) >= 1 - high`;
/// - the table maps `v` to `(v - lo) * 255 / (hi - lo)` computed in `Double`, clamped to 0…255 and
///   rounded half to even.
///
/// This is the rule of the `ends_in` peer in the project's evaluation (NumPy's
/// `searchsorted(cdf, low, "right")` and `searchsorted(cdf, 1 - high, "left")`, then `round`), so
/// results match that reference byte for byte.
///
/// ## Degenerate channels
/// When `hi == lo`, every pixel between the two tails has one value: a flat image, a channel
/// with a single value, or one value holding all but the tails. No range exists to stretch, and
/// the reference's fallback (`hi = lo + 1`) would turn that value black — a white card on a white
/// table would come out black. Such a channel's table is the identity instead: it stays as it
/// is. This is the only place where the result differs from the reference. A channel with two
/// values that both lie inside the tails is not degenerate: they become 0 and 255.
public struct EndsInStretch: Sendable, Equatable {
    /// Percent of pixels per channel that become 0.
    public let percentLow: Double
    /// Percent of pixels per channel that become 255.
    public let percentHigh: Double

    /// Makes a stretch.
    ///
    /// - Throws: ``ColorError/invalidStretchPercentages(low:high:)`` unless both are finite, 0 or
    ///   more, and their sum is below 100.
    public init(percentLow: Double, percentHigh: Double) throws {
        guard percentLow.isFinite, percentHigh.isFinite, percentLow >= 0, percentHigh >= 0,
              percentLow + percentHigh < 100 else {
            throw ColorError.invalidStretchPercentages(low: percentLow, high: percentHigh)
        }
        self.percentLow = percentLow
        self.percentHigh = percentHigh
    }

    /// The tables this stretch gives for a histogram (identity tables for an empty one).
    package func lookupTables(for histogram: ChannelHistogram) -> StretchTables {
        StretchTables(red: table(for: histogram.red),
                      green: table(for: histogram.green),
                      blue: table(for: histogram.blue))
    }

    /// Stretches an RGBA8 buffer in place, measuring its whole area; alpha is untouched.
    ///
    /// - Precondition: the buffer is ``PixelFormat/rgba8``.
    public func apply(to buffer: PixelBuffer) {
        lookupTables(for: ChannelHistogram(of: buffer)).apply(to: buffer)
    }

    /// The `lo` and `hi` of the rule for one channel's counts, or nil when the channel is empty.
    /// `hi == lo` marks a degenerate channel.
    func ends(for counts: [Int]) -> (lo: Int, hi: Int)? {
        let total = counts.reduce(0, +)
        guard total > 0 else { return nil }
        let n = Double(total)
        let low = percentLow / 100
        let high = 1 - percentHigh / 100
        var lo: Int?
        var cumulative = 0
        for value in 0..<256 {
            cumulative += counts[value]
            // The same Double divisions and comparisons as the NumPy reference, for equal results.
            let cdf = Double(cumulative) / n
            if lo == nil, cdf > low { lo = value }
            // cdf(255) == 1 ≥ high, so this always returns; `low < high` makes hi ≥ lo.
            if cdf >= high { return (lo ?? value, value) }
        }
        preconditionFailure("a cumulative distribution ends at 1")
    }

    private func table(for counts: [Int]) -> [UInt8] {
        guard let (lo, hi) = ends(for: counts), hi > lo else { return StretchTables.identity.red }
        let scale = Double(hi - lo)
        return (0..<256).map { value in
            let stretched = Double(value - lo) * 255.0 / scale
            return UInt8(min(max(stretched, 0), 255).rounded(.toNearestOrEven))
        }
    }
}
