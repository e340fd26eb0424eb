/// The colour gradient of a ``WorkingImage`` after Di Zenzo: per pixel, the direction in which the
/// colour changes fastest and how fast, from the structure tensor summed over the three channels.
///
/// A white card on a white table differs little in luminance, but the card's border, the table and the
/// thin shadow between them differ in every channel a little and in hue; summing the channels' tensors
/// adds that evidence up where a grey gradient would let it cancel. The tensor has no sign, so the
/// direction is kept as a doubled angle `(cos 2θ, sin 2θ)` — exactly what comparing directions
/// modulo 180° needs, and it costs no square root or arctangent per pixel.
struct ColorGradient: Sendable {
    let width: Int
    let height: Int
    /// Gradient strength in levels per working pixel (√ of the tensor's larger eigenvalue).
    var magnitude: [Float]
    /// `cos 2θ` and `sin 2θ` of the direction θ of fastest change; zero where there is none.
    var cos2: [Float]
    var sin2: [Float]
    /// 1 where the magnitude peaks across the edge (non-maximum suppression, as in Canny): the edge's
    /// centre line. Line finding grows regions only along these, so a card edge does not melt into the
    /// wood grain running beside it.
    var ridge: [UInt8]

    /// Sobel derivatives of each plane, combined into the structure tensor.
    init(_ image: WorkingImage) {
        width = image.width
        height = image.height
        let w = width, h = height
        var mag = [Float](repeating: 0, count: w * h)
        var c2 = mag, s2 = mag
        if w >= 3 && h >= 3 {
            image.red.withUnsafeBufferPointer { r in
                image.green.withUnsafeBufferPointer { g in
                    image.blue.withUnsafeBufferPointer { b in
                        mag.withUnsafeMutableBufferPointer { m in
                            c2.withUnsafeMutableBufferPointer { vc in
                                s2.withUnsafeMutableBufferPointer { vs in
                                    for y in 1..<(h - 1) {
                                        ColorGradient.row(y, w, r, g, b, m, vc, vs)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        magnitude = mag
        cos2 = c2
        sin2 = s2
        ridge = ColorGradient.suppressNonMaxima(mag, c2, s2, width: w, height: h)
    }

    /// One row, written branch-free so the compiler can vectorise it.
    @inline(__always)
    private static func row(_ y: Int, _ w: Int,
                            _ r: UnsafeBufferPointer<Float>, _ g: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>,
                            _ m: UnsafeMutableBufferPointer<Float>, _ vc: UnsafeMutableBufferPointer<Float>,
                            _ vs: UnsafeMutableBufferPointer<Float>) {
        let base = y * w
        for x in 1..<(w - 1) {
            let i = base + x
            let (rx, ry) = sobel(r, i, w)
            let (gx, gy) = sobel(g, i, w)
            let (bx, by) = sobel(b, i, w)
            let jxx = rx * rx + gx * gx + bx * bx
            let jyy = ry * ry + gy * gy + by * by
            let jxy = rx * ry + gx * gy + bx * by
            let half = (jxx - jyy) * 0.5
            let root = (half * half + jxy * jxy).squareRoot()
            m[i] = ((jxx + jyy) * 0.5 + root).squareRoot()
            let inv: Float = root > 1e-6 ? 1 / root : 0
            vc[i] = half * inv
            vs[i] = jxy * inv
        }
    }

    /// Sobel derivative in levels per pixel (the 3×3 kernel divided by 8).
    @inline(__always)
    private static func sobel(_ p: UnsafeBufferPointer<Float>, _ i: Int, _ w: Int) -> (Float, Float) {
        let a = p[i - w - 1], b = p[i - w], c = p[i - w + 1]
        let d = p[i - 1], f = p[i + 1]
        let g = p[i + w - 1], hh = p[i + w], k = p[i + w + 1]
        let gx = (c + 2 * f + k) - (a + 2 * d + g)
        let gy = (g + 2 * hh + k) - (a + 2 * b + c)
        return (gx * 0.125, gy * 0.125)
    }

    /// Marks pixels whose magnitude is at least that of both neighbours along the gradient direction,
    /// the direction rounded to one of four axes: in doubled angles the four sectors are the four
    /// quadrants turned by 45°.
    private static func suppressNonMaxima(_ mag: [Float], _ c2: [Float], _ s2: [Float], width w: Int, height h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h)
        guard w >= 3, h >= 3 else { return out }
        mag.withUnsafeBufferPointer { m in
            c2.withUnsafeBufferPointer { vc in
                s2.withUnsafeBufferPointer { vs in
                    out.withUnsafeMutableBufferPointer { r in
                        for y in 1..<(h - 1) {
                            for x in 1..<(w - 1) {
                                let i = y * w + x
                                let v = m[i]
                                if v == 0 { continue }
                                let c = vc[i], s = vs[i]
                                let o: Int
                                if c >= abs(s) {
                                    o = 1                 // θ ≈ 0°: across is left–right
                                } else if -c >= abs(s) {
                                    o = w                 // θ ≈ 90°: up–down
                                } else if s > 0 {
                                    o = w + 1             // θ ≈ 45°
                                } else {
                                    o = w - 1             // θ ≈ 135°
                                }
                                // Ties broken one way so that a flat-topped ridge keeps one pixel.
                                if v > m[i - o] && v >= m[i + o] { r[i] = 1 }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
