/// Turns Swift strings into PDF string syntax.
///
/// Two encodings are needed: text shown on a page with a standard Type 1 font is drawn from
/// single bytes in WinAnsiEncoding (Windows-1252), while document strings such as the title are
/// "text strings", PDFDocEncoding or UTF-16BE with a byte-order mark (PDF 32000-1 §7.9.2.2).
package enum PDFText {
    /// A literal string `( … )` of `text` in WinAnsiEncoding, for `Tj` with a standard font;
    /// characters WinAnsi lacks become `?`.
    package static func winAnsiLiteral(_ text: String) -> String {
        literal(text.unicodeScalars.map { winAnsiByte($0) ?? UInt8(ascii: "?") })
    }

    /// A text string for the document information dictionary: a literal when `text` is printable
    /// ASCII (readable in the file), else UTF-16BE with a byte-order mark, in hex.
    package static func textString(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value < 127 }) {
            return literal(Array(text.utf8))
        }
        let units = [0xFEFF] + Array(text.utf16)
        return "<" + units.map { unit in
            let hex = String(unit, radix: 16, uppercase: true)
            return String(repeating: "0", count: 4 - hex.count) + hex
        }.joined() + ">"
    }

    /// `(…)` with backslash, parentheses and every byte outside printable ASCII escaped, so the
    /// content stream stays 7-bit and no unbalanced parenthesis can end the string early.
    static func literal(_ bytes: [UInt8]) -> String {
        var out = "("
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "("), UInt8(ascii: ")"):
                out += "\\" + String(UnicodeScalar(byte))
            case 32..<127:
                out += String(UnicodeScalar(byte))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + ")"
    }

    /// The WinAnsiEncoding byte of `scalar`, or nil.
    static func winAnsiByte(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 32..<127, 160...255: return UInt8(scalar.value)
        default: return windows1252High[scalar.value]
        }
    }

    /// The characters Windows-1252 puts in 0x80–0x9F.
    private static let windows1252High: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
        0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91,
        0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98,
        0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B, 0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]
}
