#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Linear-light statistics of part of an image, sampled on a grid: the colour-constancy cues
/// (shades of gray, gray edge, near-neutral surfaces) that say what the light is without a white
/// reference.
///
/// The samples are kept as their 8-bit codes and turned into linear light as they are read: a
/// 7 MP card sampled every third pixel has some 600 000 samples and twice as many edges, which as
/// nine arrays of doubles grown by appending were the scan's peak memory (some 60 MB). Every
/// value is the same double as before, summed in the same order, so the cues are unchanged.
struct ImageStatistics {
    /// R, G, B codes of the samples with no clipped channel, three bytes a sample.
    private var sampleCodes: [UInt8] = []
    /// Each channel's absolute difference to the neighbours `step` pixels right and below, where
    /// both are in the region and unclipped: the image's edges, whose average colour is the
    /// light's more often than the surfaces' is (gray edge, van de Weijer et al. 2007). Stored as
    /// the two pixels' codes, six bytes an edge.
    private var edgeCodes: [UInt8] = []

    /// How many unclipped samples there are.
    var count: Int { sampleCodes.count / 3 }
    /// How many grid points were looked at (an upper bound where `includes` leaves some out):
    /// with ``count``, the share of the region that clipped.
    private(set) var gridPoints = 0
    /// How many edges there are.
    var edgeCount: Int { edgeCodes.count / 6 }

    /// Samples `image` every `step` pixels where `includes(x, y)` holds.
    init(image: some CardRows, step: Int, includes: (Int, Int) -> Bool) {
        self.init(image: image, step: step, columns: 0..<image.width, rows: 0..<image.height, includes: includes)
    }

    /// Samples `image` every `step` pixels where `includes(x, y)` holds, looking only at
    /// `columns` and `rows`: the same grid as the whole image's, without visiting the pixels
    /// outside them (a picture window is a third of a card, and the colour stage's time went
    /// on walking it all). Rows are read top to bottom, each grid row with the one a step below
    /// it (its edges down).
    init(image: some CardRows, step: Int, columns: Range<Int>, rows: Range<Int>, includes: (Int, Int) -> Bool) {
        let clip = FrameLightFit.clipCode
        let (width, height) = (image.width, image.height)
        func read(_ x: Int, _ y: Int, _ row: UnsafePointer<UInt8>?) -> UnsafePointer<UInt8>? {
            guard let row, x < width, y < height, includes(x, y) else { return nil }
            let p = row + x * 4
            return p[0] < clip && p[1] < clip && p[2] < clip ? p : nil
        }
        func firstOnGrid(_ from: Int) -> Int {
            let start = step / 2
            return from <= start ? start : start + (from - start + step - 1) / step * step
        }
        let (x0, x1) = (firstOnGrid(columns.lowerBound), min(columns.upperBound, width))
        let (y0, y1) = (firstOnGrid(rows.lowerBound), min(rows.upperBound, height))
        // Capacity for every grid point: pages never written are never resident, and no array is
        // copied while it grows.
        let grid = max(0, (x1 - x0 + step - 1) / step) * max(0, (y1 - y0 + step - 1) / step)
        gridPoints = grid
        // Written through pointers into arrays of that capacity (appending byte by byte cost
        // more than the reads): the same codes in the same order.
        var edges: [UInt8] = []
        sampleCodes = [UInt8](unsafeUninitializedCapacity: 3 * grid) { samples, sampleCount in
            edges = [UInt8](unsafeUninitializedCapacity: 12 * grid) { edgeBytes, edgeCount in
                var s = 0, e = 0
                func appendEdge(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>?) {
                    guard let b else { return }
                    edgeBytes[e] = a[0]; edgeBytes[e + 1] = a[1]; edgeBytes[e + 2] = a[2]
                    edgeBytes[e + 3] = b[0]; edgeBytes[e + 4] = b[1]; edgeBytes[e + 5] = b[2]
                    e += 6
                }
                for y in stride(from: y0, to: y1, by: step) {
                    let here = image.row(y)
                    // The row below is read only once a sample of this row needs its edge down.
                    var below: UnsafePointer<UInt8>?, belowRead = y + step >= height
                    for x in stride(from: x0, to: x1, by: step) {
                        guard let sample = read(x, y, here) else { continue }
                        samples[s] = sample[0]; samples[s + 1] = sample[1]; samples[s + 2] = sample[2]
                        s += 3
                        appendEdge(sample, read(x + step, y, here))
                        if !belowRead, includes(x, y + step) {
                            below = image.row(y + step)
                            belowRead = true
                        }
                        appendEdge(sample, read(x, y + step, below))
                    }
                }
                sampleCount = s
                edgeCount = e
            }
        }
        edgeCodes = edges
    }

    /// Sample `index`'s linear value in `channel`.
    private func linear(_ index: Int, _ channel: Int) -> Double {
        Double(LinearLight.decodeTable[Int(sampleCodes[3 * index + channel])])
    }

    /// Edge `index`'s linear difference in `channel`.
    private func edge(_ index: Int, _ channel: Int) -> Double {
        let table = LinearLight.decodeTable
        return abs(Double(table[Int(edgeCodes[6 * index + 3 + channel])]) - Double(table[Int(edgeCodes[6 * index + channel])]))
    }

    /// Each channel's Minkowski `p`-mean of `count` values (`value(index, channel)`), summed in
    /// index order; nil when there are none or a channel is all zero.
    private static func minkowski(count n: Int, _ p: Double, _ value: (Int, Int) -> Double) -> [Double]? {
        guard n > 0 else { return nil }
        // The cues use p = 6, where a pow per sample was most of the colour stage's time.
        let power: (Double) -> Double = p == 6 ? { let cube = $0 * $0 * $0; return cube * cube } : { pow($0, p) }
        let means = (0..<3).map { channel in
            var sum = 0.0
            for index in 0..<n { sum = sum + power(value(index, channel)) }
            return pow(sum / Double(n), 1 / p)
        }
        return means.allSatisfy({ $0 > 1e-6 }) ? means : nil
    }

    /// Shades of gray: the colour of the Minkowski `p`-mean of the samples.
    func shadesOfGray(_ p: Double) -> LightChroma? {
        let means = p == 6 ? Self.sixthPowerMeans(sampleCodes, stride: 3) { table, codes, channel in
            Double(table[Int(codes[channel])])
        } : Self.minkowski(count: count, p, linear)
        return means.flatMap { LightChroma(rgb: $0) }
    }

    /// Gray edge: the colour of the Minkowski `p`-mean of the edges.
    func grayEdge(_ p: Double) -> LightChroma? {
        guard edgeCount >= 64 else { return nil }
        let means = p == 6 ? Self.sixthPowerMeans(edgeCodes, stride: 6) { table, codes, channel in
            abs(Double(table[Int(codes[3 + channel])]) - Double(table[Int(codes[channel])]))
        } : Self.minkowski(count: edgeCount, p, edge)
        return means.flatMap { LightChroma(rgb: $0) }
    }

    /// ``minkowski(count:_:_:)`` for p = 6 (the cues' power) in one pass over `codes`, `stride`
    /// bytes an item, `value` reading one channel of an item: each channel's sum still runs in
    /// item order, so the means are the same doubles; the closure calls and bounds checks per
    /// value were most of the colour stage's time.
    @inline(__always)
    private static func sixthPowerMeans(_ codes: [UInt8], stride: Int,
                                        _ value: (UnsafePointer<Float>, UnsafePointer<UInt8>, Int) -> Double) -> [Double]? {
        let n = codes.count / stride
        guard n > 0 else { return nil }
        var sums = (0.0, 0.0, 0.0)
        LinearLight.decodeTable.withUnsafeBufferPointer { table in
            codes.withUnsafeBufferPointer { bytes in
                guard let table = table.baseAddress, var item = bytes.baseAddress else { return }
                for _ in 0..<n {
                    let r = value(table, item, 0), g = value(table, item, 1), b = value(table, item, 2)
                    let r3 = r * r * r, g3 = g * g * g, b3 = b * b * b
                    sums.0 = sums.0 + r3 * r3
                    sums.1 = sums.1 + g3 * g3
                    sums.2 = sums.2 + b3 * b3
                    item += stride
                }
            }
        }
        let means = [sums.0, sums.1, sums.2].map { pow($0 / Double(n), 1 / 6.0) }
        return means.allSatisfy({ $0 > 1e-6 }) ? means : nil
    }

    /// `log(a / b)` of the linear values of every pair of codes, a · 256 + b: a sample's chroma
    /// is two of these, looked up rather than computed on each of nearNeutral's passes.
    private static let logRatios: [Double] = {
        let table = LinearLight.decodeTable
        return (0..<65_536).map { log(Double(table[$0 >> 8]) / Double(table[$0 & 255])) }
    }()

    /// The luminance-weighted mean colour of the samples whose colour lies near `start`, the
    /// circle closing in from wide to narrow: the greys and whites of the scene, found by where
    /// the cast puts them. Nil when too few samples are near.
    func nearNeutral(from start: LightChroma, in space: WorkingSpace) -> LightChroma? {
        let y = (space.toXYZ[3], space.toXYZ[4], space.toXYZ[5])
        let ratios = Self.logRatios
        var centre = start
        for radius in [0.4, 0.25, 0.15] {
            var sum = LightChroma(rg: 0, bg: 0), total = 0.0, n = 0
            for i in 0..<count {
                let r = linear(i, 0), g = linear(i, 1), b = linear(i, 2)
                guard r > 0.01, g > 0.01, b > 0.01 else { continue }
                let red = Int(sampleCodes[3 * i]), green = Int(sampleCodes[3 * i + 1]), blue = Int(sampleCodes[3 * i + 2])
                let c = LightChroma(rg: ratios[red << 8 | green], bg: ratios[blue << 8 | green])
                guard c.distance(to: centre) < radius else { continue }
                let weight = y.0 * r + y.1 * g + y.2 * b
                sum = sum + c * weight
                total += weight
                n += 1
            }
            guard n >= 50, total > 0 else { return radius == 0.4 ? nil : centre }
            centre = sum * (1 / total)
        }
        return centre
    }
}
