/// Text from outside (file names, error texts quoting them) made safe to show to a person, in a
/// terminal or on a page: an ESC sequence in a file name could recolour, retitle or clear the
/// user's terminal, a newline forge a line of output. Control characters are shown as `\n`, `\t`
/// or `\x1b`, so the name is still readable and every message stays on its line. Invisible format
/// characters are shown as `\u{202e}`: a bidirectional control (U+202A–U+202E, U+2066–U+2069,
/// U+200E, U+200F, U+061C) reorders what follows it on the line, so `photo\u{202E}gpj.exe` would
/// read `photoexe.jpg` and a name could make a message say what it does not; so are the other
/// invisible ones (zero-width spaces, U+FEFF, tag characters: Unicode's format category) and the
/// line and paragraph separators. Only U+200C and U+200D stay: joiners that Persian and Indic
/// names and emoji need, which reorder nothing.
package enum VisibleText {
    package static func safe(_ text: String) -> String {
        // A name's bytes that are not UTF-8 show as U+FFFD, as `ls` shows them.
        let text = SystemPath.display(text)
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F..<0xA0:
                out += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            case _ where hidesItself(scalar):
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` is shown escaped by ``safe(_:)``: a control, or an invisible format
    /// character other than the joiners.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0: return true
        default: return hidesItself(scalar)
        }
    }

    private static func hidesItself(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200C || scalar.value == 0x200D { return false }
        return scalar.properties.generalCategory == .format || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
