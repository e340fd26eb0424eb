#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much light of each channel falls on each point of the print: the linear value white
/// paper would have there, as a smooth function of the card-normalised position.
///
/// In log space the field is one level per channel, a shape shared by the three channels (a
/// polynomial of degree two in the position: gradient, falloff, vignetting) and a small tilt per
/// channel (a light that is warmer on one side). Position `(u, v)` runs over `[0, 1] × [0, 1]`
/// from the card's top-left with the thick border at the bottom; the polynomial uses the centred
/// `x = 2u − 1`, `y = 2v − 1`.
///
/// The shape is shared because the falloff of a lamp or a lens hardly depends on wavelength, and
/// because the frame often clips one channel (red under a warm lamp) everywhere: a shared shape
/// still gives that channel a field.
public struct IlluminationField: Sendable, Equatable, Codable {
    /// log of each channel's paper value at the card's centre (R, G, B).
    public var logLevels: [Double]
    /// Coefficients of x, y, x², xy, y² (shared by the channels).
    public var shape: [Double]
    /// Each channel's extra x and y slope: R's two, then G's, then B's.
    public var tilts: [Double]

    /// The number of shape coefficients.
    static let shapeTerms = 5

    /// A field with the given levels and shape.
    ///
    /// - Precondition: 3 levels, 5 shape coefficients, 6 tilts.
    public init(logLevels: [Double], shape: [Double] = [0, 0, 0, 0, 0], tilts: [Double] = [0, 0, 0, 0, 0, 0]) {
        precondition(logLevels.count == 3 && shape.count == IlluminationField.shapeTerms && tilts.count == 6,
                     "a field has 3 levels, 5 shape coefficients and 6 tilts")
        self.logLevels = logLevels
        self.shape = shape
        self.tilts = tilts
    }

    /// A uniform field: the same light everywhere.
    public static func uniform(_ linear: [Double]) -> IlluminationField {
        IlluminationField(logLevels: linear.map { log(max($0, 1e-9)) })
    }

    /// Whether the field varies across the card.
    public var isUniform: Bool { shape.allSatisfy { $0 == 0 } && tilts.allSatisfy { $0 == 0 } }

    /// log of channel `channel`'s paper value at card position `(u, v)`.
    public func logValue(channel: Int, u: Double, v: Double) -> Double {
        let x = 2 * u - 1, y = 2 * v - 1
        return logLevels[channel] + logShape(x: x, y: y)
            + tilts[2 * channel] * x + tilts[2 * channel + 1] * y
    }

    /// Channel `channel`'s paper value (linear light) at card position `(u, v)`.
    public func value(channel: Int, u: Double, v: Double) -> Double {
        exp(logValue(channel: channel, u: u, v: v))
    }

    /// The shared part at centred position `(x, y)`.
    func logShape(x: Double, y: Double) -> Double {
        shape[0] * x + shape[1] * y + shape[2] * x * x + shape[3] * x * y + shape[4] * y * y
    }

    /// The shape's basis functions at centred position `(x, y)`.
    static func shapeBasis(x: Double, y: Double) -> [Double] {
        [x, y, x * x, x * y, y * y]
    }
}
