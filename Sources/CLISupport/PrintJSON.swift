import Foundation
import InstantScan

/// One print as every command's JSON describes it (`detect`, `scan`, `batch`, `merge`): the same
/// keys, in camelCase, wherever a print appears, so a script reads them one way. The commands add
/// their own keys beside these (`path`, `photo`, `output`, `shots`…); see the README's "JSON" section.
///
/// Coordinates are upright photo pixels (EXIF orientation applied), corners TL, TR, BR, BL of the
/// upright print. Keys without a value are left out.
package struct PrintJSON: Encodable {
    /// polaroid-600, polaroid-go, polaroid-spectra, instax-square, instax-mini, instax-wide or unknown.
    package var format: String
    /// The card's corners.
    package var corners: [[Double]]
    /// The picture window's corners, when the format is known.
    package var window: [[Double]]?
    /// How sure detection was, 0…1 (1 for corners given by hand).
    package var confidence: Double
    /// True when the card runs off the photo (`detect` only: a scan does not know).
    package var touchesBorder: Bool?
    /// True when detection's confidence is below the review threshold: worth a look (`detect`).
    package var uncertain: Bool?
    /// The card's width over its height as measured, perspective removed (`detect`).
    package var aspectRatio: Double?
    /// Per side of the upright card (top, right, bottom, left): `measured` on the photo, or
    /// `inferred` from the format's template where the edge is hidden or out of view (`detect`).
    package var edges: [String: String]?
    /// Per side of the picture window (top, right, bottom, left of the upright print): `measured`
    /// where the photo shows the picture's edge, or `inferred` where the format's template placed
    /// it (`detect`, when there is a window).
    package var windowEdges: [String: String]?
    /// The scan's size in pixels (what was written).
    package var width: Int?
    package var height: Int?
    /// What white balance measured and did.
    package var light: Light?
    /// How much of the picture glare blows out.
    package var glare: Glare?

    /// What white balance measured and did to one print.
    package struct Light: Encodable {
        /// frame, agedFrame, darkFrame, surroundings, picture, otherPrints (the white frames of
        /// the photo's other prints) or none.
        package var source: String
        /// Why that source was used (why the frame was or was not taken as white).
        package var reason: String?
        /// Multipliers applied to R, G, B in linear light at the card's centre.
        package var gains: [Double]
        /// Where each channel's level came from (measured, censored, locus, clipBound, picture).
        package var channels: [String]
        /// The light's correlated colour temperature in kelvin (McCamy), when near the locus.
        package var cct: Double?
        /// CIELAB C*ab of the frame's median colour before and after correction.
        package var frameChromaBefore: Double?
        package var frameChromaAfter: Double?
        /// Share of the output's pixels that had a clipped channel (code ≥ 250).
        package var clippedShare: Double
        /// Whether the light's falloff across the print was corrected (not just one gain per channel).
        package var field: Bool

        package init(_ report: WhiteBalanceReport) {
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
    package struct Glare: Encodable {
        /// Share of the picture window (the card when the window is unknown) under glare.
        package var share: Double

        package init(_ report: GlareReport) {
            share = (report.share * 10_000).rounded() / 10_000
        }
    }

    package init(format: PrintFormat?, card: Quad, window: Quad?, confidence: Double) {
        self.format = format?.rawValue ?? "unknown"
        corners = card.corners.map { [$0.x, $0.y] }
        self.window = window?.corners.map { [$0.x, $0.y] }
        self.confidence = confidence
    }

    /// A print as detection found it.
    package init(_ print: DetectedPrint) {
        self.init(format: print.format, card: print.card, window: print.window, confidence: print.confidence)
        touchesBorder = print.touchesImageBorder
        uncertain = print.isUncertain
        aspectRatio = (print.measuredAspect * 10_000).rounded() / 10_000
        edges = Self.sides(print.measuredEdges)
        windowEdges = print.window == nil ? nil : Self.sides(print.measuredWindowEdges)
    }

    /// `measured` or `inferred` per side, top, right, bottom, left.
    private static func sides(_ measured: [Bool]) -> [String: String] {
        let names = ["top", "right", "bottom", "left"]
        return Dictionary(uniqueKeysWithValues: names.indices.map { i in
            (names[i], i < measured.count && measured[i] ? "measured" : "inferred")
        })
    }

    /// A print as scanned (or merged): where it was, what was made of it.
    package init(_ print: ScannedPrint) {
        self.init(format: print.format, card: print.card, window: print.window, confidence: print.confidence)
        width = print.image.width
        height = print.image.height
        light = print.whiteBalance.map(Light.init)
        glare = print.glare.map(Glare.init)
    }

    /// A print a batch wrote.
    package init(_ print: PhotoOutcome.Print) {
        self.init(format: print.format, card: print.card, window: print.window, confidence: print.confidence)
    }

    /// Writes the print's keys into `container`, beside the keys of the object holding it.
    package func encode(into container: inout KeyedEncodingContainer<JSONKey>) throws {
        try container.encode(format, forKey: "format")
        try container.encode(corners, forKey: "corners")
        try container.encodeIfPresent(window, forKey: "window")
        try container.encode(confidence, forKey: "confidence")
        try container.encodeIfPresent(touchesBorder, forKey: "touchesBorder")
        try container.encodeIfPresent(uncertain, forKey: "uncertain")
        try container.encodeIfPresent(aspectRatio, forKey: "aspectRatio")
        try container.encodeIfPresent(edges, forKey: "edges")
        try container.encodeIfPresent(windowEdges, forKey: "windowEdges")
        try container.encodeIfPresent(width, forKey: "width")
        try container.encodeIfPresent(height, forKey: "height")
        try container.encodeIfPresent(light, forKey: "light")
        try container.encodeIfPresent(glare, forKey: "glare")
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try encode(into: &container)
    }
}

/// A JSON object key by name, for objects that carry a print's keys beside their own.
package struct JSONKey: CodingKey, ExpressibleByStringLiteral {
    package var stringValue: String
    package var intValue: Int? { nil }

    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
    package init(stringLiteral value: String) { stringValue = value }
}
