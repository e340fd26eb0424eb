import Foundation
@testable import InstantScan

/// A phone photo of one instant print lying on a textured grey tablecloth, rendered in linear
/// light under a lamp: the fixture for white balance with frames that are not white.
///
/// The picture is a grid of patches from a palette balanced around grey (saturated colours in
/// complementary pairs, whites, greys, skin and foliage), as a real picture is more or less;
/// the surface around the card is neutral with texture. The lamp's cast has luminance 1, so a
/// correct scan keeps the photo's exposure.
struct FramedPrintPhoto {
    /// What the frame is made of.
    enum Frame {
        /// White paper (code 236 under neutral light).
        case white
        /// Paper yellowed with age: blue absorbed most, green some.
        case yellowed
        /// One saturated colour (linear reflectance).
        case colour([Double])
        /// Diagonal bands of four colours.
        case pattern
        /// Diagonal bands of four dark colours (navy, bottle green, maroon, slate): darker than
        /// the picture's highlights, as a black edition is, but no black edition.
        case darkPattern
        /// Black plastic.
        case black
        /// Black plastic held by a thumb: skin over the frame's left quarter.
        case blackUnderThumb
        /// A black edition with a tint of its own (linear reflectance), as black plastics and
        /// printed blacks have: a blue-black, a brown-black.
        case tintedBlack([Double])
    }

    var frame: Frame
    var format: PrintFormat = .instaxMini
    /// Card width in pixels.
    var width = 300
    /// Margin of tablecloth around the card, in pixels.
    var margin = (x: 90, y: 80)
    /// The picture's patches (linear reflectance): ``palette`` unless a test wants a picture of
    /// one colour.
    var patches = FramedPrintPhoto.palette
    /// Whether a bold caption in dark ink is written across the thick bottom border: upright
    /// strokes over the middle of it, about a third of that border's area (a sixth of the frame).
    var caption = false
    /// The tablecloth's colour (linear reflectance, times its weave): grey unless a test puts
    /// the print on something coloured, such as dark wood.
    var table = [1.0, 1.0, 1.0]
    /// A placemat under the card (linear reflectance, times the weave) reaching this share of the
    /// card's size beyond it, the tablecloth (``table``) beyond that: what lies just around a card
    /// is not always what the rest of the photo shows.
    var placemat: (colour: [Double], reach: Double)?
    /// Whether the tablecloth is a patchwork of the ``palette``'s colours (40-pixel squares, the
    /// weave within each) instead of ``table``: many surfaces whose colours balance around grey.
    var patchwork = false
    /// Sensor noise added to every 8-bit code (standard deviation in codes, drawn anew for each
    /// pixel and channel from a fixed seed): a dim photo's high ISO.
    var noise = 0.0
    /// The photo's JPEG quality.
    var quality = 95

    var height: Int { Int((Double(width) / format.cardAspect).rounded()) }

    static let paper = LinearLight.toLinear(236.0 / 255)
    /// A warm lamp (about 3000 K after a phone's partial white balance), luminance 1.
    static let warmLamp = [1.45, 0.92, 0.45]
    /// Daylight the phone balanced: no cast.
    static let neutral = [1.0, 1.0, 1.0]

    /// The palette of the picture's patches (linear reflectance).
    static let palette: [[Double]] = [
        [0.80, 0.80, 0.80], [0.40, 0.40, 0.40], [0.18, 0.18, 0.18], [0.06, 0.06, 0.06],
        [0.55, 0.10, 0.08], [0.08, 0.35, 0.45], [0.10, 0.40, 0.10], [0.45, 0.12, 0.40],
        [0.12, 0.15, 0.55], [0.55, 0.45, 0.08], [0.60, 0.38, 0.28], [0.20, 0.32, 0.55],
        [0.30, 0.30, 0.28], [0.65, 0.66, 0.70], [0.35, 0.22, 0.12], [0.12, 0.22, 0.30],
    ]

    /// The caption's ink (linear reflectance): a dark blue felt pen.
    static let ink = [0.04, 0.04, 0.09]

    /// Whether card position (u, v) is under the caption's ink.
    func isInk(_ u: Double, _ v: Double) -> Bool {
        let bottom = format.normalizedWindow.corners[2].y
        let top = bottom + 0.15 * (1 - bottom), end = 1 - 0.15 * (1 - bottom)
        return caption && u > 0.12 && u < 0.88 && v > top && v < end && Int(u * 40) % 3 != 0
    }

    /// The frame's reflectance at card position (u, v).
    func frameColour(_ u: Double, _ v: Double) -> [Double] {
        if isInk(u, v) { return Self.ink }
        switch frame {
        case .white: return [Self.paper, Self.paper, Self.paper]
        case .yellowed: return [0.78, 0.66, 0.40]
        case let .colour(rgb): return rgb
        case .black: return [0.035, 0.035, 0.035]
        case .blackUnderThumb: return u < 0.25 ? [0.60, 0.38, 0.28] : [0.035, 0.035, 0.035]
        case let .tintedBlack(rgb): return rgb
        case .pattern:
            let band = Int(((u * 54 + v * 86) / 9).rounded(.down)) % 4
            return [[0.50, 0.10, 0.12], [0.10, 0.40, 0.65], [0.52, 0.45, 0.06], [0.45, 0.52, 0.60]][band]
        case .darkPattern:
            let band = Int(((u * 54 + v * 86) / 9).rounded(.down)) % 4
            return [[0.03, 0.05, 0.16], [0.02, 0.10, 0.04], [0.14, 0.03, 0.04], [0.08, 0.10, 0.12]][band]
        }
    }

    /// The print's reflectance at card position (u, v).
    func reflectance(_ u: Double, _ v: Double) -> [Double] {
        let w = format.normalizedWindow.corners
        guard u > w[0].x, u < w[1].x, v > w[0].y, v < w[2].y else { return frameColour(u, v) }
        let pu = (u - w[0].x) / (w[1].x - w[0].x), pv = (v - w[0].y) / (w[2].y - w[0].y)
        let i = min(3, Int(pu * 4)), j = min(3, Int(pv * 4))
        return patches[(j * 4 + i * 5) % patches.count]
    }

    /// The tablecloth at photo pixel (x, y): greys in a weave of squares.
    func surface(_ x: Int, _ y: Int) -> [Double] {
        let level = [0.22, 0.30, 0.26, 0.34][((x / 14) + 2 * (y / 14)) % 4]
        if let placemat {
            let u = (Double(x - margin.x) + 0.5) / Double(width), v = (Double(y - margin.y) + 0.5) / Double(height)
            if u > -placemat.reach, u < 1 + placemat.reach, v > -placemat.reach, v < 1 + placemat.reach {
                return placemat.colour.map { level * $0 }
            }
        }
        if patchwork {
            return Self.palette[((x / 40) * 7 + (y / 40) * 3) % Self.palette.count].map { 2 * level * $0 }
        }
        return table.map { level * $0 }
    }

    /// The card alone under neutral light, as 8-bit sRGB: the ideal scan.
    func neutralCard() throws -> PixelBuffer {
        let image = try PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let rgb = reflectance((Double(x) + 0.5) / Double(width), (Double(y) + 0.5) / Double(height))
                image[x, y] = rgb.map { LinearLight.code(linear: $0) } + [255]
            }
        }
        return image
    }

    /// The photo under `light` as JPEG, and the card's corners in it.
    func photo(light: [Double]) throws -> (jpeg: [UInt8], corners: Quad) {
        let image = try PixelBuffer(width: width + 2 * margin.x, height: height + 2 * margin.y)
        var random = NoiseSource()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let cx = x - margin.x, cy = y - margin.y
                let rgb = cx >= 0 && cx < width && cy >= 0 && cy < height
                    ? reflectance((Double(cx) + 0.5) / Double(width), (Double(cy) + 0.5) / Double(height))
                    : surface(x, y)
                image[x, y] = (0..<3).map { c in
                    let code = Double(LinearLight.code(linear: rgb[c] * light[c])) + noise * random.gaussian()
                    return UInt8(min(max(code.rounded(), 0), 255))
                } + [255]
            }
        }
        let x0 = Double(margin.x) - 0.5, y0 = Double(margin.y) - 0.5
        let corners = Quad(Point(x0, y0), Point(x0 + Double(width), y0),
                           Point(x0 + Double(width), y0 + Double(height)), Point(x0, y0 + Double(height)))
        return (try JPEGEncoder.encode(image, quality: quality), corners)
    }

    /// Scans the photo under `light` at the card's own size.
    func scan(light: [Double]) throws -> ScannedPrint? {
        let (jpeg, corners) = try photo(light: light)
        var options = ScanOptions()
        options.format = format
        options.outputSize = .exact(PixelSize(width: width, height: height))
        return try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first
    }

    /// ΔE00 of 16×16 block means of the picture window between `scan` and the ideal scan.
    func pictureDifferences(_ scan: PixelBuffer) throws -> [Double] {
        let w = format.normalizedWindow.corners
        let x = (Int(w[0].x * Double(width)) + 3)..<(Int(w[1].x * Double(width)) - 3)
        let y = (Int(w[0].y * Double(height)) + 3)..<(Int(w[2].y * Double(height)) - 3)
        return CIEDE2000.blockDifferences(PixelBufferReader(scan), PixelBufferReader(try neutralCard()), x: x, y: y)
    }
}

/// Gaussian numbers from a fixed seed (xorshift64 and Box–Muller): the same noise on every run.
struct NoiseSource {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func uniform() -> Double {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return (Double(state >> 11) + 0.5) / Double(1 << 53)
    }

    mutating func gaussian() -> Double {
        (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
    }
}
