/// Detection on a DCT-scaled decode of a JPEG, each print found then refined again at full
/// resolution on one band decode that also holds everything the warp reads: the photo is never
/// decoded whole at full resolution, and the decoder runs once at each scale.
///
/// The detector works on a copy about ``DetectionOptions/workingLongSide`` pixels long, so a
/// 12 MP photo decoded at 1/2 gives it the same working size from a quarter of the pixels; its
/// edge refinement then runs at half resolution, which this finishes on the full-resolution band
/// (the refiner converges from within a pixel or two of the edge).
struct ScaledDetection {
    var detection: DetectionOptions
    var maximumPixels: Int
    /// A batch's gate, passed while the scaled decode and the detector's working images are held
    /// (the band decode and the full-resolution refinement run outside it).
    var gate: LocateGate?

    /// The decode the warp reads (a full-resolution band around the prints) and the prints, in
    /// full-resolution upright pixels and reading order.
    struct Located {
        var decoded: DecodedImage
        var prints: [DetectedPrint]
        /// The whole photo small, from the scaled decode (``PhotoOverview``).
        var overview: PhotoOverview?
    }

    /// The DCT scale to detect at for a stored image of `size`: the largest of 1/2, 1/4, 1/8 that
    /// still leaves the detector at least 2×2 pixels to average into each working pixel, else 1.
    static func scaleDenominator(for size: PixelSize, workingLongSide: Int) -> Int {
        let factor = BoxDownsampler.factor(for: size, maximumLongSide: workingLongSide)
        return [8, 4, 2].first { 2 * $0 <= factor } ?? 1
    }

    /// Detects the prints of the JPEG `data` (whose header is `info`) at ``scaleDenominator(for:workingLongSide:)``;
    /// nil when that scale is 1 (a whole decode costs no more).
    func locate(_ data: [UInt8], info: ImageInfo, timings: inout StageTimings) throws -> Located? {
        let scale = Self.scaleDenominator(for: info.storedSize, workingLongSide: detection.workingLongSide)
        guard scale > 1 else { return nil }
        // The scaled pixels go before the band is allocated (and, in a batch, before the gate lets
        // the other job detect): only a photo without prints keeps them.
        // The whole photo's overview (some 40 000 pixels) is all that is kept of it otherwise.
        let footprint = DetectionFootprint.bytes(of: data, info: info, scaleDenominator: scale, detectingAt: detection.workingLongSide)
        let (found, workingScale, emptyPhoto, overview) = try gate.pass(holding: footprint) {
            () -> ([DetectedPrint], Double, DecodedImage?, PhotoOverview?) in
            let (small, found, workingScale) = try detect(data, info: info, scale: scale, timings: &timings)
            return (found, workingScale, found.isEmpty ? small : nil, found.isEmpty ? nil : try PhotoOverview(small))
        }
        if let emptyPhoto { return Located(decoded: emptyPhoto, prints: []) }

        let full = try timings.measure("decode") { try decodeBand(data, info: info, around: found, margin: 4 * (2 * workingScale + 3)) }
        let prints = timings.measure("detect") { () -> [DetectedPrint] in
            guard detection.refinesAtFullResolution else { return found }
            let sampler = full.band.map { FullResolutionSampler(full.pixels, band: $0, orientation: full.orientation) }
                ?? FullResolutionSampler(full.pixels, orientation: full.orientation)
            let refiner = PrintRefiner(sampler: sampler, workingScale: workingScale)
            // Each print's edges on their own, on as many cores as the scan may use.
            return RowBands.map(found.count) { refine(found[$0], with: refiner, photo: info.uprightSize, scale: Double(scale)) }
        }
        return Located(decoded: full, prints: ReadingOrder.sorted(prints), overview: overview)
    }

    /// The scaled decode, the prints found on it in full-resolution upright pixels, and how many
    /// full-resolution pixels the detector's working pixel spans.
    private func detect(_ data: [UInt8], info: ImageInfo, scale: Int,
                        timings: inout StageTimings) throws -> (DecodedImage, [DetectedPrint], Double) {
        let small = try timings.measure("decode") {
            try decodeScaled(data, info: info, scale: scale)
                ?? ImageReader.decodeOpaque(data, scaleDenominator: scale, maximumPixels: maximumPixels)
        }
        let found = try timings.measure("detect") {
            try PrintDetector(options: detection).detect(in: small.pixels, orientation: small.orientation)
                .map { small.fullResolution($0) }
        }
        let working = BoxDownsampler.workingScale(for: small.pixels.size, maximumLongSide: detection.workingLongSide)
        return (small, found, working * Double(scale))
    }

    /// The whole image at 1/`scale` through the band decoder, which shares a baseline file's rows
    /// between two cores (``JPEGBandSplit``) with the whole decode's pixels; nil when that fails
    /// (the whole decode then reports the defect as it always has).
    private func decodeScaled(_ data: [UInt8], info: ImageInfo, scale: Int) -> DecodedImage? {
        let height = (info.storedSize.height + scale - 1) / scale
        guard let pixels = try? JPEGBandDecoder.decode(data, rows: 0..<height, scaleDenominator: scale, format: .rgb8,
                                                       maximumPixels: maximumPixels) else { return nil }
        return DecodedImage(pixels: pixels, orientation: info.orientation, iccProfile: info.iccProfile,
                            isSRGBTagged: false, scaleDenominator: scale, fullSize: info.storedSize,
                            format: .jpeg, warnings: info.warnings)
    }

    /// The full-resolution stored band that refining `prints` (their cards `margin` pixels round)
    /// and warping them (card, window and surface ring) read; the whole image when a band decode
    /// fails (a defect the whole decode skips with a warning, say).
    private func decodeBand(_ data: [UInt8], info: ImageInfo, around prints: [DetectedPrint],
                            margin: Double) throws -> DecodedImage {
        let regions = prints.flatMap { print -> [Quad] in
            let xs = print.card.corners.map(\.x), ys = print.card.corners.map(\.y)
            let reach = Quad(corners: [Point(xs.min()! - margin, ys.min()! - margin), Point(xs.max()! + margin, ys.min()! - margin),
                                       Point(xs.max()! + margin, ys.max()! + margin), Point(xs.min()! - margin, ys.max()! + margin)])
            let ring = SurfaceRing.region(around: print.card, photo: info.uprightSize)?.quad
            return [reach, print.card] + [print.window, ring].compactMap { $0 }
        }
        let band = StoredBand(covering: regions, fullSize: info.storedSize, orientation: info.orientation,
                              scaleDenominator: 1) ?? StoredBand(whole: info.storedSize)
        guard let pixels = try? JPEGBandDecoder.decode(data, rows: band.rows, columns: band.columns, format: .rgb8,
                                                       maximumPixels: maximumPixels)
        else { return try ImageReader.decodeOpaque(data, maximumPixels: maximumPixels) }
        var decoded = DecodedImage(pixels: pixels, orientation: info.orientation, iccProfile: info.iccProfile,
                                   isSRGBTagged: false, scaleDenominator: 1, fullSize: info.storedSize,
                                   format: .jpeg, warnings: info.warnings)
        decoded.band = band
        return decoded
    }

    /// `print` (refined on the scaled decode) refined again at full resolution as the detector
    /// refines a print (``PrintRefiner/refineInSleeve(card:window:format:)``, the border judged
    /// patterned or not as the detector judged it).
    ///
    /// A print whose card is its line-search reading's refinement as it came (``SearchedReading``)
    /// is refined again from that reading, as detection on the whole decode refines it, and taken
    /// when its edges hang together in the same format: the scaled decode's refinement can settle
    /// on an edge near the card's (a pocket's, a streak's, a pattern's) that a search about it
    /// cannot leave (hard scenes at 4032 px through `scan`: 125 → 129 of 131 within 1 %, against
    /// 130 for `detect` on the whole decode).
    ///
    /// Otherwise (a card a later step placed: a row's outline, a pocket's re-read) the scaled
    /// decode's card is polished: kept as it was when the full-resolution edges do not hang
    /// together (it keeps the scaled decode's verdict), or when they moved a corner further than
    /// the scaled decode can be off, unless the card was moved in from a sleeve's pocket.
    ///
    /// The polish: it searches a few pixels about each side of the card the
    /// scaled decode measured. Where that card's side bows (a curled card, its corners where the
    /// curves meet) the side's middle lies outside that search on a 12 MP photo, and the search
    /// took the bow's far part for a straight side 9–12 px out, where the scaled decode had the
    /// card within 2 px (hard scenes at full size, through `scan`: 5 prints).
    ///
    /// A print in an album sleeve is another matter: where the scaled decode took a pocket's edge
    /// for the card's (its own pocket check could not tell them apart at that scale), the card is
    /// 10–20 px inside it at full resolution, where the pocket check finds it (album pages of the
    /// hard scenes through `scan`: 2 prints). That move is taken when it only takes sides in: the
    /// moved card lies inside the scaled decode's, so no search went out onto a pocket's or a
    /// bow's edge beyond it.
    func refine(_ print: DetectedPrint, with refiner: PrintRefiner, photo: PixelSize, scale: Double) -> DetectedPrint {
        guard let format = print.format, let window = print.window else { return print }
        var refiner = refiner
        refiner.patternedBorder = print.patternedBorder
        // Refined from the line search's reading, as a whole decode's detection refines it, when
        // that is the reading the print came from as it was and it holds the same format.
        if let searched = print.searched, searched.refinedCard == print.card {
            let fromSearch = refiner.refineInSleeve(card: searched.card, window: searched.window, format: searched.format)
            if fromSearch.isConsistent, fromSearch.format == format {
                return applying(fromSearch, to: print, photo: photo)
            }
        }
        let refined = refiner.refineInSleeve(card: print.card, window: window, format: format)
        guard refined.isConsistent else { return print }
        // A scaled pixel's worth of error, twice, and a pixel: what the scaled decode's own refinement
        // can leave.
        let tolerance = 2 * scale + 1
        let moved = Self.moved(refined.card, from: print.card)
        let inPocket = refined.movedInFromPocket && Self.reach(of: refined.card, outside: print.card) <= tolerance
        guard moved <= tolerance || inPocket else { return print }
        return applying(refined, to: print, photo: photo)
    }

    private func applying(_ refined: PrintRefiner.Refined, to print: DetectedPrint, photo: PixelSize) -> DetectedPrint {
        var result = print
        result.card = refined.card
        result.window = refined.window
        result.format = refined.format
        result.measuredEdges = refined.cardEdges.map { $0 != nil }
        result.measuredWindowEdges = refined.windowSidesMeasured
        result.measuredAspect = AspectRatio.recover(refined.card, imageSize: photo)
        result.touchesImageBorder = !refined.card.isInside(width: photo.width, height: photo.height)
        return result
    }

    /// How far the corner of `card` furthest outside `reference` lies beyond its sides; 0 or less
    /// when `card` lies inside it.
    static func reach(of card: Quad, outside reference: Quad) -> Double {
        let c = reference.corners
        let centre = (c[0] + c[1] + c[2] + c[3]) * 0.25
        return (0..<4).map { i in
            let side = ImageLine(c[i], c[(i + 1) % 4])
            let outward: Double = side.distance(centre) < 0 ? 1 : -1
            return card.corners.map { outward * side.distance($0) }.max()!
        }.max()!
    }

    /// How far `card`'s corners lie from `reference`'s, at most, in the corner order that fits best
    /// (the order may have turned with the format's verdict).
    static func moved(_ card: Quad, from reference: Quad) -> Double {
        (0..<4).map { turn in
            (0..<4).map { card.rotatingOrder(by: turn).corners[$0].distance(to: reference.corners[$0]) }.max()!
        }.min()!
    }
}
