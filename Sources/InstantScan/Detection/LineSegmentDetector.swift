internal import CShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds straight edge pieces by region growing on gradient direction, the core of LSD
/// (von Gioi et al., "LSD: a Line Segment Detector", IPOL 2012) without its a-contrario test.
///
/// Pixels are visited from the strongest gradient down; each unused one seeds a region that takes in
/// 8-neighbours whose direction lies within `angleTolerance` of the region's mean direction. A region
/// becomes a segment when it is long and thin enough. The a-contrario validation of LSD is replaced
/// by the later stages: a spurious segment costs a few quad hypotheses that the edge-support score
/// rejects, while a card edge missed here is lost for good — so this stage errs toward keeping.
struct LineSegmentDetector: Sendable {
    /// Gradients weaker than this (levels per working pixel) are not part of any edge.
    var magnitudeThreshold: Float = 2.5
    /// A region starts only from a pixel this strong (or twice the floor); it may then grow into
    /// weaker pixels. Flat, noisy surfaces have many ridge pixels just above the floor, none of which
    /// could start a segment worth having.
    var seedThreshold: Float = 5
    /// The floor rises to this share of the median ridge strength where that is higher (texture).
    var textureFactor: Float = 0.5
    /// How far a pixel's gradient direction may turn from its region's (LSD's τ = 22.5°).
    var angleTolerance: Double = 22.5 * .pi / 180
    /// Shortest segment kept, in working pixels.
    var minimumLength: Double = 8
    /// A pixel joins a region only if its gradient is at least this share of the seed's: a strong card
    /// edge must not absorb the weak texture ridges that touch it at a shallow angle.
    var relativeMagnitude: Float = 0.3
    /// Region pixels per unit of length below which a region is strung-together texture.
    var minimumDensity: Double = 0.7
    /// Largest RMS distance of a region's pixels from its line, in working pixels.
    var maximumDeviation: Double = 1.0

    func detect(in gradient: ColorGradient) -> [LineSegment] {
        detect(in: gradient, candidates: candidates(in: gradient))
    }

    /// Bins of the visit order: magnitudes in quarter levels.
    static let bins = 1024

    /// A magnitude's bin: in quarter levels, strongest first. Clamped as a float before the
    /// truncation (the same bin as clamping after it: truncation keeps order), so the unchecked
    /// conversion sees a value in 2.5 * 4 ... 1023.
    @inline(__always) static func bin(_ magnitude: Float) -> Int {
        bins &- 1 &- is_truncated(Double(min(magnitude * 4, Float(bins - 1))))
    }

    /// The pixels a region may take (on a ridge, at least ``magnitudeThreshold`` strong), in index
    /// order, and how many fall in each bin (``bin(_:)``).
    struct Candidates: Sendable {
        var pixels: [Int32] = []
        var counts = [Int](repeating: 0, count: LineSegmentDetector.bins + 1)
    }

    /// The ``Candidates`` of `gradient`: one pass over every pixel, in bands of rows on as many
    /// cores as the scan may use (the bands' pixels joined in order and their counts added are one
    /// pass's), so that the growing in ``detect(in:candidates:)``, which must stay on one core, starts
    /// from them.
    func candidates(in gradient: ColorGradient) -> Candidates {
        let w = gradient.width, h = gradient.height
        guard w >= 3, h >= 3 else { return Candidates() }
        let threshold = magnitudeThreshold
        let bands = RowBands.costlyBands(1..<(h - 1))
        let parts = RowBands.map(bands.count) { k -> Candidates in
            var pixels: [Int32] = [], counts = [Int](repeating: 0, count: Self.bins + 1)
            pixels.reserveCapacity(bands[k].count * w / 8)
            gradient.ridge.withUnsafeBufferPointer { ridge in
                gradient.magnitude.withUnsafeBufferPointer { mag in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for y in bands[k] {
                            for x in 1..<(w - 1) {
                                let i = y &* w &+ x
                                if ridge[i] != 0 && mag[i] >= threshold {
                                    counts[Self.bin(mag[i])] &+= 1
                                    pixels.append(Int32(truncatingIfNeeded: i))
                                }
                            }
                        }
                    }
                }
            }
            return Candidates(pixels: pixels, counts: counts)
        }
        guard parts.count > 1 else { return parts[0] }
        var joined = Candidates()
        joined.pixels.reserveCapacity(parts.reduce(0) { $0 + $1.pixels.count })
        for part in parts {
            joined.pixels += part.pixels
            for b in joined.counts.indices { joined.counts[b] += part.counts[b] }
        }
        return joined
    }

    /// The segments grown from `candidates` (``candidates(in:)`` of the same `gradient`).
    func detect(in gradient: ColorGradient, candidates found: Candidates) -> [LineSegment] {
        let w = gradient.width, h = gradient.height
        let n = w * h
        guard w >= 3, h >= 3 else { return [] }
        // Visit order: strongest first, by counting sort on a quarter-level quantisation.
        let bins = Self.bins
        var counts = found.counts
        // Every pixel used but the candidates the floor below keeps.
        var used = [UInt8](repeating: 1, count: n)
        var segments: [LineSegment] = []
        let cosLimit = Float(cos(2 * angleTolerance))
        let threshold = magnitudeThreshold
        let candidates = found.pixels
        gradient.magnitude.withUnsafeBufferPointer { mag in
            gradient.cos2.withUnsafeBufferPointer { vc in
                gradient.sin2.withUnsafeBufferPointer { vs in
                    used.withUnsafeMutableBufferPointer { used in
                        @inline(__always) func bin(_ i: Int) -> Int { Self.bin(mag[i]) }
                        var usable = candidates.count
                        // On a textured surface most ridges are texture: raise the floor to a share of the
                        // median ridge strength, so the growing spends its time on edges that can matter.
                        var seen = 0, medianBin = bins - 1
                        for b in 0..<bins {
                            seen += counts[b]
                            if 2 * seen >= usable { medianBin = b; break }
                        }
                        let medianMagnitude = Float(bins - 1 - medianBin) / 4
                        let floorMagnitude = max(threshold, textureFactor * medianMagnitude)
                        let floorBin = bins - 1 - min(Int(floorMagnitude * 4), bins - 1)
                        // Room for the usable pixels alone (a tenth of the image or so): the whole image's
                        // worth of indices would be 4 bytes a pixel of fresh pages, most never written.
                        var order = [Int32](repeating: 0, count: usable)
                        var start = 0
                        for b in 0..<bins {
                            let c = counts[b]
                            counts[b] = start
                            start += c
                        }
                        var kept = 0
                        // By pointer: each bin's next place is inside `order`, which holds every candidate.
                        counts.withUnsafeMutableBufferPointer { counts in
                            order.withUnsafeMutableBufferPointer { order in
                                candidates.withUnsafeBufferPointer { candidates in
                                    for c in candidates {
                                        let i = Int(c)
                                        let b = bin(i)
                                        if b > floorBin { continue }
                                        used[i] = 0
                                        order[counts[b]] = c
                                        counts[b] &+= 1
                                        kept &+= 1
                                    }
                                }
                            }
                        }
                        usable = kept
                        var region = [Int32](repeating: 0, count: 0)
                        region.reserveCapacity(4096)
                        let seedFloor = max(seedThreshold, 2 * floorMagnitude)
                        for k in 0..<usable {
                            let seed = Int(order[k])
                            // Seeds come strongest first: below the seed floor only noise would start.
                            if mag[seed] < seedFloor { break }
                            if used[seed] != 0 { continue }
                            region.removeAll(keepingCapacity: true)
                            region.append(Int32(seed))
                            used[seed] = 1
                            // Mean direction as a doubled-angle vector (directions are modulo 180°).
                            var sc = vc[seed]
                            var ss = vs[seed]
                            var head = 0
                            let floor = mag[seed] * relativeMagnitude
                            while head < region.count {
                                let p = Int(region[head])
                                head += 1
                                let px = p % w, py = p / w
                                let norm = (sc * sc + ss * ss).squareRoot()
                                if norm < 1e-6 { break }
                                let rc = sc / norm, rs = ss / norm
                                for ny in max(py - 1, 1)...min(py + 1, h - 2) {
                                    for nx in max(px - 1, 1)...min(px + 1, w - 2) {
                                        let q = ny * w + nx
                                        if used[q] != 0 || mag[q] < floor { continue }
                                        let c2 = vc[q], s2 = vs[q]
                                        if c2 * rc + s2 * rs >= cosLimit {
                                            used[q] = 1
                                            region.append(Int32(q))
                                            sc += c2
                                            ss += s2
                                        }
                                    }
                                }
                            }
                            if region.count < 6 { continue }
                            segments += makeSegments(region, width: w, magnitude: mag, depth: 0)
                        }
                    }
                }
            }
        }
        return segments
    }

    /// Fits a line to a region and keeps it when it is a long, thin, dense rectangle.
    /// Deepest halving of a region that bends: 8 pieces at most.
    var maximumSplitDepth = 3
    /// Shortest bent chain worth halving, in working pixels: a curl bows a side by a few per cent,
    /// which on a shorter side is within a pixel or two of a line (the fit takes it as straight), and
    /// halving short chains of grain or texture only adds pieces that close quads a little off a card.
    var minimumBentLength = 128.0

    /// The region's segment; a thin region that bends gently (a curled card's bowed side, whose
    /// direction drifts too slowly for the growth to stop) is halved along its length until its
    /// pieces are straight, so the side comes out as a chain of short straight pieces.
    private func makeSegments(_ region: [Int32], width w: Int, magnitude: UnsafeBufferPointer<Float>,
                              depth: Int) -> [LineSegment] {
        switch makeSegment(region, width: w, magnitude: magnitude) {
        case .segment(let segment): return [segment]
        case .rejected: return []
        case .bent(let line, let middle):
            guard depth < maximumSplitDepth else { return [] }
            var low: [Int32] = [], high: [Int32] = []
            for p in region {
                let i = Int(p)
                if line.coordinate(Point(Double(i % w), Double(i / w))) < middle { low.append(p) } else { high.append(p) }
            }
            guard low.count >= 6, high.count >= 6 else { return [] }
            return makeSegments(low, width: w, magnitude: magnitude, depth: depth + 1)
                + makeSegments(high, width: w, magnitude: magnitude, depth: depth + 1)
        }
    }

    private enum Outcome {
        case segment(LineSegment)
        /// Too far from straight for one segment, but a thin, long, gently bent chain: worth halving
        /// at coordinate `middle` along `line`.
        case bent(ImageLine, middle: Double)
        case rejected
    }

    private func makeSegment(_ region: [Int32], width w: Int, magnitude: UnsafeBufferPointer<Float>) -> Outcome {
        var m = PointMoments()
        var total = 0.0
        for p in region {
            let i = Int(p)
            let wt = Double(magnitude[i])
            m.add(Double(i % w), Double(i / w), weight: wt)
            total += wt
        }
        guard let line = ImageLine(moments: m) else { return .rejected }
        var tmin = Double.infinity, tmax = -Double.infinity, spread = 0.0
        for p in region {
            let i = Int(p)
            let q = Point(Double(i % w), Double(i / w))
            let t = line.coordinate(q), s = line.distance(q)
            tmin = min(tmin, t); tmax = max(tmax, t)
            spread += Double(magnitude[i]) * s * s
        }
        let length = tmax - tmin + 1
        guard length >= minimumLength else { return .rejected }
        // Ridge pixels of a straight edge stray at most about half a pixel from the fitted line
        // (the staircase of a slanted line); arcs and blobs stray more.
        let deviation = (spread / total).squareRoot()
        guard deviation <= maximumDeviation else {
            // A chain a pixel or two wide whose stray is small beside its length bows gently (a
            // circle's arc strays by a good share of its length, a blob is not thin).
            let gentle = Double(region.count) <= 3 * length && length >= max(4 * minimumLength, minimumBentLength) && deviation <= 0.02 * length
            return gentle ? .bent(line, middle: (tmin + tmax) / 2) : .rejected
        }
        // Gaps: a region that is long but sparse is texture strung together.
        guard Double(region.count) >= minimumDensity * length else { return .rejected }
        return .segment(LineSegment(line: line, start: line.point(at: tmin), end: line.point(at: tmax), moments: m,
                           pixelCount: region.count, meanMagnitude: total / Double(region.count)))
    }
}
