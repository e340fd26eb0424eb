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
    /// light's more often than the surfaces' is (gray edge, van de Weijer et al. 2007). Stored
    /// per sample as which of its two edges exist (``EdgeFlag``): a right neighbour on the grid
    /// is the next sample, so only the codes of the neighbours below are kept (``belowCodes``),
    /// four bytes a sample where the two pixels' codes of each edge took twelve.
    private var edgeFlags: [UInt8] = []
    /// R, G, B codes of the neighbour below of each sample with an edge down, in sample order.
    private var belowCodes: [UInt8] = []
    /// Bits of ``edgeFlags``.
    private enum EdgeFlag {
        static let right: UInt8 = 1
        static let down: UInt8 = 2
    }

    /// How many unclipped samples there are.
    var count: Int { sampleCodes.count / 3 }
    /// How many grid points were looked at (an upper bound where `includes` leaves some out):
    /// with ``count``, the share of the region that clipped.
    private(set) var gridPoints = 0
    /// How many edges there are.
    private(set) var edgeCount = 0

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
        var flags: [UInt8] = [], below: [UInt8] = [], edges = 0
        sampleCodes = [UInt8](unsafeUninitializedCapacity: 3 * grid) { samples, sampleCount in
            flags = [UInt8](unsafeUninitializedCapacity: grid) { flagBytes, flagCount in
                below = [UInt8](unsafeUninitializedCapacity: 3 * grid) { belowBytes, belowCount in
                    var s = 0, n = 0, d = 0
                    // Only the grid's columns are read, and the right neighbour of the last.
                    let gridEnd = min(x1 + step, width)
                    for y in stride(from: y0, to: y1, by: step) {
                        let here = image.row(y, columnsFrom: x0, to: gridEnd, every: step)
                        // The row below is read only once a sample of this row needs its edge down.
                        var rowBelow: UnsafePointer<UInt8>?, belowRead = y + step >= height
                        for x in stride(from: x0, to: x1, by: step) {
                            guard let sample = read(x, y, here) else { continue }
                            samples[s] = sample[0]; samples[s + 1] = sample[1]; samples[s + 2] = sample[2]
                            s += 3
                            var flag: UInt8 = 0
                            if read(x + step, y, here) != nil { flag |= EdgeFlag.right }
                            if !belowRead, includes(x, y + step) {
                                rowBelow = image.row(y + step, columnsFrom: x0, to: gridEnd, every: step)
                                belowRead = true
                            }
                            if let neighbour = read(x, y + step, rowBelow) {
                                flag |= EdgeFlag.down
                                belowBytes[d] = neighbour[0]; belowBytes[d + 1] = neighbour[1]; belowBytes[d + 2] = neighbour[2]
                                d += 3
                            }
                            flagBytes[n] = flag
                            n += 1
                            edges += Int(flag & 1) + Int(flag >> 1)
                        }
                    }
                    sampleCount = s
                    flagCount = n
                    belowCount = d
                }
            }
        }
        edgeFlags = flags
        belowCodes = below
        edgeCount = edges
    }

    /// The statistics of one grid read in consecutive parts of its rows (each part read on its
    /// own, as ``SceneLight/pictureStatistics(card:format:rows:)`` reads it), joined in row order:
    /// the same samples, edges and counts, in the same order, as one reading of the whole grid.
    init(joining parts: [ImageStatistics]) {
        sampleCodes.reserveCapacity(parts.reduce(0) { $0 + $1.sampleCodes.count })
        edgeFlags.reserveCapacity(parts.reduce(0) { $0 + $1.edgeFlags.count })
        belowCodes.reserveCapacity(parts.reduce(0) { $0 + $1.belowCodes.count })
        for part in parts {
            sampleCodes.append(contentsOf: part.sampleCodes)
            edgeFlags.append(contentsOf: part.edgeFlags)
            belowCodes.append(contentsOf: part.belowCodes)
            gridPoints += part.gridPoints
            edgeCount += part.edgeCount
        }
    }

    /// Calls `body(a, b)` with the codes of each edge's two pixels (this sample's first), in the
    /// order the edges were found: each sample's right edge, then its edge down.
    @inline(__always)
    private func forEachEdge(_ body: (UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> Void) {
        sampleCodes.withUnsafeBufferPointer { samples in
            belowCodes.withUnsafeBufferPointer { below in
                guard let samples = samples.baseAddress else { return }
                var down = below.baseAddress
                for (i, flag) in edgeFlags.enumerated() {
                    let here = samples + 3 * i
                    if flag & EdgeFlag.right != 0 { body(here, here + 3) }
                    if flag & EdgeFlag.down != 0, let b = down {
                        body(here, b)
                        down = b + 3
                    }
                }
            }
        }
    }

    /// Sample `index`'s linear value in `channel`.
    private func linear(_ index: Int, _ channel: Int) -> Double {
        Double(LinearLight.decodeTable[Int(sampleCodes[3 * index + channel])])
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
        let table = LinearLight.decodeTable
        if p != 6 {
            var differences: [[Double]] = [[], [], []]
            forEachEdge { a, b in
                for c in 0..<3 { differences[c].append(abs(Double(table[Int(b[c])]) - Double(table[Int(a[c])]))) }
            }
            return Self.minkowski(count: edgeCount, p) { differences[$1][$0] }.flatMap { LightChroma(rgb: $0) }
        }
        // p = 6 summed as the edges are walked: each channel's sum in edge order, as
        // ``sixthPowerMeans(_:stride:_:)`` sums it.
        var sums = (0.0, 0.0, 0.0)
        table.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return }
            forEachEdge { a, b in
                let r = abs(Double(table[Int(b[0])]) - Double(table[Int(a[0])]))
                let g = abs(Double(table[Int(b[1])]) - Double(table[Int(a[1])]))
                let bl = abs(Double(table[Int(b[2])]) - Double(table[Int(a[2])]))
                let r3 = r * r * r, g3 = g * g * g, b3 = bl * bl * bl
                sums.0 = sums.0 + r3 * r3
                sums.1 = sums.1 + g3 * g3
                sums.2 = sums.2 + b3 * b3
            }
        }
        let means = [sums.0, sums.1, sums.2].map { pow($0 / Double(edgeCount), 1 / 6.0) }
        return means.allSatisfy({ $0 > 1e-6 }) ? LightChroma(rgb: means) : nil
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
