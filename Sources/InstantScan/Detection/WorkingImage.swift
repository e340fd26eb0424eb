internal import CShims

/// The photo at the detector's working resolution: upright, three colour planes of `Float` in 0...255.
///
/// Detection runs on this small copy (about 800 pixels on the long side) and only edge refinement
/// goes back to the full-resolution pixels. The planes stay in the camera's gamma-encoded RGB, which is
/// close enough to perceptual spacing that a step of a few levels means the same in shadow and light.
struct WorkingImage: Sendable {
    let width: Int
    let height: Int
    /// Red, green and blue, row-major, `width * height` each.
    var red: [Float]
    var green: [Float]
    var blue: [Float]
    /// From working-image coordinates to upright full-resolution coordinates (pixel centres at whole
    /// numbers in both).
    let toUpright: AffineMap

    /// Full-resolution pixels per working pixel.
    var scale: Double { toUpright.scale }

    /// A sample with every channel at least this bright is clipped: glare, or paper the exposure
    /// burnt out. A phone's tone curve and JPEG leave saturated highlights a few levels short of
    /// 255, and a working pixel averages several of them, so the line sits a little below it.
    static let clipLevel: Float = 250

    init(width: Int, height: Int, red: [Float], green: [Float], blue: [Float], toUpright: AffineMap) {
        precondition(red.count == width * height && green.count == red.count && blue.count == red.count)
        self.width = width
        self.height = height
        self.red = red
        self.green = green
        self.blue = blue
        self.toUpright = toUpright
    }

    /// Bilinear sample of the three planes at a working-image point (clamped to the image).
    ///
    /// Inlined: the outline search calls it millions of times a photo, and inlined its loads of the
    /// planes leave the loop.
    @inline(__always)
    func color(at p: Point) -> (Float, Float, Float) {
        let x = min(max(p.x, 0), Double(width - 1)), y = min(max(p.y, 0), Double(height - 1))
        // Clamped into the plane above (a NaN point aside, which the outer clamp on the index
        // keeps inside the planes): the unchecked truncation is Int(x).
        let x0 = max(0, min(is_truncated(x), width - 2 < 0 ? 0 : width - 2))
        let y0 = max(0, min(is_truncated(y), height - 2 < 0 ? 0 : height - 2))
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        // Inside the planes by the clamps: wrapping arithmetic spares the overflow tests.
        let i = y0 &* width &+ x0
        let x1 = width > 1 ? 1 : 0, y1 = height > 1 ? width : 0
        // The clamps keep all four taps inside the planes: no bounds checks in what detection calls
        // millions of times (the outline search).
        @inline(__always) func lerp(_ p: UnsafeBufferPointer<Float>) -> Float {
            let top = p[i] + (p[i &+ x1] - p[i]) * fx
            let bottom = p[i &+ y1] + (p[i &+ y1 &+ x1] - p[i &+ y1]) * fx
            return top + (bottom - top) * fy
        }
        return red.withUnsafeBufferPointer { r in
            green.withUnsafeBufferPointer { g in
                blue.withUnsafeBufferPointer { b in (lerp(r), lerp(g), lerp(b)) }
            }
        }
    }

    /// The planes as an RGBA8 buffer (for overlays and debugging).
    func pixelBuffer() throws -> PixelBuffer {
        let out = try PixelBuffer(width: width, height: height, format: .rgba8)
        for y in 0..<height {
            let row = out.rowPointer(y)
            for x in 0..<width {
                let i = y * width + x
                row[4 * x] = UInt8(min(max(red[i].rounded(), 0), 255))
                row[4 * x + 1] = UInt8(min(max(green[i].rounded(), 0), 255))
                row[4 * x + 2] = UInt8(min(max(blue[i].rounded(), 0), 255))
                row[4 * x + 3] = 255
            }
        }
        return out
    }

    /// 1 where every channel is at least `level`: clipped highlights, where glare hides all edges.
    func clippedMask(level: Float = clipLevel) -> [UInt8] {
        // The three tests combined without short-circuit jumps, by pointer: a loop the compiler
        // vectorises (the jumps and bounds checks took 6 instructions a working pixel).
        let n = width * height
        precondition(red.count >= n && green.count >= n && blue.count >= n)
        return [UInt8](unsafeUninitializedCapacity: n) { out, count in
            red.withUnsafeBufferPointer { r in
                green.withUnsafeBufferPointer { g in
                    blue.withUnsafeBufferPointer { b in
                        for i in 0..<n {
                            out[i] = (r[i] >= level ? 1 : 0) & (g[i] >= level ? 1 : 0) & (b[i] >= level ? 1 : 0)
                        }
                    }
                }
            }
            count = n
        }
    }
}
