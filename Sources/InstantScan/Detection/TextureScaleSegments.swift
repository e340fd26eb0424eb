#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Straight edges seen at a scale coarser than fine printed texture: the segments of a box-averaged
/// copy of the working image, in working-image coordinates.
///
/// A patterned frame (stripes, dots, printed motifs) is full of strong internal edges at working
/// resolution, and where a stripe meets the card's outer edge the gradient there turns toward the
/// stripe, so region growing breaks the card side into pieces too short to keep. Averaged over a few
/// pixels, the pattern melts into its mean colour while the step from that mean to the surface stays:
/// the card's outline comes out as long clean segments. These are added to the fine segments, never
/// in their place — the fine ones still carry thin borders and small prints, which averaging blurs away.
///
/// Only beside texture: on plain surfaces the fine scale sees every edge there is, and a coarse
/// segment laid over a fine line would bridge its gaps, which are evidence too (an album page's
/// outline broken by its pockets, a wall print's side broken by its neighbour's shadow).
struct TextureScaleSegments: Sendable {
    /// Working pixels averaged into one coarse pixel. Four keeps a print of a fiftieth of the working
    /// image's long side (the smallest the detector looks for) at a few coarse pixels a border, while
    /// averaging away a pattern finer than about a thirtieth of a medium-sized print.
    var factor = 4

    /// Coarse segments of `image` beside which the fine scale is textured (its `gradient` busy on at
    /// least one side): the edges that texture may have hidden from the fine scale.
    func detect(in image: WorkingImage, gradient: ColorGradient) -> [LineSegment] {
        let floor = 2 * LineSegmentDetector().magnitudeThreshold
        return detect(in: image).filter { s in
            let d = s.end - s.start
            let length = s.length
            guard length > 0 else { return false }
            let n = Point(-d.y / length, d.x / length)
            let count = max(4, Int(length / 2))
            var sums = (Float(0), Float(0)), samples = 0
            for k in 0..<count {
                let p = s.start + d * (0.1 + 0.8 * Double(k) / Double(count - 1))
                // A band of a coarse pixel or so each side, clear of the edge's own blur.
                for offset in [2.5, 4.0, 5.5] {
                    sums.0 += magnitude(gradient, at: p + n * offset)
                    sums.1 += magnitude(gradient, at: p - n * offset)
                }
                samples += 3
            }
            let busier = max(sums.0, sums.1) / Float(max(samples, 1))
            return busier >= max(floor, 0.25 * Float(s.meanMagnitude))
        }
    }

    private func magnitude(_ g: ColorGradient, at p: Point) -> Float {
        let x = Int(p.x.rounded()), y = Int(p.y.rounded())
        guard x >= 0, y >= 0, x < g.width, y < g.height else { return 0 }
        return g.magnitude[y * g.width + x]
    }

    func detect(in image: WorkingImage) -> [LineSegment] {
        let f = factor
        let cw = image.width / f, ch = image.height / f
        guard f > 1, cw >= 16, ch >= 16 else { return [] }
        let coarse = WorkingImage(width: cw, height: ch,
                                  red: Self.average(image.red, width: image.width, factor: f, cw, ch),
                                  green: Self.average(image.green, width: image.width, factor: f, cw, ch),
                                  blue: Self.average(image.blue, width: image.width, factor: f, cw, ch),
                                  toUpright: image.toUpright)
        var detector = LineSegmentDetector()
        // Thresholds stay in levels per pixel: a step between two flat regions gives the same gradient
        // at either scale. Coarse segments must be longer in coarse pixels than fine ones, or the
        // pattern's remains would make segments again.
        detector.minimumLength = max(6, detector.minimumLength * 2 / Double(f))
        let segments = detector.detect(in: ColorGradient(coarse))
        // Coarse pixel (i, j) covers working pixels f·i … f·i + f − 1: its centre is f·i + (f − 1)/2.
        let scale = Double(f), shift = (Double(f) - 1) / 2
        return segments.map { s in
            var out = s
            out.start = Point(s.start.x * scale + shift, s.start.y * scale + shift)
            out.end = Point(s.end.x * scale + shift, s.end.y * scale + shift)
            out.moments = Self.scaled(s.moments, by: scale, shift: shift)
            out.line = ImageLine(out.start, out.end)
            if let fit = ImageLine(moments: out.moments) {
                // Keep the orientation the detector gave (the gradient's side).
                out.line = fit.normal.x * s.line.normal.x + fit.normal.y * s.line.normal.y >= 0
                    ? fit : ImageLine(normal: fit.normal * -1, offset: -fit.offset)
            }
            out.pixelCount = s.pixelCount * f
            out.meanMagnitude = s.meanMagnitude
            return out
        }
    }

    /// The mean of each `f × f` block of `plane` (`width` floats a row), `cw × ch` blocks: per block,
    /// its rows' sums added from zero row by row, then scaled by `1 / f²`.
    static func average(_ plane: [Float], width: Int, factor f: Int, _ cw: Int, _ ch: Int) -> [Float] {
        var out = [Float](repeating: 0, count: cw * ch)
        let norm = 1 / Float(f * f)
        plane.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for cy in 0..<ch {
                    for dy in 0..<f {
                        let row = (cy * f + dy) * width
                        if f == 4 {
                            // The default block, its four adds written out in the loop's order (the
                            // same sums): the general loop's per-block trip count costs more than them.
                            // Four blocks at a time in vectors: their sixteen floats turned so that
                            // lane k holds block k's, then added in that same order lane by lane.
                            var cx = 0
                            while cx + 4 <= cw {
                                let p = src.baseAddress! + row + cx * 4
                                let a = FloatRows.load4(p), b = FloatRows.load4(p + 4)
                                let c = FloatRows.load4(p + 8), d = FloatRows.load4(p + 12)
                                let sums = ((SIMD4(a[0], b[0], c[0], d[0]) + SIMD4(a[1], b[1], c[1], d[1]))
                                    + SIMD4(a[2], b[2], c[2], d[2])) + SIMD4(a[3], b[3], c[3], d[3])
                                let o = dst.baseAddress! + cy * cw + cx
                                FloatRows.store4(FloatRows.load4(o) + sums, to: o)
                                cx += 4
                            }
                            for cx in cx..<cw {
                                let start = row + cx * 4
                                dst[cy * cw + cx] += ((src[start] + src[start + 1]) + src[start + 2]) + src[start + 3]
                            }
                            continue
                        }
                        for cx in 0..<cw {
                            var sum: Float = 0
                            let start = row + cx * f
                            for dx in 0..<f { sum += src[start + dx] }
                            dst[cy * cw + cx] += sum
                        }
                    }
                    for cx in 0..<cw { dst[cy * cw + cx] *= norm }
                }
            }
        }
        return out
    }

    /// Moments of the points `scale·p + shift` (each weight kept, times `scale` for the longer run).
    private static func scaled(_ m: PointMoments, by s: Double, shift o: Double) -> PointMoments {
        let w = m.weight
        return PointMoments(weight: w * s,
                            sx: s * (s * m.sx + o * w), sy: s * (s * m.sy + o * w),
                            sxx: s * (s * s * m.sxx + 2 * s * o * m.sx + o * o * w),
                            sxy: s * (s * s * m.sxy + s * o * (m.sx + m.sy) + o * o * w),
                            syy: s * (s * s * m.syy + 2 * s * o * m.sy + o * o * w))
    }
}
