/// Straight edges seen at a scale coarser than fine printed texture: the segments of a box-averaged
/// copy of the working image, in working-image coordinates.
///
/// A patterned frame (stripes, dots, printed motifs) is full of strong internal edges at working
/// resolution, and where a stripe meets the card's outer edge the gradient there turns toward the
/// stripe, so region growing breaks the card side into pieces too short to keep. Averaged over a few
/// pixels, the pattern melts into its mean colour while the step from that mean to the surface stays:
/// the card's outline comes out as long clean segments. These are added to the fine segments, never
/// in their place — the fine ones still carry thin borders and small prints, which averaging blurs away.
struct TextureScaleSegments: Sendable {
    /// Working pixels averaged into one coarse pixel. Four keeps a print of a fiftieth of the working
    /// image's long side (the smallest the detector looks for) at a few coarse pixels a border, while
    /// averaging away a pattern finer than about a thirtieth of a medium-sized print.
    var factor = 4

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

    private static func average(_ plane: [Float], width: Int, factor f: Int, _ cw: Int, _ ch: Int) -> [Float] {
        var out = [Float](repeating: 0, count: cw * ch)
        let norm = 1 / Float(f * f)
        plane.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for cy in 0..<ch {
                    for dy in 0..<f {
                        let row = (cy * f + dy) * width
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
