extension PrintScanner {
    /// The whole photo's gray edge outside the prints `located` found, for white balance to read
    /// when a frame is not a white reference; nil when white balance reads no frame (another mode,
    /// or a `light` given).
    ///
    /// The overview is taken now from a whole decode (detection's scaled one, or the photo's own
    /// before its rows outside the prints go); after a band decode (corners given on a JPEG) the
    /// photo is decoded small only when a print asks for the cue.
    func wholePhotoCue(_ located: PrintLocator.LocatedPhoto, data: [UInt8], converter: ColorConverter,
                       light: LightEstimate?) throws -> WholePhotoCue? {
        guard options.whiteBalance == .frame, light == nil, !located.prints.isEmpty else { return nil }
        let cards = located.prints.map(\.card)
        if let overview = try located.overview ?? PhotoOverview(located.decoded) {
            return WholePhotoCue { overview.grayEdge(excluding: cards, converter: converter) }
        }
        guard located.decoded.band != nil else { return nil }
        let maximumPixels = options.maximumPixels
        return WholePhotoCue {
            // A defect the band decode got past is left alone: the cue is only one of several.
            guard let info = try? ImageReader.info(of: data),
                  let overview = try? PhotoOverview.decoding(data, info: info, maximumPixels: maximumPixels) else { return nil }
            return overview.grayEdge(excluding: cards, converter: converter)
        }
    }
}
