extension PrintScanner {
    /// Scans `print` band by band into a PNG (``ScanOptions/streamedPNG``, see ``StreamedScan``)
    /// or a JPEG (``ScanOptions/streamedJPEG``) when the options allow it; nil when the print
    /// takes the whole-image path.
    ///
    /// The whole-image path stays for what needs the whole scan or another resampling: bicubic
    /// and the area prefilter of a shrink (their rows are not the bilinear kernel's), the ends-in
    /// stretch (a histogram of the whole balanced scan), grey photos, and every caller that keeps
    /// the pixels (merge, albums, batches, previews of the scan, the library's own callers).
    func streamedScan(_ print: DetectedPrint, from decoded: DecodedImage, converter: ColorConverter,
                      light: LightEstimate?, ring: SurfaceRing?, photo: WholePhotoCue? = nil,
                      timings: inout StageTimings) throws -> ScannedPrint? {
        let compression = options.streamedPNG, quality = compression == nil ? options.streamedJPEG : nil
        guard compression != nil || quality != nil, options.interpolation == .bilinear, options.stretch == nil,
              decoded.pixels.format != .gray8 else { return nil }
        let rectifier = PrintRectifier(options: options)
        let region = try rectifier.region(of: print, photo: decoded.uprightSize)
        let size = try rectifier.size(of: region)
        let map = try rectifier.storedMap(region.quad, size: size, from: decoded)
        guard !PerspectiveWarp.needsAreaPrefilter(outputSize: size, outputToSource: map) else { return nil }
        try PixelBuffer.validate(width: size.width, height: size.height, maximumPixels: options.maximumPixels)
        let scan = StreamedScan(source: decoded.pixels, map: map, size: size, converter: converter)
        let correction = PrintColorCorrection(options: options)
        let window = PrintRectifier.windowInCard(print)

        // What the whole-image path measures on the scan is measured first: on the estimation
        // card for a window-only output, else on the scan's rows, warped as the samplers read them.
        let needsCard = options.crop != .card && (options.whiteBalance != .none || light != nil || options.detectsGlare)
        let (card, measure) = try timings.measure("colour") { () throws -> (PixelBuffer?, BalanceMeasure?) in
            if needsCard {
                let card = try rectifier.estimationCard(for: print, from: decoded)
                if !converter.isIdentity { converter.convert(card) }
                return (card, try correction.measure(frame: card, format: print.format, light: light, ring: ring, photo: photo))
            }
            guard correction.whiteBalance != .none || light != nil else { return (nil, nil) }
            return (nil, try correction.measure(frame: try WarpedCardRows(scan), format: print.format, light: light, ring: ring,
                                                photo: photo))
        }
        let kernel = measure.map { $0.balance.kernel(for: $0.light, size: size, covering: card == nil ? nil : window) }
        let detector = GlareDetector(profile: options.outputProfile)
        let sums = options.detectsGlare && card == nil ? GlareBlockSums(detector: detector, cardSize: size) : nil

        typealias Made = (clippedPixels: Int, glareParts: [GlareBlockSums.Part], png: BandedDeflate?, jpeg: [UInt8])
        let made = try timings.measure("stream") { () throws -> Made in
            if let compression {
                let png = try scan.stream(compression: compression, correction: kernel, glare: sums,
                                          spillFolder: options.spillFolder)
                return (png.clippedPixels, png.glareParts, png.bands, [])
            }
            let jpeg = try scan.streamJPEG(quality: quality!, correction: kernel, glare: sums)
            return (jpeg.clippedPixels, jpeg.glareParts, nil, jpeg.bytes)
        }
        let glare = options.detectsGlare ? timings.measure("glare") { () -> GlareReport in
            if let card { return detector.report(card: card, format: print.format, window: window) }
            let map = sums.flatMap { try? $0.image(parts: made.glareParts) }
                .map { detector.map(downsampled: $0, format: print.format) } ?? .empty()
            return GlareReport(share: map.share(in: window), map: map)
        } : nil
        // Only the size of the scan is kept: its pixels went into the PNG and are never read.
        let placeholder = try PixelBuffer(sparseWidth: size.width, height: size.height, maximumPixels: options.maximumPixels)
        return ScannedPrint(image: placeholder, profile: options.outputProfile, card: print.card, window: print.window,
                            format: print.format, confidence: print.confidence,
                            whiteBalance: measure?.report(clippedShare: Double(made.clippedPixels) / Double(size.width * size.height)),
                            crop: options.crop, captureDate: nil, glare: glare,
                            streamed: compression.map { StreamedPNG(size: size, compression: $0, bands: made.png!) },
                            streamedJPEG: quality.map { StreamedJPEG(size: size, quality: $0, bytes: made.jpeg) })
    }
}
