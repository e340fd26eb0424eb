import Foundation

extension Encodable {
    /// One line of the JSON the commands print: keys sorted (stable for scripts and diffs),
    /// slashes in paths left as they are.
    func jsonString() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
