/// The rectify stage: decides which region of a print becomes the output, how large, from which
/// DCT scale of the photo, and warps it straight out of the stored pixels.
///
/// ```swift
/// let decoded = try ImageReader.decode(photo)
/// let prints = try PrintDetector().detect(in: decoded.pixels, orientation: decoded.orientation)
/// let images = try prints.map { try PrintRectifier(options: ScanOptions()).rectify($0, from: decoded) }
/// ```
///
/// Coordinates are full-resolution upright photo pixels, as ``DetectedPrint`` reports them; EXIF
/// orientation, the DCT scale and the print's perspective become one homography per print.
public struct PrintRectifier: Sendable {
    /// Card or picture window.
    public var crop: ScanOptions.Crop
    /// How large the output is.
    public var outputSize: ScanOptions.OutputSize
    /// Resampling filter.
    public var interpolation: Interpolation
    /// Outputs with more pixels than this are refused.
    public var maximumPixels: Int

    /// The long side of the card image white balance and glare measure when the output is not the
    /// card itself: the light's fit uses some 8 000 frame samples, which this size gives with room.
    public static let estimationLongSide = 1200

    /// A rectifier with `options`' crop, size, interpolation and pixel limit.
    public init(options: ScanOptions) {
        crop = options.crop
        outputSize = options.outputSize
        interpolation = options.interpolation
        maximumPixels = options.maximumPixels
    }

    /// The quad to rectify and its true width/height ratio.
    struct Region {
        var quad: Quad
        var aspect: Double
    }

    /// Warps one print (its card or window, as ``crop`` says) out of the decoded photo.
    public func rectify(_ print: DetectedPrint, from decoded: DecodedImage) throws -> PixelBuffer {
        let region = try region(of: print, photo: decoded.uprightSize)
        return try warp(region.quad, size: try size(of: region), from: decoded)
    }

    /// The whole card at its true aspect ratio, at most ``estimationLongSide`` pixels long, in the
    /// photo's colour space: what white balance and glare measure when the output is not the card.
    func estimationCard(for print: DetectedPrint, from decoded: DecodedImage) throws -> PixelBuffer {
        let native = Self.nativeSize(quad: print.card, aspect: Self.cardAspect(of: print, photo: decoded.uprightSize))
        let shrink = min(1, Double(Self.estimationLongSide) / max(native.width, native.height))
        let size = PixelSize(width: max(2, Int((native.width * shrink).rounded())),
                             height: max(2, Int((native.height * shrink).rounded())))
        return try warp(print.card, size: size, from: decoded)
    }

    /// The region of `print` that ``crop`` asks for.
    func region(of print: DetectedPrint, photo: PixelSize) throws -> Region {
        switch crop {
        case .card:
            return Region(quad: print.card, aspect: Self.cardAspect(of: print, photo: photo))
        case .window:
            guard let window = print.window else { throw ScanError.windowNeedsFormat }
            return Region(quad: window, aspect: print.format?.windowAspect ?? AspectRatio.recover(window, imageSize: photo))
        }
    }

    /// The output size for a region: as asked, or the print's own resolution in the photo.
    func size(of region: Region) throws -> PixelSize {
        let native = Self.nativeSize(quad: region.quad, aspect: region.aspect)
        return try size(native: PixelSize(width: max(1, Int(native.width.rounded())), height: max(1, Int(native.height.rounded()))),
                        aspect: region.aspect)
    }

    /// ``outputSize`` for a region whose own resolution is `native` and true ratio `aspect`.
    func size(native: PixelSize, aspect: Double) throws -> PixelSize {
        switch outputSize {
        case let .exact(size):
            guard size.width > 0, size.height > 0 else { throw ScanError.invalidOutputSize("\(size)") }
            return size
        case let .longSide(n):
            guard n > 0 else { throw ScanError.invalidOutputSize("long side \(n)") }
            return aspect >= 1
                ? PixelSize(width: n, height: max(1, Int((Double(n) / aspect).rounded())))
                : PixelSize(width: max(1, Int((Double(n) * aspect).rounded())), height: n)
        case .native:
            return native
        }
    }

    /// The largest DCT scale (1, 2, 4, 8) whose decode still has at least the output's resolution:
    /// decoding only what is needed saves most of the decode and all of its memory.
    func decodeScale(for print: DetectedPrint, photo: PixelSize) -> Int {
        guard outputSize != .native, let region = try? region(of: print, photo: photo),
              let wanted = try? size(of: region)
        else { return 1 }
        let native = Self.nativeSize(quad: region.quad, aspect: region.aspect)
        return Self.scale(ratio: min(native.width / Double(wanted.width), native.height / Double(wanted.height)))
    }

    /// The DCT scale for a light estimate: the largest that keeps ``estimationLongSide`` pixels on
    /// the card's long side.
    static func estimationDecodeScale(for print: DetectedPrint, photo: PixelSize) -> Int {
        let native = nativeSize(quad: print.card, aspect: cardAspect(of: print, photo: photo))
        return scale(ratio: max(native.width, native.height) / Double(estimationLongSide))
    }

    /// The largest of 8, 4, 2 not above `ratio`, else 1.
    private static func scale(ratio: Double) -> Int {
        [8, 4, 2].first { Double($0) <= ratio } ?? 1
    }

    /// The card's true width/height: its format's, else recovered from its perspective.
    static func cardAspect(of print: DetectedPrint, photo: PixelSize) -> Double {
        print.format?.cardAspect ?? AspectRatio.recover(print.card, imageSize: photo)
    }

    /// The region's own resolution in the photo at its true aspect ratio: the longer of each pair
    /// of opposite sides, widened or heightened to the ratio, so that no direction loses detail.
    static func nativeSize(quad: Quad, aspect: Double) -> (width: Double, height: Double) {
        let c = quad.corners
        let w = max(c[0].distance(to: c[1]), c[3].distance(to: c[2]))
        let h = max(c[0].distance(to: c[3]), c[1].distance(to: c[2]))
        return w / h > aspect ? (w, w / aspect) : (h * aspect, h)
    }
}
