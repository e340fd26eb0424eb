import InstantScan

/// What `detect` prints for people (a table) and its `--trace` dump, written by hand with fixed
/// decimals for reading.
enum DetectionJSON {
    static func table(image: String, size: PixelSize, prints: [DetectedPrint]) -> String {
        var lines = ["\(image): \(size.width)×\(size.height), \(prints.count) print\(prints.count == 1 ? "" : "s")"]
        for (i, p) in prints.enumerated() {
            let corners = p.card.corners.map { "(\(number($0.x, digits: 1)), \(number($0.y, digits: 1)))" }
            lines.append("  \(i + 1). \(p.format?.rawValue ?? "unknown")  confidence \(number(p.confidence, digits: 2))"
                         + (p.isUncertain ? "  (uncertain)" : "")
                         + (p.format == nil ? "  aspect \(number(p.measuredAspect, digits: 3))" : "")
                         + (p.touchesImageBorder ? "  (runs off the photo)" : ""))
            lines.append("     TL \(corners[0])  TR \(corners[1])  BR \(corners[2])  BL \(corners[3])")
        }
        return lines.joined(separator: "\n")
    }

    static func trace(_ t: DetectionTrace) -> String {
        func seg(_ s: (Point, Point)) -> String { "[\(point(s.0)), \(point(s.1))]" }
        func candidate(_ c: DetectionTrace.Candidate) -> String {
            let border = [c.borderUniformity, c.borderConsistency, c.cardContrast, c.windowContrast]
            let parts = [
                "\"format\": \(string(c.format.rawValue))", "\"card\": \(quad(c.card))", "\"window\": \(quad(c.window))",
                "\"score\": \(number(c.score, digits: 4))", "\"from_window\": \(c.fromWindow)",
                "\"border\": [\(border.map { number($0, digits: 2) }.joined(separator: ", "))]",
                "\"card_support\": [\(c.cardSupport.map { number($0, digits: 2) }.joined(separator: ", "))]",
                "\"window_support\": [\(c.windowSupport.map { number($0, digits: 2) }.joined(separator: ", "))]",
            ]
            return "{" + parts.joined(separator: ", ") + "}"
        }
        let timings = t.timings.map { "\(string($0.stage)): \(number($0.seconds * 1000, digits: 2))" }
        let prints = t.prints.map { p in
            "{\"format\": \(string(p.format?.rawValue ?? "unknown")), \"corners\": \(quad(p.card)), "
                + "\"confidence\": \(number(p.confidence, digits: 3)), \"uncertain\": \(p.isUncertain), "
                + "\"edges\": \(edges(p.measuredEdges))"
                + (p.window == nil ? "" : ", \"window_edges\": \(edges(p.measuredWindowEdges))") + "}"
        }
        return "{\"working\": [\(t.workingSize.width), \(t.workingSize.height)], "
            + "\"prints\": [" + prints.joined(separator: ", ") + "], "
            + "\"segments\": [" + t.segments.map(seg).joined(separator: ", ") + "], "
            + "\"lines\": [" + t.lines.map(seg).joined(separator: ", ") + "], "
            + "\"quads\": [" + t.quads.map(quad).joined(separator: ", ") + "], "
            + "\"selected\": [" + t.selected.map(candidate).joined(separator: ", ") + "], "
            + "\"candidates\": [" + t.candidates.map(candidate).joined(separator: ", ") + "], "
            + "\"timings_ms\": {" + timings.joined(separator: ", ") + "}}\n"
    }

    /// Which edges (of the card or the window) were measured on the photo and which completed from
    /// the format's template.
    static func edges(_ measured: [Bool]) -> String {
        let names = ["top", "right", "bottom", "left"]
        let parts = names.indices.map { i in
            "\(string(names[i])): \(string(i < measured.count && measured[i] ? "measured" : "inferred"))"
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    static func milliseconds(_ s: Double) -> String { number(s * 1000, digits: 1) + " ms" }

    static func quad(_ q: Quad) -> String { "[" + q.corners.map(point).joined(separator: ", ") + "]" }

    static func point(_ p: Point) -> String { "[\(number(p.x, digits: 2)), \(number(p.y, digits: 2))]" }

    /// Fixed-point decimal without locale; finite values only.
    static func number(_ v: Double, digits: Int) -> String {
        guard v.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let r = (abs(v) * scale).rounded()
        let whole = Int(r / scale), frac = Int(r.truncatingRemainder(dividingBy: scale))
        var f = String(frac)
        while f.count < digits { f = "0" + f }
        return (v < 0 && r > 0 ? "-" : "") + "\(whole)" + (digits > 0 ? "." + f : "")
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if ch.value < 0x20 {
                    let hex = String(ch.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(ch)
                }
            }
        }
        return out + "\""
    }
}
