/// The first stage of a scan: reads the photo's header, decodes it and finds its prints, from the
/// user's corners or by detection, in full-resolution upright pixels and reading order.
struct PrintLocator: Sendable {
    /// The format to assume for corners given by hand (detection finds its own).
    var format: PrintFormat?
    /// Images with more pixels than this are refused before anything is allocated.
    var maximumPixels: Int
    /// Settings for automatic detection.
    var detection: DetectionOptions
    /// A batch's gate, passed while detection's working images or a whole photo are held, with
    /// their estimated bytes (``DetectionFootprint``).
    var gate: LocateGate?

    init(options: ScanOptions) {
        format = options.format
        maximumPixels = options.maximumPixels
        detection = options.detection
        gate = options.locateGate
    }

    /// A photo decoded, its prints found.
    struct LocatedPhoto {
        /// The decode the prints are warped from, DCT-scaled when manual corners allowed it.
        var decoded: DecodedImage
        /// The prints, in reading order (or the one the corners named).
        var prints: [DetectedPrint]
        /// The photo's upright size at full resolution.
        var upright: PixelSize
        /// The header's and the decoder's warnings.
        var warnings: [String]
        /// The whole photo small, when detection's scaled decode gave it (``PhotoOverview``).
        var overview: PhotoOverview?
    }

    /// Locates the prints of the photo whose encoded bytes are `data` (its header `header` when
    /// the caller has read it already): at `corners` when given (one print each, in that order;
    /// `formats[i]`, when given and not nil, the format of the i-th, else ``format``), then decoded
    /// at the finest DCT scale `scale` picks for one of them, else detected on a full decode.
    ///
    /// With `onlyThePrint`, a JPEG with corners is decoded only in the stored rows and columns
    /// the prints, their windows and the surface rings around them cover (see ``StoredBand``): the
    /// caller reads the photo through ``DecodedImage/storedMap(fromUpright:)`` alone. A JPEG
    /// without corners is then detected on a DCT-scaled decode and only the band its prints
    /// cover is decoded at full resolution (see ``ScaledDetection``).
    func locate(_ data: [UInt8], header: ImageInfo? = nil, corners: Quad?, timings: inout StageTimings,
                onlyThePrint: Bool = false, scale: (DetectedPrint, PixelSize) -> Int) throws -> LocatedPhoto {
        try locate(data, header: header, corners: corners.map { [$0] } ?? [], timings: &timings, onlyThePrint: onlyThePrint,
                   scale: scale)
    }

    /// ``locate(_:header:corners:timings:onlyThePrint:scale:)`` for any number of prints placed by
    /// hand (none: detect them).
    func locate(_ data: [UInt8], header: ImageInfo? = nil, corners: [Quad], formats: [PrintFormat?] = [],
                timings: inout StageTimings, onlyThePrint: Bool = false,
                scale: (DetectedPrint, PixelSize) -> Int) throws -> LocatedPhoto {
        let info = try header ?? timings.measure("header") { try ImageReader.info(of: data) }
        try PixelBuffer.validate(width: info.storedSize.width, height: info.storedSize.height, maximumPixels: maximumPixels)
        let upright = info.orientation.uprightSize(stored: info.storedSize)

        let found: [DetectedPrint]
        let decoded: DecodedImage
        var overview: PhotoOverview?
        if !corners.isEmpty {
            // A print running off the photo has corners outside it (the warp repeats the edge
            // pixels there); a quarter of the long side beyond is a slip, not a print.
            let reach = max(1, Double(max(upright.width, upright.height)) / 4)
            let prints = try corners.enumerated().map { index, corners in
                guard corners.isConvex, corners.signedArea > 0 else { throw ScanError.cornersNotConvex(corners) }
                guard corners.isInside(width: upright.width, height: upright.height, tolerance: reach) else {
                    throw ScanError.cornersOutsideImage(corners, upright)
                }
                return manualPrint(corners, photo: upright, format: index < formats.count ? formats[index] : nil)
            }
            // One decode serves every print: at the finest scale any of them needs.
            let denominator = prints.map { scale($0, upright) }.min()!
            let band = onlyThePrint && info.format == .jpeg ? band(for: prints, info: info, scaleDenominator: denominator) : nil
            let footprint = DetectionFootprint.bytes(of: data, info: info, scaleDenominator: denominator, detectingAt: nil)
            decoded = try gate.pass(holding: footprint) {
                try timings.measure("decode") {
                    try band.flatMap { try? decode(data, band: $0, info: info, scaleDenominator: denominator) }
                        ?? ImageReader.decodeOpaque(data, scaleDenominator: denominator, maximumPixels: maximumPixels)
                }
            }
            found = prints
        } else if onlyThePrint, info.format == .jpeg,
                  let located = try ScaledDetection(detection: detection, maximumPixels: maximumPixels, gate: gate)
                    .locate(data, info: info, timings: &timings) {
            decoded = located.decoded
            found = located.prints
            overview = located.overview
        } else {
            let footprint = DetectionFootprint.bytes(of: data, info: info, scaleDenominator: 1, detectingAt: detection.workingLongSide)
            (decoded, found) = try gate.pass(holding: footprint) {
                let decoded = try timings.measure("decode") { try ImageReader.decodeOpaque(data, maximumPixels: maximumPixels) }
                let found = try timings.measure("detect") {
                    ReadingOrder.sorted(try PrintDetector(options: detection)
                        .detect(in: decoded.pixels, orientation: decoded.orientation)
                        .map { decoded.fullResolution($0) })
                }
                return (decoded, found)
            }
        }
        return LocatedPhoto(decoded: decoded, prints: found, upright: upright, warnings: info.warnings + decoded.warnings,
                            overview: overview)
    }

    /// The stored band that warping `prints` (their cards, windows and surrounding surface rings) reads.
    private func band(for prints: [DetectedPrint], info: ImageInfo, scaleDenominator: Int) -> StoredBand? {
        let quads = prints.flatMap { print in
            [print.card] + [print.window, SurfaceRing.region(around: print.card, photo: info.uprightSize)?.quad].compactMap { $0 }
        }
        return StoredBand(covering: quads, fullSize: info.storedSize, orientation: info.orientation,
                          scaleDenominator: scaleDenominator)
    }

    /// Decodes only `band` of a JPEG. Any failure (a defect the whole decode would skip with a
    /// warning, say) is left to the whole decode, which reports it as it always has.
    private func decode(_ data: [UInt8], band: StoredBand, info: ImageInfo, scaleDenominator: Int) throws -> DecodedImage {
        let pixels = try JPEGBandDecoder.decode(data, rows: band.rows, columns: band.columns,
                                                scaleDenominator: scaleDenominator, format: .rgb8,
                                                maximumPixels: maximumPixels)
        var decoded = DecodedImage(pixels: pixels, orientation: info.orientation, iccProfile: info.iccProfile,
                                   isSRGBTagged: false, scaleDenominator: scaleDenominator, fullSize: info.storedSize,
                                   format: .jpeg, warnings: info.warnings)
        decoded.band = band
        return decoded
    }

    /// A print from the user's corners, its format as given or as its true aspect ratio suggests.
    func manualPrint(_ corners: Quad, photo: PixelSize, format given: PrintFormat? = nil) -> DetectedPrint {
        let format = given ?? format ?? PrintFormat.nearest(toCardAspect: AspectRatio.recover(corners, imageSize: photo))
        var window: Quad?
        if let format, let cardMap = Homography.mapping(Quad(rectangleWidth: 1, height: 1).corners, to: corners.corners) {
            window = format.normalizedWindow.mapped(cardMap.apply)
        }
        return DetectedPrint(format: format, card: corners, window: window, confidence: 1, touchesImageBorder: false)
    }
}
