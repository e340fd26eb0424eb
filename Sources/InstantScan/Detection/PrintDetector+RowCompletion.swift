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
    /// and kept only when refinement at full resolution measures its card's edges in the photo.
    /// Nothing is placed where the photo shows no card: the row only lowers the bar for a quad the
    /// photo already gave.
    func completingRows(_ chosen: [(PrintHypothesis, DetectedPrint)], quads: [QuadHypothesis],
                        scorer: PrintHypothesisScorer, working: PixelSize, toUpright: (Point) -> Point,
                        refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        guard let row = PrintRowModel(chosen.map { ($0.1.card, $0.1.format) }),
              chosen.count < options.maximumPrints else { return chosen }
        var scorer = scorer
        scorer.formats = [row.format]
        // Half the floor: the row's neighbours are the other half of the evidence. Below it a quad's
        // edges are mostly not there, and refinement would be asked to find what the photo lacks.
        let floor = 0.5 * options.minimumConfidence
        var out = chosen
        var taken = chosen.map(\.0.card)
        let minArea = options.minimumPrintAreaFraction * Double(working.area)
        for quad in quads where out.count < options.maximumPrints {
            let q = quad.quad
            guard q.isConvex, q.area >= minArea, q.isInside(width: working.width, height: working.height, tolerance: 1),
                  row.fits(q.mapped(toUpright)),
                  !taken.contains(where: { ConvexOverlap.overlapOfSmaller($0, q) > 0.15 }) else { continue }
            let hyps = scorer.rank(scorer.hypotheses(from: quad, floor: floor).filter { $0.origin == .card })
            for h in hyps.prefix(3) where h.score >= 0.5 * floor {
                guard let print = measured(h, row: row, refine: refine) else { continue }
                var kept = h
                // The row stands for the print's missing border evidence, up to the floor and no
                // further: such a print is never more certain than one found on its own, and it is
                // below the review threshold, so it is shown for review.
                kept.score = max(h.score, options.minimumConfidence)
                out.append((kept, print))
                taken.append(h.card)
                break
            }
        }
        return out
    }

    /// `h` refined at full resolution, if the photo bears it out as a card of the row's format.
    ///
    /// Either refinement found the format's window where it belongs and at least three card edges,
    /// as for any print, or — a small black or glare-struck print whose picture edge is lost at
    /// a few pixels of border — all four card edges were measured and the card has the format's
    /// shape. The refined card must still be a neighbour's shape and size: its neighbours, seen at
    /// the same angle, tell its shape better than perspective recovery from one small quad can (a
    /// corner 4 px off on a 70 px card moves that by half); or, for a card found inside its sleeve
    /// pocket, the pocket must be (it was, for `h` to be tried).
    private func measured(_ h: PrintHypothesis, row: PrintRowModel,
                          refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double)) -> DetectedPrint? {
        var (print, consistent, _) = refine(h)
        let edges = print.measuredEdges.measuredCount
        if consistent && print.format == row.format && edges >= 3 {
            // as any print
        } else if print.format == nil && edges == 4 {
            print.format = row.format
            print.window = PrintTemplate(format: row.format).window(forCard: print.card)
        } else {
            return nil
        }
        // On an album page the grid repeats the pockets, not the cards: a card moved in from its
        // pocket's edges (a card off its nominal size, or turned in its pocket, and the margin
        // foreshortened on a page seen at a steep angle) need not have its neighbours' shape, as
        // long as its pocket, the quad the row was asked about, has.
        return row.fits(print.card) || print.movedInFromPocket ? print : nil
    }
}
