#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PrintDetector {
    /// Prints on a wall or a shelf the confident ones imply but that fell below the floor on their own.
    ///
    /// Prints hung in a row or a grid share format, size and orientation: a small patterned or black
    /// print's border looks little like a border band at working resolution and scores low, although
    /// its card's four sides were found as a quad. Such a quad, where ``PrintRowModel`` says a
    /// neighbour of the row would sit, is tried as a card of the shared format with a lower floor,
    /// and kept only when refinement at full resolution measures at least three of its card's edges
    /// in the photo and its window where the format puts it. Nothing is placed where the photo shows
    /// no card: the row only lowers the bar for a quad the photo already gave.
    func completingRows(_ chosen: [(PrintHypothesis, DetectedPrint)], quads: [QuadHypothesis],
                        scorer: PrintHypothesisScorer, width: Int, height: Int,
                        refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        guard let row = PrintRowModel(chosen.map { ($0.0, $0.1.format) }),
              chosen.count < options.maximumPrints else { return chosen }
        var scorer = scorer
        scorer.formats = [row.format]
        // Half the floor: the row's neighbours are the other half of the evidence. Below it a quad's
        // edges are mostly not there, and refinement would be asked to find what the photo lacks.
        let floor = 0.5 * options.minimumConfidence
        var out = chosen
        var taken = chosen.map(\.0.card)
        let minArea = options.minimumPrintAreaFraction * Double(width * height)
        for quad in quads where out.count < options.maximumPrints {
            let q = quad.quad
            guard q.isConvex, q.area >= minArea, q.isInside(width: width, height: height, tolerance: 1),
                  row.fits(q),
                  !taken.contains(where: { ConvexOverlap.overlapOfSmaller($0, q) > 0.15 }) else { continue }
            let hyps = scorer.rank(scorer.hypotheses(from: quad, floor: floor).filter { $0.origin == .card })
            guard let h = hyps.first(where: { $0.score >= floor * 0.5 }) else { continue }
            let (print, consistent, _) = refine(h)
            guard consistent, print.format == row.format,
                  print.measuredEdges.filter({ $0 }).count >= 3 else { continue }
            var kept = h
            // The row stands for the print's missing border evidence, up to the floor and no further:
            // such a print is never more certain than one found on its own, and it is shown for review.
            kept.score = max(h.score, options.minimumConfidence)
            out.append((kept, print))
            taken.append(h.card)
        }
        return out
    }
}
