/// One channel of an image as `Float`s, row-major: the working surface of glare detection and
/// shot registration.
///
/// Plain arrays, not pointers: these images are small (the glare map's working grid, a
/// registration pyramid level) or visited once per pixel, and an array keeps the bounds checks
/// where a mistake would otherwise read another row.
struct FloatPlane: Sendable {
    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int, repeating value: Float = 0) {
        self.width = width
        self.height = height
        values = [Float](repeating: value, count: width * height)
    }

    init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height, "\(values.count) values do not fill \(width)×\(height)")
        self.width = width
        self.height = height
        self.values = values
    }

    @inline(__always)
    subscript(x: Int, y: Int) -> Float {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// The Rec. 709 luma of an RGBA8 image's codes (0…255): registration matches structure, and
    /// gamma-encoded luma spaces a step alike in shadow and light.
    static func luma(of image: PixelBuffer) -> FloatPlane {
        precondition(image.format == .rgba8, "luma reads RGBA8 pixels")
        let bytes = image.packedBytes()
        var plane = FloatPlane(width: image.width, height: image.height)
        for i in 0..<(image.width * image.height) {
            plane.values[i] = 0.2126 * Float(bytes[4 * i]) + 0.7152 * Float(bytes[4 * i + 1]) + 0.0722 * Float(bytes[4 * i + 2])
        }
        return plane
    }

    /// Half the size, each pixel the mean of a 2×2 block (a pyramid level).
    func halved() -> FloatPlane {
        let w = max(1, width / 2), h = max(1, height / 2)
        var out = FloatPlane(width: w, height: h)
        for y in 0..<h {
            let y0 = min(2 * y, height - 1), y1 = min(2 * y + 1, height - 1)
            for x in 0..<w {
                let x0 = min(2 * x, width - 1), x1 = min(2 * x + 1, width - 1)
                out[x, y] = (self[x0, y0] + self[x1, y0] + self[x0, y1] + self[x1, y1]) * 0.25
            }
        }
        return out
    }

    /// Bilinear value at (x, y) (pixel centres at whole numbers), nil outside the plane.
    @inline(__always)
    func sample(_ x: Double, _ y: Double) -> Float? {
        guard x >= 0, y >= 0, x <= Double(width - 1), y <= Double(height - 1) else { return nil }
        let x0 = min(Int(x), max(width - 2, 0)), y0 = min(Int(y), max(height - 2, 0))
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        let x1 = width > 1 ? x0 + 1 : x0, y1 = height > 1 ? y0 + 1 : y0
        let top = self[x0, y0] + (self[x1, y0] - self[x0, y0]) * fx
        let bottom = self[x0, y1] + (self[x1, y1] - self[x0, y1]) * fx
        return top + (bottom - top) * fy
    }

    /// Bilinear value at (x, y), clamped to the plane's edge.
    @inline(__always)
    func clampedSample(_ x: Double, _ y: Double) -> Float {
        sample(min(max(x, 0), Double(width - 1)), min(max(y, 0), Double(height - 1))) ?? 0
    }

    /// A box blur of half-width `radius` (a running sum per row, then per column), edges clamped.
    func boxBlurred(radius: Int) -> FloatPlane {
        guard radius > 0 else { return self }
        var horizontal = FloatPlane(width: width, height: height)
        let norm = 1 / Float(2 * radius + 1)
        for y in 0..<height {
            var sum: Float = 0
            for k in -radius...radius { sum += self[min(max(k, 0), width - 1), y] }
            for x in 0..<width {
                horizontal[x, y] = sum * norm
                sum += self[min(x + radius + 1, width - 1), y] - self[max(x - radius, 0), y]
            }
        }
        var out = FloatPlane(width: width, height: height)
        for x in 0..<width {
            var sum: Float = 0
            for k in -radius...radius { sum += horizontal[x, min(max(k, 0), height - 1)] }
            for y in 0..<height {
                out[x, y] = sum * norm
                sum += horizontal[x, min(y + radius + 1, height - 1)] - horizontal[x, max(y - radius, 0)]
            }
        }
        return out
    }
}
