import Foundation
@testable import InstantScan

/// An upright instant print rendered in linear light, as it is (neutral) and as a lamp shows it:
/// what the white-balance tests correct and compare.
///
/// The picture is a smooth, colourful pattern; the frame a neutral paper of code ``paper``. A
/// light multiplies linear RGB by a cast and by an achromatic falloff, as a lamp does; a caption
/// (dark strokes on the bottom border) and glare (a bright, colourless additive blob on the
/// frame) can be added.
struct ColorScene {
    var format: PrintFormat = .instaxMini
    /// Card width in pixels; the height follows the format.
    var width = 432
    /// The frame's code value in the neutral print (all three channels).
    var paper = 236.0
    var caption = false
    var glare = false

    /// A light: per-channel multipliers and an achromatic falloff over card position (u, v).
    struct Light: Sendable {
        var cast: [Double]
        var falloff: @Sendable (Double, Double) -> Double = { _, _ in 1 }
    }

    var height: Int { Int((Double(width) / format.cardAspect).rounded()) }

    /// The glare blob's centre (card-normalised) and radius: on the top border, right of centre.
    static let glareCentre = (u: 0.7, v: 0.035), glareRadius = 0.05

    /// The neutral (unlit) linear colour at card position (u, v).
    func neutral(_ u: Double, _ v: Double) -> [Double] {
        let w = format.normalizedWindow.corners
        if u > w[0].x, u < w[1].x, v > w[0].y, v < w[2].y {
            let pu = (u - w[0].x) / (w[1].x - w[0].x), pv = (v - w[0].y) / (w[2].y - w[0].y)
            return [0.04 + 0.62 * (0.5 + 0.5 * sin(6 * pu + 1)) * (0.5 + 0.5 * cos(5 * pv)),
                    0.05 + 0.55 * (0.5 + 0.5 * sin(4 * pv + 2 * pu)),
                    0.04 + 0.5 * (0.5 + 0.5 * cos(7 * pu - 3 * pv))]
        }
        let paperLinear = LinearLight.toLinear(paper / 255)
        if caption, isCaption(u, v) { return [0.02, 0.02, 0.05] }
        return [paperLinear, paperLinear, paperLinear]
    }

    /// A zig-zag of marker strokes on the bottom border, away from the evaluation's usual band.
    func isCaption(_ u: Double, _ v: Double) -> Bool {
        let w = format.normalizedWindow.corners
        let top = w[2].y + 0.02, bottom = 0.97
        guard v > top, v < bottom, u > 0.2, u < 0.6 else { return false }
        let phase = (u - 0.2) / 0.05
        let zig = top + (bottom - top) * abs(phase - 2 * (phase / 2).rounded())
        return abs(v - zig) < 0.006
    }

    /// Renders the print under `light` (nil: neutral) as 8-bit sRGB.
    func render(_ light: Light? = nil) throws -> PixelBuffer {
        let image = try PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let u = (Double(x) + 0.5) / Double(width), v = (Double(y) + 0.5) / Double(height)
                var rgb = neutral(u, v)
                if let light {
                    let f = light.falloff(u, v)
                    rgb = (0..<3).map { rgb[$0] * light.cast[$0] * f }
                    if glare {
                        let d = ((u - Self.glareCentre.u) * (u - Self.glareCentre.u)
                            + (v - Self.glareCentre.v) * (v - Self.glareCentre.v) * format.cardAspect * format.cardAspect).squareRoot()
                        let g = 0.9 * exp(-pow(d / Self.glareRadius, 2) * 2)
                        rgb = rgb.map { $0 + g }
                    }
                }
                image[x, y] = rgb.map { LinearLight.code(linear: $0) } + [255]
            }
        }
        return image
    }

    /// The picture window in pixels, inset by `inset` pixels.
    func windowPixels(inset: Int = 2) -> (x: Range<Int>, y: Range<Int>) {
        let w = format.normalizedWindow.corners
        let x0 = Int(w[0].x * Double(width)) + inset, x1 = Int(w[1].x * Double(width)) - inset
        let y0 = Int(w[0].y * Double(height)) + inset, y1 = Int(w[2].y * Double(height)) - inset
        return (x0..<x1, y0..<y1)
    }

    /// ΔE00 of 16×16 block means of the picture window between two renderings.
    func pictureDifferences(_ a: PixelBuffer, _ b: PixelBuffer) -> [Double] {
        let (x, y) = windowPixels()
        return CIEDE2000.blockDifferences(PixelBufferReader(a), PixelBufferReader(b), x: x, y: y)
    }
}

extension Array where Element == Double {
    var mean: Double { isEmpty ? 0 : reduce(0, +) / Double(count) }
    var maximum: Double { self.max() ?? 0 }
}
