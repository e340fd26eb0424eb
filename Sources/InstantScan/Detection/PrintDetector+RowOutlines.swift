extension PrintDetector {
    /// Prints of a wall or a shelf that neither the line search nor a finer crop gave a quad for,
    /// found by their outline where the row of prints found says one would sit.
    ///
    /// The line search needs each side's gradient to keep its direction, and a patterned band's
    /// stripes or dots at the card's edge turn it (at every scale finer than the pattern); the colour
    /// step from the surface to the band along the outline does not depend on it (``BandOutline``).
    /// Such a card is judged by its outline, not by the template's look inside it (a patterned band
    /// looks little like a border band): a clear step from a plain surface all round, the shape and
    /// size of its row's neighbours, and an outline that full-resolution measurement from the surface
    /// inward (``OutlineFit``) bears out. The edge refiner is not used: it follows the pattern's edges.
    func completingRowOutlines(_ chosen: [(PrintHypothesis, DetectedPrint)], image: WorkingImage, gradient: ColorGradient,
                               sampler: FullResolutionSampler, toUpright: AffineMap)
        -> [(PrintHypothesis, DetectedPrint)] {
        guard chosen.count < options.maximumPrints,
              let row = PrintRowModel(chosen.map { ($0.1.card, $0.1.format) }) else { return chosen }
        let toWorking = toUpright.inverse
        let cards = chosen.filter { $0.1.format == row.format }.map { $0.1.card.mapped(toWorking.apply) }
        var taken = chosen.map { $0.1.card.mapped(toWorking.apply) }
        let working = PixelSize(width: image.width, height: image.height)
        let places = Self.rowGapPlaces(cards, taken: taken, photo: working)
            .filter { Self.meanGradient(gradient, over: $0) >= Self.bareWallGradient }
        guard !places.isEmpty else { return chosen }
        let outline = BandOutline(image: image)
        let template = PrintTemplate(format: row.format)
        // The row's cards lie on one surface: their scale says each missing card's size.
        let plane = ScalePlane(fitting: cards.map { ($0, row.format) })
        var out = chosen
        for place in places.prefix(Self.maximumRowGapPlaces) where out.count < options.maximumPrints {
            // Its neighbours each way bracket the card's shape; beyond the row's end, the plane its size.
            let bracketed = Self.bracketedCard(at: place, among: cards)
            let start = bracketed ?? place
            let predicted = bracketed == nil
                ? plane.map { $0.pixelsPerMillimetre(at: place.centroid) / ScalePlane.pixelsPerMillimetre(place, row.format) }
                : 1
            let scales = predicted.map(BandOutline.scales(around:)) ?? BandOutline.freeScales
            // As for the finer crops: a print hung by hand sits a good part of its size off the step.
            guard let found = outline.quad(near: start, reach: 0.4 * max(place.meanWidth, place.meanHeight), scales: scales, clearOf: taken),
                  found.quad.isInside(width: working.width, height: working.height, tolerance: 1) else { continue }
            // The coarse outline is a working pixel or so off; the fit looks a few beyond that.
            // Within the border band: beyond it the picture's own edge would be taken for the card's.
            let guess = found.quad.mapped(toUpright.apply)
            let reach = min(2.5 * toUpright.scale + 2, 0.045 * min(guess.meanWidth, guess.meanHeight))
            // A side read beyond the reach (its profile had started inside the band) must pass the
            // same tests; where it does not, the sides as read within the reach are judged instead.
            let fits = [true, false].lazy.compactMap { looksBeyond -> (Quad, Quad, Quad)? in
                var fit = OutlineFit(sampler: sampler, reach: reach)
                fit.looksBeyondReach = looksBeyond
                guard let card = fit.fitted(guess), row.fits(card) else { return nil }
                let inWorking = card.mapped(toWorking.apply)
                // The measured outline must still show the step all round at the working scale.
                guard outline.score(inWorking) > outline.minimumStep,
                      !taken.contains(where: { ConvexOverlap.overlapOfSmaller($0, inWorking) > 0.15 }),
                      let window = template.window(forCard: card) else { return nil }
                return (card, inWorking, window)
            }
            guard let (card, inWorking, window) = fits.first else { continue }
            let windowInWorking = window.mapped(toWorking.apply)
            var h = PrintHypothesis(format: row.format, card: inWorking, window: windowInWorking, origin: .card,
                                    cardSupport: [1, 1, 1, 1], windowSupport: [0, 0, 0, 0], border: nil,
                                    edgeScore: 0, score: 0)
            // The row stands for the missing border evidence, up to the floor and no further: shown for
            // review, as a print completing a row always is.
            h.score = options.minimumConfidence
            var print = DetectedPrint(format: row.format, card: card, window: window, confidence: h.score,
                                      touchesImageBorder: false)
            print.measuredEdges = [true, true, true, true]
            out.append((h, print))
            taken.append(inWorking)
        }
        return out
    }
}
