import Foundation

/// Colour conversions worked out in Double from the published primaries, independently of lcms2,
/// to check what lcms2 does with the built profiles.
enum ReferenceColorMath {
    typealias Matrix = [[Double]]

    static let d65 = (x: 0.3127, y: 0.3290)
    static let srgbPrimaries = [(0.640, 0.330), (0.300, 0.600), (0.150, 0.060)]
    static let p3Primaries = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]

    /// Linear RGB → XYZ: primaries as columns, scaled so that RGB (1, 1, 1) is the white point.
    static func rgbToXYZ(_ primaries: [(Double, Double)]) -> Matrix {
        let columns = primaries.map { [$0.0 / $0.1, 1, (1 - $0.0 - $0.1) / $0.1] }
        let white = [d65.x / d65.y, 1, (1 - d65.x - d65.y) / d65.y]
        let p: Matrix = (0..<3).map { row in (0..<3).map { columns[$0][row] } }
        let scale = multiply(inverse(p), white)
        return (0..<3).map { row in (0..<3).map { p[row][$0] * scale[$0] } }
    }

    static func multiply(_ m: Matrix, _ v: [Double]) -> [Double] {
        (0..<3).map { row in (0..<3).reduce(0) { $0 + m[row][$1] * v[$1] } }
    }

    static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<3).map { row in (0..<3).map { column in (0..<3).reduce(0) { $0 + a[row][$1] * b[$1][column] } } }
    }

    static func inverse(_ m: Matrix) -> Matrix {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2])
        let (d, e, f) = (m[1][0], m[1][1], m[1][2])
        let (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
                [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
                [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
    }

    static func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func encode(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

    /// An 8-bit colour from one D65 RGB space to another, clipped to the destination's gamut.
    static func convert(_ rgb: [UInt8], from source: [(Double, Double)], to destination: [(Double, Double)]) -> [UInt8] {
        let m = multiply(inverse(rgbToXYZ(destination)), rgbToXYZ(source))
        let linear = multiply(m, rgb.map { decode(Double($0) / 255) })
        return linear.map { UInt8((encode(min(max($0, 0), 1)) * 255).rounded()) }
    }
}
