/// The colour gradient of a ``WorkingImage`` after Di Zenzo: per pixel, the direction in which the
/// colour changes fastest and how fast, from the structure tensor summed over the three channels.
///
/// A white card on a white table differs little in luminance, but the card's border, the table and the
/// thin shadow between them differ in every channel a little and in hue; summing the channels' tensors
/// adds that evidence up where a grey gradient would let it cancel. The direction is known only modulo
/// 180° (the tensor has no sign), which is all line finding needs.
struct ColorGradient: Sendable {
    let width: Int
    let height: Int
    /// Gradient strength in levels per working pixel (√ of the tensor's larger eigenvalue).
    var magnitude: [Float]
    /// Unit direction of fastest change, as `(dx, dy)` with an arbitrary sign; zero where flat.
    var dx: [Float]
    var dy: [Float]
    /// 1 where the magnitude peaks across the edge (non-maximum suppression, as in Canny): the edge's
    /// centre line. Line finding grows regions only along these, so a card edge does not melt into the
    /// wood grain running beside it.
    var ridge: [UInt8]

    /// Sobel derivatives of each plane, combined into the structure tensor's dominant eigenvector.
    init(_ image: WorkingImage) {
        width = image.width
        height = image.height
        let w = width, h = height
        var mag = [Float](repeating: 0, count: w * h)
        var ux = mag, uy = mag
        if w >= 3 && h >= 3 {
            image.red.withUnsafeBufferPointer { r in
                image.green.withUnsafeBufferPointer { g in
                    image.blue.withUnsafeBufferPointer { b in
                        mag.withUnsafeMutableBufferPointer { m in
                            ux.withUnsafeMutableBufferPointer { vx in
                                uy.withUnsafeMutableBufferPointer { vy in
                                    for y in 1..<(h - 1) {
                                        for x in 1..<(w - 1) {
                                            let i = y * w + x
                                            let (rx, ry) = ColorGradient.sobel(r, i, w)
                                            let (gx, gy) = ColorGradient.sobel(g, i, w)
                                            let (bx, by) = ColorGradient.sobel(b, i, w)
                                            let jxx = rx * rx + gx * gx + bx * bx
                                            let jyy = ry * ry + gy * gy + by * by
                                            let jxy = rx * ry + gx * gy + bx * by
                                            let half = (jxx - jyy) * 0.5
                                            let root = (half * half + jxy * jxy).squareRoot()
                                            let lambda = (jxx + jyy) * 0.5 + root
                                            m[i] = lambda.squareRoot()
                                            // Eigenvector of the larger eigenvalue, from the half-angle.
                                            if root > 1e-6 {
                                                let c2 = half / root, s2 = jxy / root
                                                let c = ((1 + c2) * 0.5).squareRoot()
                                                let s = c > 1e-3 ? s2 / (2 * c) : 1
                                                vx[i] = c
                                                vy[i] = s
                                            } else if jxx + jyy > 1e-6 {
                                                // Isotropic: no preferred direction.
                                                vx[i] = 0
                                                vy[i] = 0
                                                m[i] = 0
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        magnitude = mag
        dx = ux
        dy = uy
        ridge = ColorGradient.suppressNonMaxima(mag, ux, uy, width: w, height: h)
    }

    /// Marks pixels whose magnitude is at least that of both neighbours along the gradient direction
    /// (the direction rounded to one of the eight neighbours).
    private static func suppressNonMaxima(_ mag: [Float], _ ux: [Float], _ uy: [Float], width w: Int, height h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h)
        guard w >= 3, h >= 3 else { return out }
        mag.withUnsafeBufferPointer { m in
            ux.withUnsafeBufferPointer { vx in
                uy.withUnsafeBufferPointer { vy in
                    out.withUnsafeMutableBufferPointer { r in
                        for y in 1..<(h - 1) {
                            for x in 1..<(w - 1) {
                                let i = y * w + x
                                let v = m[i]
                                if v == 0 { continue }
                                // Round the direction to a neighbour: |component| > sin 22.5° steps that way.
                                let sx = vx[i] > 0.3827 ? 1 : (vx[i] < -0.3827 ? -1 : 0)
                                let sy = vy[i] > 0.3827 ? 1 : (vy[i] < -0.3827 ? -1 : 0)
                                let o = sy * w + sx
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
}
