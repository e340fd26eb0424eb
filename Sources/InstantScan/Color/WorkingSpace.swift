#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The linear-light RGB space white balance works in (the output's), with its colorimetry:
/// RGB ↔ CIE XYZ from the published primaries, and CIELAB for reporting how neutral the frame is.
///
/// Both built-in spaces have a D65 white, so Lab is taken relative to D65 and RGB (1, 1, 1) is
/// that white.
struct WorkingSpace: Sendable, Equatable {
    /// Linear RGB → XYZ (Y of white = 1), row-major.
    let toXYZ: [Double]
    /// XYZ → linear RGB, row-major.
    let fromXYZ: [Double]

    /// The space of a built-in profile.
    init(_ profile: BuiltInProfile) {
        self.init(chromaticities: profile.chromaticities)
    }

    /// The space with these primaries and white point.
    init(chromaticities c: ICCProfileBuilder.Chromaticities) {
        func xyz(_ p: (x: Double, y: Double)) -> [Double] { [p.x / p.y, 1, (1 - p.x - p.y) / p.y] }
        let r = xyz(c.red), g = xyz(c.green), b = xyz(c.blue), w = xyz(c.white)
        // Primaries as columns, each scaled so that R = G = B = 1 gives the white point.
        let primaries = [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]]
        let scale = WorkingSpace.solve3(primaries, w)
        toXYZ = (0..<9).map { primaries[$0] * scale[$0 % 3] }
        fromXYZ = WorkingSpace.inverse3(toXYZ)
    }

    /// The sRGB space.
    static let srgb = WorkingSpace(.srgb)

    /// XYZ of a linear RGB colour.
    func xyz(_ rgb: [Double]) -> [Double] { WorkingSpace.multiply(toXYZ, rgb) }

    /// Linear RGB of an XYZ colour.
    func rgb(xyz: [Double]) -> [Double] { WorkingSpace.multiply(fromXYZ, xyz) }

    /// CIE 1931 xy chromaticity of a linear RGB colour; nil for black.
    func chromaticity(_ rgb: [Double]) -> (x: Double, y: Double)? {
        let v = xyz(rgb)
        let sum = v[0] + v[1] + v[2]
        guard sum > 0 else { return nil }
        return (v[0] / sum, v[1] / sum)
    }

    /// CIELAB (D65 white) of a linear RGB colour.
    func lab(_ rgb: [Double]) -> (l: Double, a: Double, b: Double) {
        let v = xyz(rgb)
        let white = xyz([1, 1, 1])
        func f(_ t: Double) -> Double {
            let delta = 6.0 / 29.0
            return t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29.0
        }
        let fx = f(v[0] / white[0]), fy = f(v[1] / white[1]), fz = f(v[2] / white[2])
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIELAB chroma C*ab of a linear RGB colour: 0 for a neutral grey.
    func chroma(_ rgb: [Double]) -> Double {
        let c = lab(rgb)
        return (c.a * c.a + c.b * c.b).squareRoot()
    }

    static func multiply(_ m: [Double], _ v: [Double]) -> [Double] {
        (0..<3).map { row in m[row * 3] * v[0] + m[row * 3 + 1] * v[1] + m[row * 3 + 2] * v[2] }
    }

    static func inverse3(_ m: [Double]) -> [Double] {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
                (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
                (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]
    }

    static func solve3(_ m: [Double], _ v: [Double]) -> [Double] {
        multiply(inverse3(m), v)
    }
}
