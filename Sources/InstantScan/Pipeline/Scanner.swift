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
        let info = try timings.measure("header") { try ImageReader.info(of: data) }
        try PixelBuffer.validate(width: info.storedSize.width, height: info.storedSize.height,
                                 maximumPixels: options.maximumPixels)
        let upright = info.orientation.uprightSize(stored: info.storedSize)
        var warnings = info.warnings

        let found: [DetectedPrint]
        let decoded: DecodedImage
        if let corners = options.corners {
            guard corners.isConvex, corners.signedArea > 0 else { throw ScanError.cornersNotConvex(corners) }
            guard corners.isInside(width: upright.width, height: upright.height, tolerance: 1) else {
                throw ScanError.cornersOutsideImage(corners, upright)
            }
            let print = manualPrint(corners, photo: upright)
            let denominator = decodeScale(for: print, photo: upright)
            decoded = try timings.measure("decode") {
                try ImageReader.decode(data, scaleDenominator: denominator, maximumPixels: options.maximumPixels)
            }
            found = [print]
        } else {
            decoded = try timings.measure("decode") { try ImageReader.decode(data, maximumPixels: options.maximumPixels) }
            found = try timings.measure("detect") {
                ReadingOrder.sorted(try PrintDetector(options: options.detection)
                    .detect(in: decoded.pixels, orientation: decoded.orientation)
                    .map { rescaled($0, by: Double(decoded.scaleDenominator)) })
            }
        }
        warnings += decoded.warnings

        let input = inputProfile(of: decoded, warnings: &warnings)
        let output = options.outputProfile.profile
        let converter = try timings.measure("icc") { try ColorConverter(from: input, to: output) }

        var prints: [ScannedPrint] = []
        for print in found {
            let image = try timings.measure("warp") { try rectify(print, from: decoded, photo: upright) }
            if !converter.isIdentity { timings.measure("icc") { converter.convert(image) } }
            timings.measure("colour") { options.stretch?.apply(to: image) }
            prints.append(ScannedPrint(image: image, profile: options.outputProfile, card: print.card,
                                       window: print.window, format: print.format, confidence: print.confidence))
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

    /// Warps one print out of the decoded photo.
    func rectify(_ print: DetectedPrint, from decoded: DecodedImage, photo: PixelSize) throws -> PixelBuffer {
        let (quad, aspect) = try region(of: print, photo: photo)
        let size = try outputSize(quad: quad, aspect: aspect)
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
        let map = toStored.composed(after: toScaled.composed(after: toPhoto))
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
