import Foundation
import InstantScan

/// The JSON `scan --json` prints: what was written, where each print was found, what to know.
struct ScanReport: Encodable {
    /// What white balance measured and did to one print.
    struct Light: Encodable {
        /// frame, darkFrame, surroundings, picture or none.
        var source: String
        /// Why that source was used (why the frame was or was not taken as white).
        var reason: String?
        /// Multipliers applied to R, G, B in linear light at the card's centre.
        var gains: [Double]
        /// Where each channel's level came from (measured, censored, locus, clipBound, picture).
        var channels: [String]
        /// The light's correlated colour temperature in kelvin (McCamy), when near the locus.
        var cct: Double?
        /// CIELAB C*ab of the frame's median colour before and after correction.
        var frameChromaBefore: Double?
        var frameChromaAfter: Double?
        /// Share of the output's pixels that had a clipped channel (code ≥ 250).
        var clippedShare: Double
        /// Whether the light's falloff across the print was corrected (not just one gain per channel).
        var field: Bool

        init(_ report: WhiteBalanceReport) {
            source = report.light.source.rawValue
            reason = report.light.reason.isEmpty ? nil : report.light.reason
            gains = report.light.gains.map { ($0 * 10_000).rounded() / 10_000 }
            channels = report.light.channels.map(\.rawValue)
            cct = report.light.correlatedColorTemperature.map { $0.rounded() }
            frameChromaBefore = report.frameChroma.map { ($0 * 100).rounded() / 100 }
            frameChromaAfter = report.correctedFrameChroma.map { ($0 * 100).rounded() / 100 }
            clippedShare = (report.clippedShare * 100_000).rounded() / 100_000
            field = !report.light.field.isUniform
        }
    }

    /// How much of the picture glare blows out.
    struct Glare: Encodable {
        /// Share of the picture window (the card when the window is unknown) under glare.
        var share: Double

        init(_ report: GlareReport) {
            share = (report.share * 10_000).rounded() / 10_000
        }
    }

    struct Output: Encodable {
        var path: String
        var format: String
        var corners: [[Double]]
        var window: [[Double]]?
        var confidence: Double
        var width: Int
        var height: Int
        var light: Light?
        var glare: Glare?

        init(path: String, print: ScannedPrint) {
            self.path = path
            format = print.format?.rawValue ?? "unknown"
            corners = print.card.corners.map { [$0.x, $0.y] }
            window = print.window?.corners.map { [$0.x, $0.y] }
            confidence = print.confidence
            width = print.image.width
            height = print.image.height
            light = print.whiteBalance.map(Light.init)
            glare = print.glare.map(Glare.init)
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
