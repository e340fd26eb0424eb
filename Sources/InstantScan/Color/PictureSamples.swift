#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pixels of a print's picture in linear light, sampled on a regular grid: the fallback evidence
/// about the light, and the yardstick that tells a white frame from a dark one.
struct PictureSamples {
    /// Linear R, G, B of the samples with no clipped channel.
    var linear: [[Double]] = [[], [], []]
    /// Samples with a channel at or above the clip code (left out of ``linear``).
    var clippedCount = 0

    /// Enough for stable means and percentiles.
    static let targetCount = 12_000
    /// Millimetres kept clear of the window's edge.
    static let marginMillimetres = 1.0
    /// Share of the card kept clear of its edge when no format (so no window) is known.
    static let cardMargin = 0.03

    /// Samples the picture window of `card` (an upright card image) when a format is given, else
    /// the whole card inside a small margin.
    init(card: some CardRows, window format: PrintFormat?) {
        let (x0, x1, y0, y1, step) = Self.grid(cardSize: card.cardSize, window: format)
        for y in stride(from: y0 + step / 2, to: min(y1, card.height), by: step) {
            // Only the grid's columns are read (on a streamed scan only they are warped).
            let row = card.row(y, columnsFrom: x0 + step / 2, to: min(x1, card.width), every: step)
            for x in stride(from: x0 + step / 2, to: min(x1, card.width), by: step) {
                let p = row + x * 4
                if p[0] >= FrameLightFit.clipCode || p[1] >= FrameLightFit.clipCode || p[2] >= FrameLightFit.clipCode {
                    clippedCount += 1
                    continue
                }
                for c in 0..<3 { linear[c].append(Double(LinearLight.linear(p[c]))) }
            }
        }
    }

    /// The sampled rectangle and grid spacing for a card of `cardSize`: rows `y0 + step / 2`,
    /// then every `step` below `y1`, are read.
    static func grid(cardSize: PixelSize, window format: PrintFormat?) -> (x0: Int, x1: Int, y0: Int, y1: Int, step: Int) {
        var u0 = PictureSamples.cardMargin, v0 = PictureSamples.cardMargin
        var u1 = 1 - PictureSamples.cardMargin, v1 = 1 - PictureSamples.cardMargin
        if let format {
            let (cw, ch) = format.cardSize
            let w = format.window, m = PictureSamples.marginMillimetres
            u0 = (w.x + m) / cw
            v0 = (w.y + m) / ch
            u1 = (w.x + w.width - m) / cw
            v1 = (w.y + w.height - m) / ch
        }
        let x0 = Int(u0 * Double(cardSize.width)), x1 = max(x0 + 1, Int(u1 * Double(cardSize.width)))
        let y0 = Int(v0 * Double(cardSize.height)), y1 = max(y0 + 1, Int(v1 * Double(cardSize.height)))
        let area = Double((x1 - x0) * (y1 - y0))
        let step = max(1, Int((area / Double(PictureSamples.targetCount)).squareRoot().rounded(.up)))
        return (x0, x1, y0, y1, step)
    }

    /// How many unclipped samples there are.
    var count: Int { linear[0].count }

    /// The Minkowski `p`-mean of each channel over the unclipped samples: shades of gray's
    /// estimate of the light (`p` = 1 is gray world; larger `p` leans towards the brightest
    /// surfaces, which are more often near-white).
    func minkowskiMean(_ p: Double) -> [Double]? {
        guard count > 0 else { return nil }
        return linear.map { values in pow(values.reduce(0) { $0 + pow($1, p) } / Double(count), 1 / p) }
    }

    /// The `p`-quantile (0…1) of the samples' luminance in `space`.
    func luminanceQuantile(_ p: Double, in space: WorkingSpace) -> Double? {
        luminanceQuantiles([p], in: space)?[0]
    }

    /// The quantiles `ps` (each 0…1) of the samples' luminance in `space`, from one sort. With
    /// `countingClipped`, clipped samples count too, as the lightest (at 1, the clip level):
    /// a quantile that lands among them is a lower bound.
    func luminanceQuantiles(_ ps: [Double], in space: WorkingSpace, countingClipped: [Bool]? = nil) -> [Double]? {
        guard count > 0 else { return nil }
        let y = (space.toXYZ[3], space.toXYZ[4], space.toXYZ[5])
        let luminance = (0..<count).map { y.0 * linear[0][$0] + y.1 * linear[1][$0] + y.2 * linear[2][$0] }.sorted()
        return ps.indices.map { i in
            let total = countingClipped?[i] == true ? count + clippedCount : count
            let index = min(total - 1, Int(ps[i] * Double(total)))
            return index < count ? luminance[index] : 1
        }
    }
}
