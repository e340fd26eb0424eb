import InstantScan

/// Text from outside (file names, error texts quoting them) made safe to print to a terminal: an
/// ESC sequence in a file name could recolour, retitle or clear the user's terminal, a newline
/// forge a line of output. Control characters are shown as `\n`, `\t` or `\x1b`, so the name is
/// still readable and every message stays on its line.
enum Terminal {
    static func safe(_ text: String) -> String {
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
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
