/// PDF measures in points, 1/72 inch.
enum PDFUnits {
    /// Points in `millimetres`.
    static func points(_ millimetres: Double) -> Double { millimetres / 25.4 * 72 }

    /// A number as PDF writes it: at most three decimals (1/1000 pt is 0.35 µm), no exponent,
    /// no trailing zeros.
    static func number(_ value: Double) -> String {
        let scaled = (value * 1000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return "0" }
        let negative = scaled < 0
        let magnitude = Int64(abs(scaled))
        var text = String(magnitude / 1000)
        let fraction = magnitude % 1000
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return (negative && magnitude != 0 ? "-" : "") + text
    }
}
