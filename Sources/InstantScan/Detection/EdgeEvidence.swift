/// How well a hypothesised straight side is backed by edges in the working image.
///
/// The side is sampled every working pixel; a sample counts when, within a pixel across the side,
/// the colour gradient is strong enough and points across the side (within `maximumAngle`). Ends are
/// trimmed because Instax corners are rounded and any corner blurs two directions together.
struct EdgeEvidence: Sendable {
    let gradient: ColorGradient
    /// Weakest gradient that counts, levels per working pixel.
    var threshold: Float = 3
    /// Cosine of the largest angle between the gradient and the side's normal.
    var alignment: Float = 0.966  // cos 15°
    /// How far across the side to look, in working pixels.
    var reach = 1

    struct SideSupport: Sendable {
        /// Samples with a matching edge.
        var supported = 0
        /// Samples inside the image.
        var visible = 0
        /// All samples.
        var total = 0
        /// Supported share of all samples (samples outside the image count against).
        var fraction: Double { total > 0 ? Double(supported) / Double(total) : 0 }
        /// Supported share of the visible samples.
        var visibleFraction: Double { visible > 0 ? Double(supported) / Double(visible) : 0 }
    }

    /// Samples the side from `a` to `b`, leaving out `trim` (a fraction) of its length at each end.
    func support(from a: Point, to b: Point, trim: Double = 0.1) -> SideSupport {
        let w = gradient.width, h = gradient.height
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        var result = SideSupport()
        guard length >= 2 else { return result }
        let ux = d.x / length, uy = d.y / length
        let nx = Float(-uy), ny = Float(ux)
        let start = trim * length, stop = (1 - trim) * length
        let count = max(1, Int(stop - start))
        let step = (stop - start) / Double(count)
        gradient.magnitude.withUnsafeBufferPointer { mag in
            gradient.dx.withUnsafeBufferPointer { gx in
                gradient.dy.withUnsafeBufferPointer { gy in
                    for k in 0...count {
                        let t = start + Double(k) * step
                        let px = a.x + ux * t, py = a.y + uy * t
                        result.total += 1
                        let cx = Int(px.rounded()), cy = Int(py.rounded())
                        guard cx >= 1, cy >= 1, cx < w - 1, cy < h - 1 else { continue }
                        result.visible += 1
                        for o in -reach...reach {
                            let x = Int((px + Double(nx) * Double(o)).rounded())
                            let y = Int((py + Double(ny) * Double(o)).rounded())
                            guard x >= 0, y >= 0, x < w, y < h else { continue }
                            let i = y * w + x
                            if mag[i] >= threshold && abs(gx[i] * nx + gy[i] * ny) >= alignment {
                                result.supported += 1
                                break
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// Mean support of a quad's four sides (TL→TR, TR→BR, BR→BL, BL→TL).
    func support(of quad: Quad, trim: Double = 0.1) -> [SideSupport] {
        (0..<4).map { support(from: quad.corners[$0], to: quad.corners[($0 + 1) % 4], trim: trim) }
    }
}
