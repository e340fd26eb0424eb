#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The colour of a light (or of anything's linear RGB) as log(R/G) and log(B/G): where casts are
/// compared and combined, since a light multiplies the channels and a ratio of lights is a
/// difference here.
struct LightChroma: Sendable, Equatable {
    /// log(R/G).
    var rg: Double
    /// log(B/G).
    var bg: Double

    /// The chroma of a linear RGB colour; nil when a channel is not positive.
    init?(rgb: [Double]) {
        guard rgb.count == 3, rgb.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        rg = log(rgb[0] / rgb[1])
        bg = log(rgb[2] / rgb[1])
    }

    init(rg: Double, bg: Double) {
        self.rg = rg
        self.bg = bg
    }

    /// Log levels (R, G, B) of this colour whose luminance in `space` is `luminance`.
    func logLevels(luminance: Double, in space: WorkingSpace) -> [Double] {
        let rgb = [exp(rg), 1, exp(bg)]
        let y = max(space.xyz(rgb)[1], 1e-12)
        return rgb.map { log($0 * luminance / y) }
    }

    /// The Euclidean distance to `other` (0.1 is a cast of about 10 %).
    func distance(to other: LightChroma) -> Double {
        ((rg - other.rg) * (rg - other.rg) + (bg - other.bg) * (bg - other.bg)).squareRoot()
    }

    static func - (a: LightChroma, b: LightChroma) -> LightChroma { LightChroma(rg: a.rg - b.rg, bg: a.bg - b.bg) }
    static func + (a: LightChroma, b: LightChroma) -> LightChroma { LightChroma(rg: a.rg + b.rg, bg: a.bg + b.bg) }
    static func * (a: LightChroma, s: Double) -> LightChroma { LightChroma(rg: a.rg * s, bg: a.bg * s) }
    func dot(_ other: LightChroma) -> Double { rg * other.rg + bg * other.bg }
}
