import Foundation
import InstantScan

/// The JSON `merge --json` prints: what was written, and per shot its glare and alignment.
struct MergeReport: Encodable {
    struct ShotEntry: Encodable {
        var image: String
        var glare: ScanReport.Glare
        /// Residual shift registration found at the card's centre, output pixels.
        var shift: [Double]
        var correlation: Double
        /// Sharpness relative to the sharpest shot.
        var sharpness: Double
        /// Share of the fused image's weight.
        var contribution: Double
        var used: Bool
        var reference: Bool
    }

    var output: String
    var format: String
    var width: Int
    var height: Int
    /// Glare left in the merged picture (where every shot had it).
    var glare: ScanReport.Glare?
    var light: ScanReport.Light?
    var shots: [ShotEntry]
    var warnings: [String]
    var timings: [String: Double]

    init(output: String, result: MergeResult) {
        func round(_ v: Double, _ scale: Double = 1000) -> Double { (v * scale).rounded() / scale }
        self.output = output
        format = result.print.format?.rawValue ?? "unknown"
        width = result.print.image.width
        height = result.print.image.height
        glare = result.print.glare.map(ScanReport.Glare.init)
        light = result.print.whiteBalance.map(ScanReport.Light.init)
        shots = result.shots.enumerated().map { index, shot in
            ShotEntry(image: shot.name, glare: ScanReport.Glare(shot.glare), shift: [round(shot.shift.x), round(shot.shift.y)],
                      correlation: round(shot.correlation), sharpness: round(shot.sharpness),
                      contribution: round(shot.contribution), used: shot.used, reference: index == result.reference)
        }
        warnings = result.warnings
        timings = Dictionary(result.timings.stages.map { ($0.name, $0.seconds) }, uniquingKeysWith: +)
    }
}
