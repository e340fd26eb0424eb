import Foundation

/// An `href` from a page to a file: relative, so the page and the scans can move together, and
/// percent-encoded, so any file name is a valid link.
enum RelativeLink {
    static func href(from page: String, to file: String) -> String {
        let from = URL(fileURLWithPath: page).standardizedFileURL.deletingLastPathComponent().pathComponents
        let to = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
        var common = 0
        while common < min(from.count, to.count - 1) && from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.map(percentEncoded).joined(separator: "/")
    }

    /// A path component's exact bytes (``SystemPath``), percent-encoded but for the unreserved
    /// characters: a browser asks the file system for those same bytes.
    static func percentEncoded(_ component: String) -> String {
        SystemPath.bytes(component).map { byte -> String in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                return String(UnicodeScalar(byte))
            default:
                return "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }.joined()
    }
}
