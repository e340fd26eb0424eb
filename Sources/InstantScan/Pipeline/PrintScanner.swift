/// Turns a photo of instant prints into upright, colour-corrected scans: the library's façade.
///
/// ```swift
/// let photo = try [UInt8](Data(contentsOf: url))
/// var options = ScanOptions()
/// options.crop = .window
/// let result = try PrintScanner(options: options).scan(photo)
/// for print in result.prints {
///     let png = try OutputEncoder(format: .png(.fast)).encode(print)
/// }
/// ```
///
/// A scan runs four stages, one call each: the photo is decoded and its prints found (or taken
/// from the corners given; a large JPEG is detected on a DCT-scaled decode, then only the band its
/// prints cover is decoded at full resolution), ``PrintRectifier`` warps each out of the stored
/// pixels (EXIF orientation, DCT scale and perspective folded into one homography),
/// ``PrintColorCorrection`` converts and white-balances the (much smaller) rectified print, and
/// ``GlareDetector`` reports the glare left on it.
public struct PrintScanner: Sendable {
    /// What to produce.
    public var options: ScanOptions

    /// Makes a scanner.
    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
    }

    /// Scans the photo whose encoded bytes (JPEG, PNG, HEIC/HEIF or AVIF) are `data`.
    ///
    /// - Parameters:
    ///   - data: The photo's encoded bytes.
    ///   - corners: The print's corners (TL, TR, BR, BL of the upright print, in upright photo
    ///     pixels); nil to find every print automatically.
    ///   - light: A light to divide out instead of estimating one per print, in
    ///     ``ScanOptions/outputProfile``'s space (see ``estimateLight(_:corners:)``).
    public func scan(_ data: [UInt8], corners: Quad? = nil, light: LightEstimate? = nil) throws -> ScanResult {
        try scan(data, corners: corners.map { [$0] } ?? [], light: light)
    }

    /// Scans the prints of the photo whose encoded bytes are `data` placed by hand at `corners`
    /// (one print each, scanned in that order; none: find every print automatically).
    ///
    /// The prints are scanned together as detected ones are: a print whose frame is not a white
    /// reference takes the light of the photo's white-framed prints (``LightSource/otherPrints``),
    /// so correcting one detection by hand keeps what the others give.
    ///
    /// - Parameters:
    ///   - data: The photo's encoded bytes.
    ///   - corners: Each print's corners (TL, TR, BR, BL of the upright print, in upright photo pixels).
    ///   - light: A light to divide out instead of estimating one per print, in
    ///     ``ScanOptions/outputProfile``'s space (see ``estimateLight(_:corners:)``).
    public func scan(_ data: [UInt8], corners: [Quad], light: LightEstimate? = nil) throws -> ScanResult {
        try scan(data, corners: corners, formats: [], light: light)
    }

    /// ``scan(_:corners:light:)`` with `formats[i]`, when given and not nil, the format of the
    /// i-th print (else ``ScanOptions/format``).
    package func scan(_ data: [UInt8], corners: [Quad], formats: [PrintFormat?], light: LightEstimate? = nil) throws -> ScanResult {
        var timings = StageTimings()
        let rectifier = PrintRectifier(options: options)
        // The header is read once: the photo's colour conversion is built from it on another core
        // while the photo is decoded, and the locator decodes by it (one it cannot read, the
        // locator reads again and reports).
        let header = try? timings.measure("header") { try ImageReader.info(of: data) }
        let converting = header.flatMap { PrintColorCorrection(options: options).convertingEarly(forHeader: $0) }
        // Without a preview nothing reads the photo beyond the prints.
        let located = try PrintLocator(options: options).locate(data, header: header, corners: corners, formats: formats,
                                                                timings: &timings, onlyThePrint: options.previewLongSide == nil) {
            rectifier.decodeScale(for: $0, photo: $1)
        }
        var warnings = located.warnings
        let converter = try timings.measure("icc") {
            try converting?.converter(for: located.decoded)
                ?? PrintColorCorrection(options: options).converter(for: located.decoded, warnings: &warnings)
        }
        // The photo's capture date travels into each scan's EXIF (nothing else of its EXIF does).
        let captureDate = EmbeddedMetadata(reading: data).exif?.captureDate
        // White balance weighs each frame against the surface around its print, which lies
        // outside the rows kept below.
        let correction = PrintColorCorrection(options: options)
        let rings = try timings.measure("colour") {
            try located.prints.map { try correction.surfaceRing(around: $0, from: located.decoded, rectifier: rectifier,
                                                                converter: converter, light: light) }
        }
        // And, for a frame that is not a white reference, against the whole photo outside the prints.
        let photoCue = try timings.measure("colour") {
            try wholePhotoCue(located, data: data, converter: converter, light: light)
        }
        // With several prints, each is first estimated on its own (on its small estimation card),
        // so that the white frames among them can lend their light to the others before any print
        // is written; each print is then corrected with its light.
        let lights = try timings.measure("colour") {
            try photoLights(located, converter: converter, rings: rings, photo: photoCue, light: light)
        }
        // Only the prints' rows of the photo are read from here on (no preview drawn on it).
        if options.previewLongSide == nil, let rows = located.decoded.storedRows(of: located.prints) {
            located.decoded.pixels.releaseRows(keeping: rows)
        }

        // Prints made band by band (a streamed output) are warped, corrected, measured and deflated
        // here, while the photo is still there; their scans never exist whole.
        let streamed = try located.prints.indices.map { index in
            try streamedScan(located.prints[index], from: located.decoded, converter: converter, light: lights?[index] ?? light,
                             ring: rings[index], photo: photoCue, timings: &timings)
        }
        // Every other print and its estimation card are warped before any is corrected: the photo
        // is not read after that, so its pages go back before the colour stage allocates its own.
        let rectified = try located.prints.indices.map { index in
            try streamed[index] == nil ? rectify(located.prints[index], from: located.decoded, converter: converter,
                                                 light: lights?[index] ?? light, timings: &timings) : nil
        }
        if options.previewLongSide == nil {
            located.decoded.pixels.releaseRows(keeping: 0..<0)
        }

        var prints: [ScannedPrint] = []
        for (index, print) in located.prints.enumerated() {
            var scanned = try streamed[index] ?? scan(print, rectified: rectified[index]!, light: lights?[index] ?? light,
                                                      ring: rings[index], photo: photoCue, timings: &timings)
            scanned.captureDate = captureDate
            if let warning = scanned.glare?.warning {
                warnings.append(located.prints.count > 1 ? "print \(index + 1): \(warning)" : warning)
            }
            prints.append(scanned)
        }
        var preview: PixelBuffer?
        if let longSide = options.previewLongSide {
            preview = try timings.measure("preview") {
                let (image, scale) = try Preview.thumbnail(of: located.decoded, longSide: longSide)
                Preview.draw(located.prints, on: image, scale: scale)
                return image
            }
        }
        return ScanResult(photoSize: located.upright, prints: prints, detected: located.prints, preview: preview,
                          timings: timings, warnings: warnings)
    }

    /// The light on each print of the photo whose encoded bytes are `data`, in reading order, as
    /// ``scan(_:corners:light:)`` would estimate it, without making the scans.
    ///
    /// For a batch shot under one light: estimate every photo, pool with
    /// ``LightEstimate/combined(_:)`` and scan each photo with that light. With corners, the photo
    /// is decoded at the smallest DCT scale that still gives the card
    /// ``PrintRectifier/estimationLongSide`` pixels, which is all the estimate needs.
    public func estimateLight(_ data: [UInt8], corners: Quad? = nil) throws -> [LightEstimate] {
        var timings = StageTimings()
        let located = try PrintLocator(options: options).locate(data, corners: corners, timings: &timings,
                                                                onlyThePrint: true, scale: PrintRectifier.estimationDecodeScale)
        var warnings: [String] = []
        let correction = PrintColorCorrection(options: options)
        let converter = try correction.converter(for: located.decoded, warnings: &warnings)
        let rectifier = PrintRectifier(options: options)
        let photoCue = try wholePhotoCue(located, data: data, converter: converter, light: nil)
        return try located.prints.map { print in
            let card = try rectifier.estimationCard(for: print, from: located.decoded)
            if !converter.isIdentity { converter.convert(card) }
            let ring = try correction.surfaceRing(around: print, from: located.decoded, rectifier: rectifier,
                                                  converter: converter, light: nil)
            return correction.estimate(card: card, format: print.format, ring: ring, photo: photoCue)
        }
    }

    /// The light of each of the photo's prints, each estimated on its own estimation card (small:
    /// the photo is not decoded again), a print whose frame is not a white reference taking the
    /// light's colour of the white-framed ones (``PhotoReferenceLight``); nil for one print,
    /// another white balance mode, or a `light` given.
    private func photoLights(_ located: PrintLocator.LocatedPhoto, converter: ColorConverter, rings: [SurfaceRing?],
                             photo: WholePhotoCue?, light: LightEstimate?) throws -> [LightEstimate]? {
        guard options.whiteBalance == .frame, light == nil, located.prints.count > 1 else { return nil }
        let rectifier = PrintRectifier(options: options)
        let correction = PrintColorCorrection(options: options)
        let estimates = try located.prints.indices.map { index in
            let card = try rectifier.estimationCard(for: located.prints[index], from: located.decoded)
            if !converter.isIdentity { converter.convert(card) }
            return correction.estimate(card: card, format: located.prints[index].format, ring: rings[index], photo: photo)
        }
        guard let references = PhotoReferenceLight(estimates: estimates) else { return estimates }
        let space = WorkingSpace(options.outputProfile)
        return estimates.map { references.applied(to: $0, space: space) ?? $0 }
    }

    /// One print warped out of the photo, in the photo's colour space converted to the output's:
    /// the output image and, when white balance or glare need one, the estimation card.
    private struct Rectified {
        var image: PixelBuffer
        var card: PixelBuffer?
    }

    /// Warps one located print and, when needed, its estimation card, and converts both.
    private func rectify(_ print: DetectedPrint, from decoded: DecodedImage, converter: ColorConverter,
                         light: LightEstimate?, timings: inout StageTimings) throws -> Rectified {
        let rectifier = PrintRectifier(options: options)
        let image = try timings.measure("warp") { try rectifier.rectify(print, from: decoded) }
        if !converter.isIdentity { timings.measure("icc") { converter.convert(image) } }
        // A window-only output has no frame to measure against: white balance and the glare map
        // share one estimation card.
        let needsCard = options.crop != .card && (options.whiteBalance != .none || light != nil || options.detectsGlare)
        let card = needsCard ? try timings.measure("colour") { () throws -> PixelBuffer in
            let card = try rectifier.estimationCard(for: print, from: decoded)
            if !converter.isIdentity { converter.convert(card) }
            return card
        } : nil
        return Rectified(image: image, card: card)
    }

    /// Corrects and measures the glare of one rectified print.
    private func scan(_ print: DetectedPrint, rectified: Rectified, light: LightEstimate?, ring: SurfaceRing?,
                      photo: WholePhotoCue?, timings: inout StageTimings) throws -> ScannedPrint {
        let (image, card) = (rectified.image, rectified.card)
        let report = try timings.measure("colour") {
            try PrintColorCorrection(options: options).correct(image, format: print.format, card: card,
                                                                window: PrintRectifier.windowInCard(print), light: light,
                                                                ring: ring, photo: photo)
        }
        let glare = options.detectsGlare ? timings.measure("glare") {
            GlareDetector(profile: options.outputProfile).report(card: card ?? image, format: print.format,
                                                                  window: PrintRectifier.windowInCard(print))
        } : nil
        return ScannedPrint(image: image, profile: options.outputProfile, card: print.card, window: print.window,
                            format: print.format, confidence: print.confidence, whiteBalance: report,
                            crop: options.crop, captureDate: nil, glare: glare)
    }
}
