extension PrintDetector {
    /// Prints whose card edges only a texture-averaged copy of the working image shows (a patterned
    /// frame, a card on coarse wood grain), where no print was found already.
    ///
    /// The coarse segments (``TextureScaleSegments``) join the fine ones and the quad search runs
    /// again; only hypotheses clear of the prints found are considered. A second pass rather than one
    /// pool: on plain surfaces the coarse lines would bridge the gaps of the fine ones (an album
    /// page's outline broken by its pockets), and those gaps are evidence the first pass relies on.
    ///
    /// `coarse` is `TextureScaleSegments().detect(in: work, gradient:)` and `lines` the fine and
    /// coarse segments merged (``CollinearMerger``): neither depends on the prints found, so the
    /// detector makes them beside its first pass.
    func texturedPrints(in work: WorkingImage, coarse: [LineSegment], lines: [SupportedLine],
                        generator: QuadHypothesisGenerator, scorer: PrintHypothesisScorer, found: [Quad],
                        upright: PixelSize,
                        refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        guard found.count < options.maximumPrints, !coarse.isEmpty else { return [] }
        // A line that lies wholly within a print found already cannot be a side of a quad clear of it;
        // dropping those keeps this pass cheap where the first found most prints (albums, walls).
        let inside = found.map { q in q.mapped { q.centroid + ($0 - q.centroid) * 1.03 } }
        let lines = lines.filter { l in
            let a = l.line.point(at: l.extent.lowerBound), b = l.line.point(at: l.extent.upperBound)
            return !inside.contains { $0.contains(a) && $0.contains(b) }
        }
        // Quads none of whose sides a coarse segment supports were scored in the first pass already.
        let quads = generator.hypotheses(from: lines, width: work.width, height: work.height).filter { q in
            Self.usesCoarse(q.quad, coarse) && !found.contains { ConvexOverlap.overlapOfSmaller($0, q.quad) > 0.15 }
        }
        guard !quads.isEmpty else { return [] }
        let hyps = scorer.hypotheses(from: quads, floor: options.minimumConfidence)
        // The coarse copy averages blocks of `factor` pixels: a border band narrower than one block is
        // blurred into the picture and the surface there, so its card and window edges cannot both
        // come from it (a 38-px "print" of wood grain with a 2-px border was found so).
        let narrowest = Double(TextureScaleSegments().factor)
        let ranked = scorer.rank(hyps) { h in
            !found.contains { ConvexOverlap.overlapOfSmaller($0, h.card) > 0.15 } && Self.narrowestBorder(h) >= narrowest
        }
        var rest = options
        rest.maximumPrints -= found.count
        return PrintDetector(options: rest).select(ranked, width: work.width, height: work.height, upright: upright,
                                                   refine: refine)
    }

    /// The narrowest of the border band's four sides, working pixels: from each window side's middle
    /// to the card side beside it.
    private static func narrowestBorder(_ h: PrintHypothesis) -> Double {
        (0..<4).map { i -> Double in
            let a = h.card.corners[i], b = h.card.corners[(i + 1) % 4]
            guard a.distance(to: b) > 1 else { return 0 }
            let middle = (h.window.corners[i] + h.window.corners[(i + 1) % 4]) * 0.5
            return abs(ImageLine(a, b).distance(middle))
        }.min() ?? 0
    }

    /// Whether a coarse segment lies along one of `quad`'s sides (within a coarse pixel's half).
    private static func usesCoarse(_ quad: Quad, _ coarse: [LineSegment]) -> Bool {
        let tolerance = Double(TextureScaleSegments().factor) * 0.5
        for i in 0..<4 {
            let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
            guard a.distance(to: b) > 1 else { continue }
            let side = ImageLine(a, b)
            for s in coarse where abs(side.distance(s.start)) <= tolerance && abs(side.distance(s.end)) <= tolerance {
                return true
            }
        }
        return false
    }
}
