extension PrintDetector {
    /// Prints of a wall or a shelf that neither the line search nor a finer crop gave a quad for,
    /// found by their outline where the row of prints found says one would sit.
    ///
    /// The line search needs each side's gradient to keep its direction, and a patterned band's
    /// stripes or dots at the card's edge turn it (at every scale finer than the pattern); the colour
    /// step from the surface to the band along the outline does not depend on it (``BandOutline``).
    /// The quads found go through the same test as those of
    /// ``completingRows(_:quads:scorer:working:toUpright:refine:)``: a card of the row's format, shape
    /// and size whose edges refinement measures at full resolution. Any size of card: the step is
    /// measured on the working image, so a large print costs no finer crop.
    func completingRowOutlines(_ chosen: [(PrintHypothesis, DetectedPrint)], image: WorkingImage, gradient: ColorGradient,
                               scorer: PrintHypothesisScorer, toUpright: AffineMap,
                               refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        guard chosen.count < options.maximumPrints,
              let row = PrintRowModel(chosen.map { ($0.1.card, $0.1.format) }) else { return chosen }
        let toWorking = toUpright.inverse
        let cards = chosen.filter { $0.1.format == row.format }.map { $0.1.card.mapped(toWorking.apply) }
        let taken = chosen.map { $0.1.card.mapped(toWorking.apply) }
        let working = PixelSize(width: image.width, height: image.height)
        let places = Self.rowGapPlaces(cards, taken: taken, photo: working)
            .filter { Self.meanGradient(gradient, over: $0) >= Self.bareWallGradient }
        let outline = BandOutline(image: image)
        let quads = places.prefix(Self.maximumRowGapPlaces).compactMap { place in
            // As for the finer crops: a print hung by hand sits a good part of its size off the step.
            outline.quad(near: place, reach: 0.4 * max(place.meanWidth, place.meanHeight), clearOf: taken)
        }
        guard !quads.isEmpty else { return chosen }
        // The outline's step is these cards' evidence: a refinement that leaves it (a stripe's edge
        // taken for the card's) has measured the pattern, not the card.
        let kept = { (h: PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double) in
            var refined = refine(h)
            let step = outline.score(h.card), stays = outline.score(refined.0.card.mapped(toWorking.apply))
            if stays < 0.5 * step {
                refined.0.measuredEdges = refined.0.measuredEdges.map { _ in false }
                refined.consistent = false
            }
            return refined
        }
        return completingRows(chosen, quads: quads, scorer: scorer, working: working, toUpright: toUpright.apply,
                              refine: kept)
    }
}
