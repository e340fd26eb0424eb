/// Turns a photo of instant prints into upright, colour-corrected scans: the library's façade.
///
/// ```swift
/// let photo = try [UInt8](Data(contentsOf: url))
/// var options = ScanOptions()
/// options.crop = .window
/// let result = try Scanner(options: options).scan(photo)
/// for print in result.prints {
///     let png = try OutputEncoder(format: .png(.fast)).encode(print)
/// }
/// ```
///
/// The photo is decoded once, into a buffer the scanner owns, and never rotated: EXIF orientation,
/// the DCT scale and the print's perspective are folded into one homography per print that the
/// warp follows straight into the stored pixels. Colour management then runs on the (much smaller)
/// rectified print, and is skipped when input and output are both sRGB.
public struct Scanner: Sendable {
    /// What to produce.
    public var options: ScanOptions

    /// Makes a scanner.
    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
    }

    /// Scans the photo whose encoded bytes (JPEG or PNG) are `data`.
    public func scan(_ data: [UInt8]) throws -> ScanResult {
        var timings = StageTimings()
        var warnings: [String] = []
        let (decoded, found, upright) = try locatePrints(in: data, timings: &timings, warnings: &warnings) {
            decodeScale(for: $0, photo: $1)
        }
        let input = inputProfile(of: decoded, warnings: &warnings)
        let output = options.outputProfile.profile
        let converter = try timings.measure("icc") { try ColorConverter(from: input, to: output) }
        // The photo's capture date travels into each scan's EXIF (nothing else of its EXIF does).
        let captureDate = EmbeddedMetadata(reading: data).exif?.captureDate

        // White balance weighs the frame against the surface around each print.
        let rings = try timings.measure("colour") { try found.map { try surfaceRing(around: $0, from: decoded, photo: upright, converter: converter) } }
        // Only the prints' rows of the photo are read from here on (no preview drawn on it).
        if options.previewLongSide == nil, let rows = storedRows(of: found, in: decoded) {
            decoded.pixels.releaseRows(keeping: rows)
        }

        var prints: [ScannedPrint] = []
        for (index, print) in found.enumerated() {
            let image = try timings.measure("warp") { try rectify(print, from: decoded, photo: upright) }
            if !converter.isIdentity { timings.measure("icc") { converter.convert(image) } }
            // A window-only output has no frame to measure against: white balance and the glare
            // map share one estimation card.
            let card = options.crop == .card || (options.whiteBalance == .none && options.light == nil && !options.detectsGlare)
                ? nil : try timings.measure("colour") { try estimationCard(for: print, from: decoded, photo: upright, converter: converter) }
            let report = try timings.measure("colour") { () throws -> WhiteBalanceReport? in
                let report = try balance(image, print: print, card: card, ring: rings[index])
                options.stretch?.apply(to: image)
                return report
            }
            var glare: GlareReport?
            if options.detectsGlare {
                glare = timings.measure("glare") { glareReport(for: print, card: card ?? image) }
                if let warning = glare?.warning { warnings.append(found.count > 1 ? "print \(index + 1): \(warning)" : warning) }
            }
            prints.append(ScannedPrint(image: image, profile: options.outputProfile, card: print.card,
                                       window: print.window, format: print.format, confidence: print.confidence,
                                       whiteBalance: report, crop: options.crop, captureDate: captureDate,
                                       glare: glare))
        }
        var preview: PixelBuffer?
        if let longSide = options.previewLongSide {
            preview = try timings.measure("preview") {
                let (image, scale) = try Preview.thumbnail(of: decoded, longSide: longSide)
                Preview.draw(found, on: image, scale: scale)
                return image
            }
        }
        return ScanResult(photoSize: upright, prints: prints, detected: found, preview: preview, timings: timings, warnings: warnings)
    }

    /// The light on each print of the photo whose encoded bytes are `data`, in reading order, as
    /// ``scan(_:)`` would estimate it (``ScanOptions/whiteBalance``, in ``ScanOptions/outputProfile``'s
    /// space), without making the scans.
    ///
    /// For a batch shot under one light: estimate every photo, pool with
    /// ``LightEstimate/combined(_:)``, set ``ScanOptions/light`` and scan each photo with it.
    /// With corners, the photo is decoded at the smallest DCT scale that still gives the card
    /// ``estimationLongSide`` pixels, which is all the estimate needs.
    public func estimateLight(_ data: [UInt8]) throws -> [LightEstimate] {
        var timings = StageTimings()
        var warnings: [String] = []
        let (decoded, found, upright) = try locatePrints(in: data, timings: &timings, warnings: &warnings) {
            estimationDecodeScale(for: $0, photo: $1)
        }
        let input = inputProfile(of: decoded, warnings: &warnings)
        let converter = try ColorConverter(from: input, to: options.outputProfile.profile)
        let balance = WhiteBalance(mode: options.whiteBalance, profile: options.outputProfile)
        return try found.map { print in
            balance.estimate(card: try estimationCard(for: print, from: decoded, photo: upright, converter: converter),
                             format: print.format,
                             ring: try surfaceRing(around: print, from: decoded, photo: upright, converter: converter))
        }
    }

    /// The long side of the card image white balance estimates from when the output is not the
    /// card itself: the fit uses some 8 000 frame samples, which this size gives with room.
    public static let estimationLongSide = 1200

    /// Reads the header, decodes (at the scale `scale` picks for manual corners, else in full)
    /// and finds the prints: the user's corners, or detection.
    func locatePrints(in data: [UInt8], timings: inout StageTimings, warnings: inout [String],
                      scale: (DetectedPrint, PixelSize) -> Int) throws -> (DecodedImage, [DetectedPrint], PixelSize) {
        let info = try timings.measure("header") { try ImageReader.info(of: data) }
        try PixelBuffer.validate(width: info.storedSize.width, height: info.storedSize.height,
                                 maximumPixels: options.maximumPixels)
        let upright = info.orientation.uprightSize(stored: info.storedSize)
        warnings += info.warnings

        let found: [DetectedPrint]
        let decoded: DecodedImage
        if let corners = options.corners {
            guard corners.isConvex, corners.signedArea > 0 else { throw ScanError.cornersNotConvex(corners) }
            guard corners.isInside(width: upright.width, height: upright.height, tolerance: 1) else {
                throw ScanError.cornersOutsideImage(corners, upright)
            }
            let print = manualPrint(corners, photo: upright)
            let denominator = scale(print, upright)
            decoded = try timings.measure("decode") {
                try ImageReader.decodeOpaque(data, scaleDenominator: denominator, maximumPixels: options.maximumPixels)
            }
            found = [print]
        } else {
            decoded = try timings.measure("decode") { try ImageReader.decodeOpaque(data, maximumPixels: options.maximumPixels) }
            found = try timings.measure("detect") {
                ReadingOrder.sorted(try PrintDetector(options: options.detection)
                    .detect(in: decoded.pixels, orientation: decoded.orientation)
                    .map { rescaled($0, by: Double(decoded.scaleDenominator)) })
            }
        }
        warnings += decoded.warnings
        return (decoded, found, upright)
    }

    /// White-balances one rectified print in place (``ScanOptions/whiteBalance``, or the given
    /// ``ScanOptions/light``); nil when white balance is off.
    func balance(_ image: PixelBuffer, print: DetectedPrint, card estimationCard: PixelBuffer?,
                 ring: SurfaceRing? = nil) throws -> WhiteBalanceReport? {
        guard options.whiteBalance != .none || options.light != nil else { return nil }
        if let light = options.light, light.profile != options.outputProfile {
            throw ScanError.lightInOtherSpace(light.profile, options.outputProfile)
        }
        let balance = WhiteBalance(mode: options.whiteBalance == .none ? .frame : options.whiteBalance,
                                   profile: options.outputProfile)
        // The frame is what white balance reads: the card itself when that is the output, else a
        // smaller card made for the purpose.
        guard let card = options.crop == .card ? image : estimationCard else { return nil }
        let light = options.light ?? balance.estimate(card: card, format: print.format, ring: ring)
        let chroma = balance.frameChroma(card: card, format: print.format, light: light)
        let clipped = balance.apply(light, to: image, covering: options.crop == .card ? nil : windowInCard(print))
        return WhiteBalanceReport(light: light, frameChroma: chroma?.before, correctedFrameChroma: chroma?.after,
                                  clippedShare: clipped)
    }

    /// The glare on one print: its map over `card` (the whole card, balanced or not) and its share
    /// of the picture window.
    func glareReport(for print: DetectedPrint, card: PixelBuffer) -> GlareReport {
        let map = GlareDetector(profile: options.outputProfile).map(card: card, format: print.format)
        return GlareReport(share: map.share(in: windowInCard(print)), map: map)
    }

    /// The whole card at its true aspect ratio, at most ``estimationLongSide`` pixels long, in
    /// the output's colour space: what white balance measures when the output is not the card.
    func estimationCard(for print: DetectedPrint, from decoded: DecodedImage, photo: PixelSize,
                        converter: ColorConverter) throws -> PixelBuffer {
        let aspect = print.format?.cardAspect ?? AspectRatio.recover(print.card, imageSize: photo)
        let native = ScanOptions.nativeSize(quad: print.card, aspect: aspect)
        let shrink = min(1, Double(Self.estimationLongSide) / max(native.width, native.height))
        let size = PixelSize(width: max(2, Int((native.width * shrink).rounded())),
                             height: max(2, Int((native.height * shrink).rounded())))
        let card = try warp(print.card, size: size, from: decoded)
        if !converter.isIdentity { converter.convert(card) }
        return card
    }

    /// The surface around the print in the output's colour space, for white balance to judge the
    /// frame against; nil when white balance does not read the frame or the band leaves the photo.
    func surfaceRing(around print: DetectedPrint, from decoded: DecodedImage, photo: PixelSize,
                     converter: ColorConverter) throws -> SurfaceRing? {
        guard options.whiteBalance == .frame, options.light == nil,
              let region = SurfaceRing.region(around: print.card, photo: photo) else { return nil }
        let size = SurfaceRing.imageSize(for: region.quad)
        let d = Double(decoded.scaleDenominator)
        guard let toPhoto = Homography.mapping(Quad(rectangleWidth: Double(size.width), height: Double(size.height)).corners,
                                               to: region.quad.corners) else { return nil }
        let toScaled = Homography.affine(scaleX: 1 / d, scaleY: 1 / d, translateX: -(d - 1) / (2 * d), translateY: -(d - 1) / (2 * d))
        let map = decoded.orientation.uprightToStored(stored: decoded.pixels.size).composed(after: toScaled.composed(after: toPhoto))
        let image = try SurfaceRing.sample(decoded.pixels, size: size, outputToSource: map)
        if !converter.isIdentity { converter.convert(image) }
        return SurfaceRing(image: image, reach: region.reach)
    }

    /// The DCT scale for an estimate: the largest that keeps ``estimationLongSide`` pixels on the
    /// card's long side.
    func estimationDecodeScale(for print: DetectedPrint, photo: PixelSize) -> Int {
        let aspect = print.format?.cardAspect ?? AspectRatio.recover(print.card, imageSize: photo)
        let native = ScanOptions.nativeSize(quad: print.card, aspect: aspect)
        let ratio = max(native.width, native.height) / Double(Self.estimationLongSide)
        return [8, 4, 2].first { Double($0) <= ratio } ?? 1
    }

    /// The picture window as a rectangle of the card-normalised square (the card's corners at
    /// (0, 0)…(1, 1)), for correcting a window-only output with a light measured on the card.
    func windowInCard(_ print: DetectedPrint) -> Quad? {
        if let format = print.format { return format.normalizedWindow }
        guard let window = print.window,
              let toUnit = Homography.mapping(print.card.corners, to: Quad(rectangleWidth: 1, height: 1).corners)
        else { return nil }
        return window.mapped(toUnit.apply)
    }

    /// A print from the user's corners, its format as given or as its true aspect ratio suggests.
    func manualPrint(_ corners: Quad, photo: PixelSize) -> DetectedPrint {
        let format = options.format ?? PrintFormat.nearest(toCardAspect: AspectRatio.recover(corners, imageSize: photo))
        var window: Quad?
        if let format, let cardMap = Homography.mapping(Quad(rectangleWidth: 1, height: 1).corners, to: corners.corners) {
            window = format.normalizedWindow.mapped(cardMap.apply)
        }
        return DetectedPrint(format: format, card: corners, window: window, confidence: 1, touchesImageBorder: false)
    }

    /// The quad to rectify and its true width/height ratio.
    func region(of print: DetectedPrint, photo: PixelSize) throws -> (quad: Quad, aspect: Double) {
        switch options.crop {
        case .card:
            return (print.card, print.format?.cardAspect ?? AspectRatio.recover(print.card, imageSize: photo))
        case .window:
            guard let window = print.window else { throw ScanError.windowNeedsFormat }
            return (window, print.format?.windowAspect ?? AspectRatio.recover(window, imageSize: photo))
        }
    }

    /// The output size for a region: as asked, or the print's own resolution in the photo (the
    /// longer of each pair of opposite sides, widened or heightened to the true aspect ratio so
    /// that no direction loses detail).
    func outputSize(quad: Quad, aspect: Double) throws -> PixelSize {
        switch options.outputSize {
        case let .exact(size):
            guard size.width > 0, size.height > 0 else { throw ScanError.invalidOutputSize("\(size)") }
            return size
        case let .longSide(n):
            guard n > 0 else { throw ScanError.invalidOutputSize("long side \(n)") }
            return aspect >= 1
                ? PixelSize(width: n, height: max(1, Int((Double(n) / aspect).rounded())))
                : PixelSize(width: max(1, Int((Double(n) * aspect).rounded())), height: n)
        case .native:
            let (width, height) = ScanOptions.nativeSize(quad: quad, aspect: aspect)
            return PixelSize(width: max(1, Int(width.rounded())), height: max(1, Int(height.rounded())))
        }
    }

    /// The largest DCT scale (1, 2, 4, 8) whose decode still has at least the output's resolution:
    /// decoding only what is needed saves most of the decode and all of its memory.
    func decodeScale(for print: DetectedPrint, photo: PixelSize) -> Int {
        guard options.outputSize != .native, let region = try? region(of: print, photo: photo),
              let wanted = try? outputSize(quad: region.quad, aspect: region.aspect)
        else { return 1 }
        let native = ScanOptions.nativeSize(quad: region.quad, aspect: region.aspect)
        let ratio = min(native.width / Double(wanted.width), native.height / Double(wanted.height))
        return [8, 4, 2].first { Double($0) <= ratio } ?? 1
    }

    /// The stored rows of the decoded photo that warping `prints` (card and window) can read,
    /// with a margin of 16 rows for the interpolation's taps and area samples; nil for none.
    func storedRows(of prints: [DetectedPrint], in decoded: DecodedImage) -> Range<Int>? {
        guard !prints.isEmpty else { return nil }
        let d = Double(decoded.scaleDenominator)
        let toStored = decoded.orientation.uprightToStored(stored: decoded.pixels.size)
        var low = Double.infinity, high = -Double.infinity
        for print in prints {
            for corner in print.card.corners + (print.window?.corners ?? []) {
                let y = toStored.apply(Point((corner.x - (d - 1) / 2) / d, (corner.y - (d - 1) / 2) / d)).y
                guard y.isFinite else { return nil }
                low = min(low, y)
                high = max(high, y)
            }
        }
        let margin = 16.0
        let first = max(0, Int(max(low - margin, -1).rounded(.down)))
        let last = min(decoded.pixels.height, Int(min(high + margin, Double(decoded.pixels.height)).rounded(.up)) + 1)
        return first < last ? first..<last : nil
    }

    /// Warps one print out of the decoded photo.
    func rectify(_ print: DetectedPrint, from decoded: DecodedImage, photo: PixelSize) throws -> PixelBuffer {
        let (quad, aspect) = try region(of: print, photo: photo)
        return try warp(quad, size: try outputSize(quad: quad, aspect: aspect), from: decoded)
    }

    /// Warps the region `quad` (full-resolution upright photo pixels) into an image of `size`;
    /// `refinement` maps output pixels before they go to the quad (registration's residual when
    /// merging shots), so a refined print is still resampled only once.
    func warp(_ quad: Quad, size: PixelSize, from decoded: DecodedImage,
              refinement: Homography = .identity) throws -> PixelBuffer {
        let outputRect = [Point(0, 0), Point(Double(size.width - 1), 0),
                          Point(Double(size.width - 1), Double(size.height - 1)), Point(0, Double(size.height - 1))]
        // The output's corner pixels sit half a pixel inside the print's edges.
        let inset = Self.insetCorners(quad, width: size.width, height: size.height)
        guard let toPhoto = Homography.mapping(outputRect, to: inset.corners) else {
            throw ScanError.cornersNotConvex(quad)
        }
        let d = Double(decoded.scaleDenominator)
        // Full-resolution upright → decoded-scale upright: pixel i of the scaled image covers full
        // pixels [i·d, (i+1)·d), whose centre is at i·d + (d-1)/2.
        let toScaled = Homography.affine(scaleX: 1 / d, scaleY: 1 / d, translateX: -(d - 1) / (2 * d), translateY: -(d - 1) / (2 * d))
        let toStored = decoded.orientation.uprightToStored(stored: decoded.pixels.size)
        let map = toStored.composed(after: toScaled.composed(after: toPhoto.composed(after: refinement)))
        return try PerspectiveWarp(interpolation: options.interpolation)
            .warp(decoded.pixels, outputSize: size, outputToSource: map, maximumPixels: options.maximumPixels)
    }

    /// The quad shrunk so that an output of `width × height` pixel centres samples the middle of
    /// each edge pixel rather than the edge itself (where the background bleeds in).
    static func insetCorners(_ quad: Quad, width: Int, height: Int) -> Quad {
        guard let map = Homography.mapping(Quad(rectangleWidth: Double(width), height: Double(height)).corners,
                                           to: quad.corners) else { return quad }
        return Quad(rectangleWidth: Double(width), height: Double(height))
            .mapped { p in
                Point(p.x == 0 ? 0.5 : p.x - 0.5, p.y == 0 ? 0.5 : p.y - 0.5)
            }
            .mapped(map.apply)
    }

    /// The embedded profile, or sRGB (with a warning) when it is missing or unusable.
    func inputProfile(of decoded: DecodedImage, warnings: inout [String]) -> ColorProfile {
        guard let bytes = decoded.iccProfile else { return .sRGB }
        do {
            let profile = try ColorProfile(iccData: bytes)
            return profile.isSRGB ? .sRGB : profile
        } catch {
            warnings.append("embedded ICC profile is unusable (\(error)); treating the photo as sRGB")
            return .sRGB
        }
    }

    /// Detection on a DCT-scaled decode reports scaled coordinates; the rest of the pipeline works
    /// in full-resolution upright pixels.
    func rescaled(_ print: DetectedPrint, by d: Double) -> DetectedPrint {
        guard d != 1 else { return print }
        var p = print
        let up: (Point) -> Point = { Point($0.x * d + (d - 1) / 2, $0.y * d + (d - 1) / 2) }
        p.card = p.card.mapped(up)
        p.window = p.window?.mapped(up)
        return p
    }
}

extension ScanOptions {
    /// The region's own resolution in the photo at its true aspect ratio.
    static func nativeSize(quad: Quad, aspect: Double) -> (width: Double, height: Double) {
        let c = quad.corners
        let w = max(c[0].distance(to: c[1]), c[3].distance(to: c[2]))
        let h = max(c[0].distance(to: c[3]), c[1].distance(to: c[2]))
        return w / h > aspect ? (w, w / aspect) : (h * aspect, h)
    }
}
