internal import CShims

/// Reads the decoded photo's pixels at upright coordinates, bilinearly, without turning the photo.
///
/// Edge refinement samples a few thousand points per print along short profiles; mapping each upright
/// point to stored coordinates (an affine map) costs less than rotating a 12 MP buffer.
struct FullResolutionSampler {
    let image: PixelBuffer
    private let toStored: AffineMap
    /// The photo's upright size.
    let uprightSize: PixelSize

    init(_ image: PixelBuffer, orientation: Orientation) {
        precondition(image.format != .gray8)
        self.image = image
        toStored = AffineMap(orientation.uprightToStored(stored: image.size))
        uprightSize = orientation.uprightSize(stored: image.size)
    }

    /// A sampler over `band`, the stored rows and columns (at scale 1) of a photo whose whole
    /// stored size is `band.wholeSize`: upright coordinates stay the whole photo's, and points
    /// outside the band read as outside the photo (the band must cover what is sampled).
    init(_ image: PixelBuffer, band: StoredBand, orientation: Orientation) {
        precondition(image.format != .gray8 && image.width == band.columns.count && image.height == band.rows.count)
        self.image = image
        toStored = AffineMap(band.fromWhole.composed(after: orientation.uprightToStored(stored: band.wholeSize)))
        uprightSize = orientation.uprightSize(stored: band.wholeSize)
    }

    /// True when `p` (upright) is far enough inside the photo to be sampled.
    @inline(__always)
    func contains(_ p: Point) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x <= Double(uprightSize.width - 1) && p.y <= Double(uprightSize.height - 1)
    }

    /// Samples a run of `count` points `start + k·step` (upright) into `out` as RGB triples;
    /// returns false (leaving `out` partly written) when any point falls outside the photo.
    func profile(from start: Point, step: Point, count: Int, into out: inout [Float]) -> Bool {
        profilePrefix(from: start, step: step, count: count, into: &out) == count
    }

    /// Samples the run of ``profile(from:step:count:into:)`` up to the first point outside the
    /// photo; returns how many points were written (0 when the start itself is outside).
    func profilePrefix(from start: Point, step: Point, count: Int, into out: inout [Float]) -> Int {
        let s0 = toStored.apply(start), ds = toStored.applyToVector(step)
        let w = image.width, h = image.height
        guard w >= 2, h >= 2 else { return 0 }
        let maxX = Double(w - 1), maxY = Double(h - 1)
        if out.count < 3 * count { out = [Float](repeating: 0, count: 3 * count) }
        let stride = image.bytesPerRow, bpp = image.format.bytesPerPixel
        return image.withUnsafeBytes { raw -> Int in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return out.withUnsafeMutableBufferPointer { o -> Int in
                for k in 0..<count {
                    let x = s0.x + ds.x * Double(k), y = s0.y + ds.y * Double(k)
                    guard x >= 0, y >= 0, x <= maxX, y <= maxY else { return k }
                    // Finite and inside by the test above: the unchecked truncation is Int(x).
                    let x0 = min(is_truncated(x), w - 2), y0 = min(is_truncated(y), h - 2)
                    let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
                    // Inside the buffer by the tests above: wrapping arithmetic spares the overflow tests.
                    let p = base + (y0 &* stride &+ x0 &* bpp)
                    let q = p + stride
                    for c in 0..<3 {
                        let top = Float(p[c]) + (Float(p[c + bpp]) - Float(p[c])) * fx
                        let bottom = Float(q[c]) + (Float(q[c + bpp]) - Float(q[c])) * fx
                        o[3 * k + c] = top + (bottom - top) * fy
                    }
                }
                return count
            }
        }
    }

    /// ``profilePrefix(from:step:count:into:)`` a sample to an element: red, green and blue in the
    /// first three lanes (the fourth holds no channel), so that the three channels are interpolated
    /// together. Each channel's value is the one ``profilePrefix(from:step:count:into:)`` writes:
    /// a lane takes the same steps, in the same order, as the channel does there.
    func vectorProfilePrefix(from start: Point, step: Point, count: Int, into out: inout [SIMD4<Float>]) -> Int {
        let s0 = toStored.apply(start), ds = toStored.applyToVector(step)
        let w = image.width, h = image.height
        guard w >= 2, h >= 2 else { return 0 }
        let maxX = Double(w - 1), maxY = Double(h - 1)
        if out.count < count { out = [SIMD4<Float>](repeating: .zero, count: count) }
        let stride = image.bytesPerRow, bpp = image.format.bytesPerPixel
        // The coordinates move one way along the run (their products and sums round monotonically):
        // with both ends inside the photo, every point between is, and none need be tested.
        func inside(_ k: Int) -> Bool {
            let x = s0.x + ds.x * Double(k), y = s0.y + ds.y * Double(k)
            return x >= 0 && y >= 0 && x <= maxX && y <= maxY
        }
        let wholly = count > 0 && inside(0) && inside(count - 1)
        return image.withUnsafeBytes { raw -> Int in
            let base = raw.baseAddress!
            return out.withUnsafeMutableBufferPointer { o -> Int in
                for k in 0..<count {
                    let x = s0.x + ds.x * Double(k), y = s0.y + ds.y * Double(k)
                    guard wholly || (x >= 0 && y >= 0 && x <= maxX && y <= maxY) else { return k }
                    let x0 = min(is_truncated(x), w - 2), y0 = min(is_truncated(y), h - 2)
                    let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
                    // A pixel read as one 4-byte word: the buffer keeps slack past its last pixel for it.
                    let p = base + (y0 &* stride &+ x0 &* bpp)
                    let q = p + stride
                    let p0 = SIMD4<Float>(p.loadUnaligned(as: SIMD4<UInt8>.self))
                    let p1 = SIMD4<Float>((p + bpp).loadUnaligned(as: SIMD4<UInt8>.self))
                    let q0 = SIMD4<Float>(q.loadUnaligned(as: SIMD4<UInt8>.self))
                    let q1 = SIMD4<Float>((q + bpp).loadUnaligned(as: SIMD4<UInt8>.self))
                    let top = p0 + (p1 - p0) * fx
                    let bottom = q0 + (q1 - q0) * fx
                    o[k] = top + (bottom - top) * fy
                }
                return count
            }
        }
    }
}
