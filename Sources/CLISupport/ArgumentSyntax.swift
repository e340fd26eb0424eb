import ArgumentParser
import InstantScan

/// Reads the text forms users type for corners, sizes and the stretch (`--corners`, `--size`,
/// `--stretch`), as argument-parser `transform:`s.
///
/// These strings come from the command line and from scripts: they are untrusted, so anything
/// malformed is a `ValidationError` that quotes the input (a usage error, exit 64), never a crash.
package enum ArgumentSyntax {
    /// Reads four corners as `"x,y x,y x,y x,y"` (TL TR BR BL); commas or spaces between pairs,
    /// decimals allowed.
    package static func corners(_ text: String) throws -> Quad {
        let numbers = try text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == ";" })
            .map { token -> Double in
                guard token.count <= 32, let value = Double(token), value.isFinite else {
                    throw ValidationError("corners: '\(token.prefix(32))' is not a number in \"\(text.prefix(120))\"")
                }
                return value
            }
        guard numbers.count == 8 else {
            throw ValidationError("corners: expected 4 points \"x,y x,y x,y x,y\" (TL TR BR BL), got \(numbers.count) numbers")
        }
        return Quad(corners: (0..<4).map { Point(numbers[2 * $0], numbers[2 * $0 + 1]) })
    }

    /// Reads a size as `"WxH"` (or `W×H`), each from 1 to 65,535.
    package static func size(_ text: String) throws -> PixelSize {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...65_535).contains(w), (1...65_535).contains(h) else {
            throw ValidationError("size: expected WxH with both from 1 to 65535, got \"\(text.prefix(40))\"")
        }
        return PixelSize(width: w, height: h)
    }

    /// Reads the stretch's `"LOW,HIGH"` percentages (each 0 up to below 100, summing below 100);
    /// nil for `0,0`, which is off.
    package static func stretch(_ text: String) throws -> EndsInStretch? {
        let (low, high) = try percentPair(text)
        return low == 0 && high == 0 ? nil : try EndsInStretch(percentLow: low, percentHigh: high)
    }

    /// Reads `"LOW,HIGH"` percentages.
    package static func percentPair(_ text: String) throws -> (low: Double, high: Double) {
        let parts = text.split(separator: ",")
        guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]),
              low >= 0, high >= 0, low + high < 100 else {
            throw ValidationError("stretch: expected LOW,HIGH percentages with LOW + HIGH < 100, got \"\(text.prefix(40))\"")
        }
        return (low, high)
    }
}
