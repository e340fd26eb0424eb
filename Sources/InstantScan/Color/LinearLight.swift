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

    /// The square root of each code's linear value (256 entries): the correction kernel works on
    /// root-linear values, so that its way back to codes needs a table of only 8 KB (it stays in
    /// L1 cache) and still no arithmetic. Scaling commutes with the root (√(g·l) = √g·√l), so
    /// gains apply there as their roots, and order is kept, so the kernel can compare values.
    static let rootDecodeTable: [Float] = (0..<256).map { Float(toLinear(Double($0) / 255).squareRoot()) }

    /// Entries in ``rootEncodeTable``: root-linear light 0…1 in 8192 steps. A step moves the code
    /// value by at most 0.04 (the root flattens the curve's steep start), so a lookup at the nearest
    /// entry gives the exactly rounded code except within a hair of a rounding boundary, and is
    /// never more than one code off.
    static let rootEncodeSteps = 8192

    /// The 8-bit code of root-linear value `i / (rootEncodeSteps - 1)`, rounded to nearest.
    static let rootEncodeTable: [UInt8] = (0..<rootEncodeSteps).map {
        let root = Double($0) / Double(rootEncodeSteps - 1)
        return code(linear: root * root)
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
