#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a chosen reading is reported as, and the places a dropped reading leaves empty.
extension PrintDetector {
    /// What the photo's whole view says of one chosen reading before it is reported.
    struct ReportContext {
        let upright: PixelSize
        /// The format most of the photo's prints share, if any.
        let shared: PrintFormat?
        let pictureDetail: PictureDetail
        let toUpright: (Point) -> Point
        let refiner: PrintRefiner
    }

    /// The print `h` (refined as `print`) is reported as, with its confidence weighed by what the
    /// photo around it says, or nil when that leaves it below the floor.
    ///
    /// `selected` says the reading won its place in ``select(_:width:height:upright:refine:)`` on
    /// its own evidence (not completing a row or found on the texture-averaged copy), where a card
    /// off its format's shape is more likely a stitched quad.
    func reported(_ h: PrintHypothesis, _ print: DetectedPrint, selected: Bool, in context: ReportContext) -> DetectedPrint? {
        let upright = context.upright, shared = context.shared
        var print = print
        print.searchedWindow = h.window.mapped(context.toUpright)
        print.confidence = min(1, max(0, h.score))
        print.measuredAspect = AspectRatio.recover(print.card, imageSize: upright)
        if print.format == nil && (h.border?.pattern ?? 0) > 0 {
            guard let named = Self.patternedReading(h, print, upright: upright) else { return nil }
            print = named
        }
        // A card whose shape is far from its format's (over 10%, more than perspective recovery
        // errs by on real prints) is more often a stitched quad than a print: worth less.
        // (A print completing a row was held to its neighbours' shape instead.)
        if print.format != nil, selected, shapeFactor(of: print, upright: upright) < 1 {
            print.confidence *= Self.shapePenalty
            if print.confidence < options.minimumConfidence { return nil }
        }
        // Likewise a card of its format's shape whose window has another format's size, shape
        // and all: the two were not cut from one film.
        if selected, windowDeniesCard(print, upright: upright, shared: shared) {
            print.confidence *= Self.shapePenalty
            if print.confidence < options.minimumConfidence { return nil }
        }
        // A side along the photo's own edge was not seen as a print's.
        let alongEdge = Self.sidesAlongPhotoEdge(of: print, upright: upright)
        if alongEdge > 0 {
            print.confidence *= pow(Self.photoEdgeFactor, Double(alongEdge))
            if print.confidence < options.minimumConfidence { return nil }
        }
        // A window with no picture in it (glass blocks, a frosted pane) or only a faint one (a stone
        // set in a wall, a pane at night) is worth less: a print this blank, unexposed or fogged,
        // is then reported only as uncertain.
        let pictureFactor = context.pictureDetail.confidenceFactor(for: h.window)
        if pictureFactor < 1 {
            print.confidence *= pictureFactor
            if print.confidence < options.minimumConfidence { return nil }
        }
        // A card no format explains has only its own edges to go by, and checks, tiles and
        // window panes have those too: it must be clearer than a print the template explains.
        if print.format == nil && print.confidence < options.minimumConfidence + 0.12 { return nil }
        let refinedFormat = print.format
        print = namingFormatByWindowSize(print, upright: upright, shared: shared)
        if print.format != refinedFormat { print = readingWindowAgain(print, refiner: context.refiner) }
        // Refinement, a rival or a renaming may leave a card no photo of a print shows.
        if !CardForeshortening.isPlausible(print.card) { return nil }
        print.isUncertain = print.confidence < options.reviewConfidence
        print.touchesImageBorder = !print.card.isInside(width: upright.width, height: upright.height)
        return print
    }

    /// Readings for the places that a selected reading held and then lost when it was weighed for
    /// reporting, each reported as ``reported(_:_:selected:in:)`` says.
    ///
    /// Selection keeps one reading a place: a reading overlapping a better one is passed over. But
    /// a better reading can be dropped afterwards, when the photo round it says it is no print (a
    /// card off its format's shape, a window with no picture): a rectangle in a print's picture (a
    /// window, a frame, a card pinned on a board in the photo it shows) is often such a reading,
    /// and the print whose picture holds it was pushed aside and never weighed at all. Photographic
    /// changes that leave the geometry alone (noise, a shadow, dim light) move scores by a few
    /// hundredths, enough to put such a rectangle first. So the readings whose picture holds a
    /// dropped card (as ``enclosingPrint(of:among:)`` judges it: well inside their window, under
    /// half its area), overlapping no reading that was reported, compete again, as in selection,
    /// among themselves. Other readings near a dropped one stay out: what the photo said against
    /// it holds as much for them (its window empty, its shape another's), and on a patterned cloth
    /// one rectangle of the weave would only replace another.
    func refilling(dropped: [PrintHypothesis], kept: [PrintHypothesis], ranked: [PrintHypothesis],
                   width: Int, height: Int, upright: PixelSize,
                   refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        guard !dropped.isEmpty else { return [] }
        let freed = ranked.filter { c in
            dropped.contains { $0.card.area < 0.5 * c.window.area && ConvexOverlap.overlapOfSmaller(c.window, $0.card) > 0.95 }
                && !kept.contains { ConvexOverlap.overlapOfSmaller($0.card, c.card) > 0.15 }
        }
        guard !freed.isEmpty else { return [] }
        return select(freed, width: width, height: height, upright: upright, refine: refine)
    }
}
