/// Draws lines and dots onto an RGBA ``PixelBuffer``: enough to mark detected prints on a preview
/// for a person to check, not a general 2-D library.
struct Canvas {
    let buffer: PixelBuffer

    init(_ buffer: PixelBuffer) {
        precondition(buffer.format == .rgba8, "the canvas draws on RGBA images")
        self.buffer = buffer
    }

    /// A straight line of the given thickness, with round caps.
    func line(from a: Point, to b: Point, width: Double, color: (UInt8, UInt8, UInt8)) {
        let r = width / 2
        let x0 = max(0, Int((min(a.x, b.x) - r).rounded(.down))), x1 = min(buffer.width - 1, Int((max(a.x, b.x) + r).rounded(.up)))
        let y0 = max(0, Int((min(a.y, b.y) - r).rounded(.down))), y1 = min(buffer.height - 1, Int((max(a.y, b.y) + r).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        let d = b - a
        let length2 = d.x * d.x + d.y * d.y
        for y in y0...y1 {
            let row = buffer.rowPointer(y)
            for x in x0...x1 {
                let p = Point(Double(x), Double(y))
                let t = length2 > 0 ? min(max(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / length2, 0), 1) : 0
                let distance = p.distance(to: a + d * t)
                // One pixel of soft edge keeps diagonal lines from looking jagged.
                let coverage = min(max(r + 0.5 - distance, 0), 1)
                if coverage > 0 { blend(row + x * 4, color, coverage) }
            }
        }
    }

    /// A filled disc.
    func dot(at c: Point, radius: Double, color: (UInt8, UInt8, UInt8)) {
        line(from: c, to: c, width: 2 * radius, color: color)
    }

    /// The closed outline of a quad.
    func outline(_ quad: Quad, width: Double, color: (UInt8, UInt8, UInt8)) {
        for i in 0..<4 {
            line(from: quad.corners[i], to: quad.corners[(i + 1) % 4], width: width, color: color)
        }
    }

    private func blend(_ p: UnsafeMutablePointer<UInt8>, _ c: (UInt8, UInt8, UInt8), _ alpha: Double) {
        let values = [c.0, c.1, c.2]
        for i in 0..<3 {
            p[i] = UInt8((Double(p[i]) * (1 - alpha) + Double(values[i]) * alpha).rounded())
        }
        p[3] = 255
    }
}
