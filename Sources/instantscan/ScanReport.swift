import Foundation
import InstantScan

/// The JSON `scan --json` prints: what was written, where each print was found, what to know.
struct ScanReport: Encodable {
    struct Output: Encodable {
        var path: String
        var format: String
        var corners: [[Double]]
        var window: [[Double]]?
        var confidence: Double
        var width: Int
        var height: Int

        init(path: String, print: ScannedPrint) {
            self.path = path
            format = print.format?.rawValue ?? "unknown"
            corners = print.card.corners.map { [$0.x, $0.y] }
            window = print.window?.corners.map { [$0.x, $0.y] }
            confidence = print.confidence
            width = print.image.width
            height = print.image.height
        }
    }

    var image: String
    var width: Int
    var height: Int
    var outputs: [Output]
    var warnings: [String]

    init(image: String, result: ScanResult, outputs: [Output]) {
        self.image = image
        width = result.photoSize.width
        height = result.photoSize.height
        self.outputs = outputs
        warnings = result.warnings
    }

    func jsonString() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
