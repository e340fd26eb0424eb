import Foundation
@testable import InstantScan

/// A neutral instant print for the glare tests, in linear light, with sharp edges to measure
/// ghosting on, and photos of it ("shots") through a homography with a lamp's cast and a specular
/// blob where the shot puts it.
///
/// The picture: smooth colours (ColorScene's), a dark square whose left edge is a vertical step
/// at ``edgeU`` (for edge profiles), and optionally a bright-white region as paper-white as a
/// white dress can be (``whitePicture``). Glare is added light of the lamp's colour (what a gloss
/// reflects), a flat-topped disk in card coordinates so that its share is well defined.
struct GlarePrint {
    var format: PrintFormat = .polaroid600
    /// Card width in pixels when rendered straight.
    var width = 264
    var paper = 0.82
    /// The whole picture a white scene (sky, dress) just under the paper's lightness.
    var whitePicture = false
    /// Another print of the same format and frame: other colours, the dark square elsewhere.
    var otherPicture = false

    var height: Int { Int((Double(width) / format.cardAspect).rounded()) }

    /// The dark square's left edge, card-normalised u, and its vertical extent.
    static let edgeU = 0.42, squareV = 0.3...0.62, squareRightU = 0.78

    /// A specular blob: centre and radius in card-normalised units (radius as a share of the width).
    struct Blob {
        var u: Double, v: Double, radius: Double
        var strength = 1.2

        /// The added light at (u, v) of a card of `aspect`: flat inside, a soft rim of a tenth of the radius.
        func value(_ pu: Double, _ pv: Double, aspect: Double) -> Double {
            let d = ((pu - u) * (pu - u) + (pv - v) * (pv - v) / (aspect * aspect)).squareRoot()
            let rim = radius * 0.15
            return strength * min(1, max(0, (radius + rim - d) / (2 * rim)))
        }
    }

    func neutral(_ u: Double, _ v: Double) -> [Double] {
        let w = format.normalizedWindow.corners
        guard u > w[0].x, u < w[1].x, v > w[0].y, v < w[2].y else { return [paper, paper, paper] }
        let pu = (u - w[0].x) / (w[1].x - w[0].x), pv = (v - w[0].y) / (w[2].y - w[0].y)
        if whitePicture {
            // White cloth: paper-white but never above it, with soft folds.
            let fold = 0.92 + 0.06 * sin(9 * pu + 4 * pv)
            return [paper * fold, paper * fold * 0.99, paper * fold * 0.97]
        }
        if otherPicture {
            if pu > 0.1, pu < 0.45, pv > 0.55, pv < 0.9 { return [0.03, 0.02, 0.02] }
            return [0.08 + 0.45 * (0.5 + 0.5 * cos(9 * pv - 2 * pu)),
                    0.06 + 0.5 * (0.5 + 0.5 * sin(7 * pu + 3)) * (0.5 + 0.5 * sin(3 * pv)),
                    0.07 + 0.4 * (0.5 + 0.5 * sin(5 * pu + 6 * pv))]
        }
        if u >= Self.edgeU, u < Self.squareRightU, Self.squareV.contains(v) { return [0.02, 0.025, 0.03] }
        return [0.06 + 0.5 * (0.5 + 0.5 * sin(6 * pu + 1)) * (0.5 + 0.5 * cos(5 * pv)),
                0.07 + 0.45 * (0.5 + 0.5 * sin(4 * pv + 2 * pu)),
                0.06 + 0.4 * (0.5 + 0.5 * cos(7 * pu - 3 * pv))]
    }

    /// The neutral print, straight, `width` × `height`, 2×2 supersampled, 8-bit sRGB.
    func renderNeutral() throws -> PixelBuffer {
        try renderCard(cast: [1, 1, 1], blobs: [])
    }

    /// The card seen straight under `cast` with `blobs` of glare, supersampled, 8-bit sRGB.
    func renderCard(cast: [Double], blobs: [Blob]) throws -> PixelBuffer {
        let image = try PixelBuffer(width: width, height: height)
        let lampWhite = cast.map { $0 / cast.max()! }
        for y in 0..<height {
            for x in 0..<width {
                var sum = [0.0, 0.0, 0.0]
                for sy in 0..<2 {
                    for sx in 0..<2 {
                        let u = (Double(x) + 0.25 + 0.5 * Double(sx)) / Double(width)
                        let v = (Double(y) + 0.25 + 0.5 * Double(sy)) / Double(height)
                        let g = blobs.reduce(0) { $0 + $1.value(u, v, aspect: format.cardAspect) }
                        let n = neutral(u, v)
                        for c in 0..<3 { sum[c] += n[c] * cast[c] + g * lampWhite[c] }
                    }
                }
                image[x, y] = sum.map { LinearLight.code(linear: $0 / 4) } + [255]
            }
        }
        return image
    }

    /// A photo (`photoWidth` × `photoHeight`, dark textured table) of the print with its card at
    /// `corners`, under `cast`, with `blobs` of glare, sensor noise from `seed`: 8-bit sRGB.
    func renderShot(corners: Quad, photoWidth: Int = 420, photoHeight: Int = 480, cast: [Double],
                    blobs: [Blob], seed: UInt64) throws -> PixelBuffer {
        guard let toCard = Homography.mapping(corners.corners, to: Quad(rectangleWidth: 1, height: 1).corners) else {
            throw GlareTestError.degenerateCorners
        }
        let image = try PixelBuffer(width: photoWidth, height: photoHeight)
        let lampWhite = cast.map { $0 / cast.max()! }
        var random = SeededGenerator(seed: seed)
        for y in 0..<photoHeight {
            for x in 0..<photoWidth {
                var sum = [0.0, 0.0, 0.0]
                for sy in 0..<2 {
                    for sx in 0..<2 {
                        // Pixel centres at whole numbers; corners are in the same convention.
                        let p = Point(Double(x) - 0.25 + 0.5 * Double(sx), Double(y) - 0.25 + 0.5 * Double(sy))
                        let q = toCard.apply(p)
                        var linear: [Double]
                        if q.x >= 0, q.x <= 1, q.y >= 0, q.y <= 1 {
                            let g = blobs.reduce(0) { $0 + $1.value(q.x, q.y, aspect: format.cardAspect) }
                            let n = neutral(q.x, q.y)
                            linear = (0..<3).map { n[$0] * cast[$0] + g * lampWhite[$0] }
                        } else {
                            let k = 0.035 * (1 + 0.3 * sin(p.x / 7 + 0.5 * sin(p.y / 13)))
                            linear = [k * 1.1, k, k * 0.9].enumerated().map { $1 * cast[$0] }
                        }
                        for c in 0..<3 { sum[c] += linear[c] }
                    }
                }
                let noise = 1.2 * random.gaussian()
                image[x, y] = sum.map { s -> UInt8 in
                    let code = Double(LinearLight.code(linear: s / 4)) + noise
                    return UInt8(min(255, max(0, code.rounded())))
                } + [255]
            }
        }
        return image
    }

    /// Card corners in a 420×480 photo: the card about `scale` × its straight size, centred near
    /// `centre`, turned by `rotation` and with a little keystone `keystone` (pixels the top edge is
    /// narrower than the bottom).
    func corners(centre: Point = Point(210, 240), scale: Double = 1.05, rotation: Double = 0, keystone: Double = 0) -> Quad {
        let w = Double(width) * scale / 2, h = Double(height) * scale / 2
        let local = [Point(-w + keystone, -h), Point(w - keystone, -h), Point(w, h), Point(-w, h)]
        let c = cos(rotation), s = sin(rotation)
        return Quad(corners: local.map { Point(centre.x + c * $0.x - s * $0.y, centre.y + s * $0.x + c * $0.y) })
    }
}

enum GlareTestError: Error { case degenerateCorners }
