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
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;")
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }.joined(separator: "/")
    }
}
