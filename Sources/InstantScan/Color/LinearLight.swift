#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sRGB transfer curve (IEC 61966-2-1) between 8-bit code values and linear light, as tables.
///
/// Both built-in output spaces (sRGB and Display P3) use this curve, so white balance works in
/// the output space's linear light with one pair of tables. Tables, not arithmetic: a `pow` per
/// channel per pixel would cost more than the whole colour stage is allowed, and integer↔float
/// SIMD vector conversions are out-of-line calls in Swift 6.3 (DESIGN.md).
enum LinearLight {
    /// The linear value of each 8-bit code (256 entries, 0…1).
    static let decodeTable: [Float] = (0..<256).map { Float(toLinear(Double($0) / 255)) }

    /// Entries in ``encodeTable``: linear light 0…1 in steps of 1/65535. Even on the curve's
    /// steepest part (slope 12.92 near black) a step moves only 0.05 code values, so a lookup at
    /// the nearest entry gives the exactly rounded code except within a hair of a rounding
    /// boundary, and is never more than one code off.
    static let encodeSteps = 65_536

    /// The 8-bit code of linear value `i / (encodeSteps - 1)`, rounded to nearest.
    static let encodeTable: [UInt8] = (0..<encodeSteps).map {
        code(linear: Double($0) / Double(encodeSteps - 1))
    }

    /// The sRGB decoding function on 0…1 (code value → linear light).
    static func toLinear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// The sRGB encoding function on 0…1 (linear light → code value).
    static func fromLinear(_ l: Double) -> Double {
        l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    }

    /// The nearest 8-bit code for a linear value (clamped to 0…1).
    static func code(linear l: Double) -> UInt8 {
        UInt8((fromLinear(min(max(l, 0), 1)) * 255).rounded())
    }

    /// The linear value of an 8-bit code.
    @inline(__always)
    static func linear(_ code: UInt8) -> Float { decodeTable[Int(code)] }
}
