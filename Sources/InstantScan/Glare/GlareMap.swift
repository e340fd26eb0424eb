/// Where a rectified print is blown out by a specular reflection: a soft map, 0 (the print's own
/// colour) to 1 (glare), over the whole card.
///
/// The map lives on its own coarse grid in card-normalised coordinates (the card's corners at
/// (0, 0)…(1, 1)), so it can be read at any output size and after any small shift, which is how
/// ``ShotMerger`` turns it into fusion weights. Glare is a smooth blob: a grid of a few hundred
/// pixels on the long side holds it with room.
public struct GlareMap: Sendable, Equatable {
    /// Grid width.
    public let width: Int
    /// Grid height.
    public let height: Int
    /// Row-major strengths, 0…1.
    public let values: [Float]

    /// A value of at least this is glare, for shares and outlines.
    public static let glareLevel: Float = 0.5

    /// Makes a map from row-major strengths.
    public init(width: Int, height: Int, values: [Float]) {
        precondition(width > 0 && height > 0 && values.count == width * height, "a glare map needs width × height values")
        self.width = width
        self.height = height
        self.values = values
    }

    /// A map without glare.
    public static func empty(width: Int = 1, height: Int = 1) -> GlareMap {
        GlareMap(width: width, height: height, values: [Float](repeating: 0, count: width * height))
    }

    /// The strength at card-normalised (u, v), bilinear between grid cells; 0 outside the card.
    public func value(u: Double, v: Double) -> Float {
        let x = u * Double(width) - 0.5, y = v * Double(height) - 0.5
        guard x > -1, y > -1, x < Double(width), y < Double(height) else { return 0 }
        let cx = min(max(x, 0), Double(width - 1)), cy = min(max(y, 0), Double(height - 1))
        let x0 = min(Int(cx), max(width - 2, 0)), y0 = min(Int(cy), max(height - 2, 0))
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let fx = Float(cx - Double(x0)), fy = Float(cy - Double(y0))
        let top = values[y0 * width + x0] + (values[y0 * width + x1] - values[y0 * width + x0]) * fx
        let bottom = values[y1 * width + x0] + (values[y1 * width + x1] - values[y1 * width + x0]) * fx
        return top + (bottom - top) * fy
    }

    /// The map with every cell raised to the strongest within `reach` (a share of the grid's long
    /// side) in either direction: a grey dilation, square, one pass per axis.
    ///
    /// Registration weights use it. A blob's faint rim, below the map's halo, still adds tens of
    /// codes of light, and next to the print's own structure such a rim pulls a fit by pixels; the
    /// fit can spare a margin of paper around each blob far better than it can spare that.
    func dilated(reach: Double) -> GlareMap {
        let r = Int((reach * Double(max(width, height))).rounded(.up))
        guard r > 0 else { return self }
        var rows = values
        for y in 0..<height {
            for x in 0..<width {
                var strongest: Float = 0
                for k in max(0, x - r)...min(width - 1, x + r) { strongest = max(strongest, values[y * width + k]) }
                rows[y * width + x] = strongest
            }
        }
        var out = rows
        for x in 0..<width {
            for y in 0..<height {
                var strongest: Float = 0
                for k in max(0, y - r)...min(height - 1, y + r) { strongest = max(strongest, rows[k * width + x]) }
                out[y * width + x] = strongest
            }
        }
        return GlareMap(width: width, height: height, values: out)
    }

    /// The share of the grid cells inside `region` (card-normalised, its bounding box; nil for the
    /// whole card) whose strength is at least ``glareLevel``.
    public func share(in region: Quad? = nil) -> Double {
        let corners = (region ?? Quad(rectangleWidth: 1, height: 1)).corners
        let x0 = max(0, Int((corners.map(\.x).min()! * Double(width)).rounded()))
        let x1 = min(width, Int((corners.map(\.x).max()! * Double(width)).rounded()))
        let y0 = max(0, Int((corners.map(\.y).min()! * Double(height)).rounded()))
        let y1 = min(height, Int((corners.map(\.y).max()! * Double(height)).rounded()))
        guard x1 > x0, y1 > y0 else { return 0 }
        var glare = 0
        for y in y0..<y1 {
            for x in x0..<x1 where values[y * width + x] >= Self.glareLevel { glare += 1 }
        }
        return Double(glare) / Double((x1 - x0) * (y1 - y0))
    }

    /// The map as a grey RGBA image of `size` (white is glare), to look at or to compare.
    public func image(size: PixelSize? = nil) throws -> PixelBuffer {
        let size = size ?? PixelSize(width: width, height: height)
        var bytes = [UInt8](repeating: 255, count: size.width * size.height * 4)
        for y in 0..<size.height {
            let v = (Double(y) + 0.5) / Double(size.height)
            for x in 0..<size.width {
                let code = UInt8((min(max(value(u: (Double(x) + 0.5) / Double(size.width), v: v), 0), 1) * 255).rounded())
                let i = 4 * (y * size.width + x)
                bytes[i] = code
                bytes[i + 1] = code
                bytes[i + 2] = code
            }
        }
        return try PixelBuffer(width: size.width, height: size.height, packed: bytes)
    }
}
