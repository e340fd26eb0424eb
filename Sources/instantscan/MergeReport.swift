import CLISupport
import Foundation
import InstantScan

/// The JSON `merge --json` prints: what was written, and per shot its glare and alignment.
struct MergeReport: Encodable {
    struct ShotEntry: Encodable {
        var image: String
        var glare: PrintJSON.Glare
        /// Residual shift registration found at the card's centre, output pixels.
        var shift: [Double]
        var correlation: Double
        /// The picture's luma correlation and edge agreement with the reference's (same print?).
        var pictureCorrelation: Double
        var edgeAgreement: Double
        /// Sharpness relative to the sharpest shot.
        var sharpness: Double
        /// Share of the fused image's weight.
        var contribution: Double
        var used: Bool
        var reference: Bool
    }

    var output: String
    /// The merged print: the reference shot's corners, the merged size, light and the glare left
    /// (where every shot had it).
    var print: PrintJSON
    var shots: [ShotEntry]
    var warnings: [String]
    var timings: [String: Double]

    init(output: String, result: MergeResult) {
        func round(_ v: Double, _ scale: Double = 1000) -> Double { (v * scale).rounded() / scale }
        self.output = output
        print = PrintJSON(result.print)
        shots = result.shots.enumerated().map { index, shot in
            ShotEntry(image: shot.name, glare: PrintJSON.Glare(shot.glare), shift: [round(shot.shift.x), round(shot.shift.y)],
                      correlation: round(shot.correlation), pictureCorrelation: round(shot.pictureCorrelation),
                      edgeAgreement: round(shot.edgeAgreement), sharpness: round(shot.sharpness),
                      contribution: round(shot.contribution), used: shot.used, reference: index == result.reference)
        }
        warnings = result.warnings
        timings = Dictionary(result.timings.stages.map { ($0.name, $0.seconds) }, uniquingKeysWith: +)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(output, forKey: "output")
        try print.encode(into: &container)
        try container.encode(shots, forKey: "shots")
        try container.encode(warnings, forKey: "warnings")
        try container.encode(timings, forKey: "timings")
    }
}
