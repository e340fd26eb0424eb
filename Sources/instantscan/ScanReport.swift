import CLISupport
import Foundation
import InstantScan

/// The JSON `scan --json` prints: what was written, where each print was found, what to know.
struct ScanReport: Encodable {
    /// One file written: its path and the print's keys (``PrintJSON``).
    struct Output: Encodable {
        var path: String
        var print: PrintJSON

        init(path: String, print: ScannedPrint) {
            self.path = path
            self.print = PrintJSON(print)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(path, forKey: "path")
            try print.encode(into: &container)
        }
    }

    var image: String
    var width: Int
    var height: Int
    var outputs: [Output]
    var warnings: [String]
    /// Seconds per stage (decode, detect, warp, icc, colour, encode, write).
    var timings: [String: Double]

    init(image: String, result: ScanResult, outputs: [Output]) {
        self.image = image
        width = result.photoSize.width
        height = result.photoSize.height
        self.outputs = outputs
        warnings = result.warnings
        timings = Dictionary(result.timings.stages.map { ($0.name, $0.seconds) }, uniquingKeysWith: +)
    }
}
