#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Linear-light statistics of part of an image, sampled on a grid: the colour-constancy cues
/// (shades of gray, gray edge, near-neutral surfaces) that say what the light is without a white
/// reference.
struct ImageStatistics {
    /// Linear R, G, B of the samples with no clipped channel.
    var linear: [[Double]] = [[], [], []]
    /// Each channel's absolute difference to the neighbours `step` pixels right and below, where
    /// both are in the region and unclipped: the image's edges, whose average colour is the
    /// light's more often than the surfaces' is (gray edge, van de Weijer et al. 2007).
    var edges: [[Double]] = [[], [], []]

    /// How many unclipped samples there are.
    var count: Int { linear[0].count }

    /// Samples `image` every `step` pixels where `includes(x, y)` holds.
    init(image: PixelBuffer, step: Int, includes: (Int, Int) -> Bool) {
        self.init(image: image, step: step, columns: 0..<image.width, rows: 0..<image.height, includes: includes)
    }

    /// Samples `image` every `step` pixels where `includes(x, y)` holds, looking only at
    /// `columns` and `rows`: the same grid as the whole image's, without visiting the pixels
    /// outside them (a picture window is a third of a card, and the colour stage's time went
    /// on walking and growing arrays).
    init(image: PixelBuffer, step: Int, columns: Range<Int>, rows: Range<Int>, includes: (Int, Int) -> Bool) {
        let table = LinearLight.decodeTable
        let clip = FrameLightFit.clipCode
        func read(_ x: Int, _ y: Int) -> (Double, Double, Double)? {
            guard x < image.width, y < image.height, includes(x, y) else { return nil }
            let p = image.rowPointer(y) + x * 4
            guard p[0] < clip, p[1] < clip, p[2] < clip else { return nil }
            return (Double(table[Int(p[0])]), Double(table[Int(p[1])]), Double(table[Int(p[2])]))
        }
        func appendEdge(_ a: (Double, Double, Double), _ b: (Double, Double, Double)?) {
            guard let b else { return }
            edges[0].append(abs(b.0 - a.0))
            edges[1].append(abs(b.1 - a.1))
            edges[2].append(abs(b.2 - a.2))
        }
        func firstOnGrid(_ from: Int) -> Int {
            let start = step / 2
            return from <= start ? start : start + (from - start + step - 1) / step * step
        }
        let (x0, x1) = (firstOnGrid(columns.lowerBound), min(columns.upperBound, image.width))
        let (y0, y1) = (firstOnGrid(rows.lowerBound), min(rows.upperBound, image.height))
        let expected = max(0, (x1 - x0 + step - 1) / step) * max(0, (y1 - y0 + step - 1) / step)
        for c in 0..<3 {
            linear[c].reserveCapacity(expected)
            edges[c].reserveCapacity(2 * expected)
        }
        for y in stride(from: y0, to: y1, by: step) {
            for x in stride(from: x0, to: x1, by: step) {
                guard let here = read(x, y) else { continue }
                linear[0].append(here.0)
                linear[1].append(here.1)
                linear[2].append(here.2)
                appendEdge(here, read(x + step, y))
                appendEdge(here, read(x, y + step))
            }
        }
    }

    /// Each channel's Minkowski `p`-mean of `values`; nil when empty or a channel is all zero.
    static func minkowski(_ values: [[Double]], _ p: Double) -> [Double]? {
        guard let n = values.first?.count, n > 0 else { return nil }
        // The cues use p = 6, where a pow per sample was most of the colour stage's time; a
        // plain loop rather than a closure per sample (same order of summation, same result).
        let means = values.map { channel -> Double in
            var sum = 0.0
            if p == 6 {
                for v in channel { let cube = v * v * v; sum += cube * cube }
            } else {
                for v in channel { sum += pow(v, p) }
            }
            return pow(sum / Double(n), 1 / p)
        }
        return means.allSatisfy({ $0 > 1e-6 }) ? means : nil
    }

    /// Shades of gray: the colour of the Minkowski `p`-mean of the samples.
    func shadesOfGray(_ p: Double) -> LightChroma? {
        ImageStatistics.minkowski(linear, p).flatMap { LightChroma(rgb: $0) }
    }

    /// Gray edge: the colour of the Minkowski `p`-mean of the edges.
    func grayEdge(_ p: Double) -> LightChroma? {
        guard edges[0].count >= 64 else { return nil }
        return ImageStatistics.minkowski(edges, p).flatMap { LightChroma(rgb: $0) }
    }

    /// The luminance-weighted mean colour of the samples whose colour lies near `start`, the
    /// circle closing in from wide to narrow: the greys and whites of the scene, found by where
    /// the cast puts them. Nil when too few samples are near.
    func nearNeutral(from start: LightChroma, in space: WorkingSpace) -> LightChroma? {
        var chromas: [LightChroma] = [], weights: [Double] = []
        chromas.reserveCapacity(count)
        weights.reserveCapacity(count)
        let y = (space.toXYZ[3], space.toXYZ[4], space.toXYZ[5])
        for i in 0..<count where linear[0][i] > 0.01 && linear[1][i] > 0.01 && linear[2][i] > 0.01 {
            chromas.append(LightChroma(rg: log(linear[0][i] / linear[1][i]), bg: log(linear[2][i] / linear[1][i])))
            weights.append(y.0 * linear[0][i] + y.1 * linear[1][i] + y.2 * linear[2][i])
        }
        var centre = start
        for radius in [0.4, 0.25, 0.15] {
            var sum = LightChroma(rg: 0, bg: 0), total = 0.0, n = 0
            for (c, w) in zip(chromas, weights) where c.distance(to: centre) < radius {
                sum = sum + c * w
                total += w
                n += 1
            }
            guard n >= 50, total > 0 else { return radius == 0.4 ? nil : centre }
            centre = sum * (1 / total)
        }
        return centre
    }
}
