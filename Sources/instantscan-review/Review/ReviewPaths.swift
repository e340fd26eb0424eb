/// The request paths the review server accepts: only letters, digits and `/ . _ -`, no empty,
/// `.` or `..` segment. Every URL the server hands out fits (photos and scans are named by id,
/// never by file path), so refusing anything else, before any decoding, leaves no encoding of a
/// traversal (`%2e%2e`, `%2f`, `%5c`, overlong UTF-8, a NUL) a way through.
enum ReviewPaths {
    static let longest = 200

    /// Why `rawPath` (still percent-encoded, as sent) is refused, or nil.
    static func problem(_ rawPath: String) -> String? {
        guard rawPath.hasPrefix("/"), rawPath.utf8.count <= longest else {
            return "not a path this server serves"
        }
        guard rawPath.utf8.allSatisfy(allowed) else {
            return "the path has characters this server never uses (percent-encoding, backslashes…)"
        }
        let segments = rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if segments.dropLast().contains(where: \.isEmpty) || segments.contains(where: { $0 == "." || $0 == ".." }) {
            return "the path has an empty, '.' or '..' segment"
        }
        return nil
    }

    private static func allowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
