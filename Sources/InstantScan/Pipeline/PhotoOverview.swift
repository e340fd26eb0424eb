/// The whole photo, small and upright: what the whole photo's gray edge (``PhotoGrayEdge``) is
/// read on.
///
/// Made from whatever whole decode of the photo there is (detection's DCT-scaled one, or the
/// photo's own), or, when only the prints' band of a JPEG was decoded, from a decode of the whole
/// photo at the smallest DCT scale that still gives ``PhotoGrayEdge/longSide`` pixels.
struct PhotoOverview {
    /// RGBA8, upright, in the photo's own colour space.
    var image: PixelBuffer
    /// Full-resolution upright pixels to the image's (pixel (x, y) of the image spans x…x + 1).
    var scale: Double

    /// The overview of `decoded`, a decode of the whole photo (not a band); nil for a grey photo.
    ///
    /// Each pixel is the mean of the 3×3 decoded pixels nearest its centre (``SurfaceRing/sample(_:size:outputToSource:)``):
    /// on a DCT-scaled decode, itself an average of 2×2 to 8×8 pixels, that is close to the
    /// average over the pixel's whole footprint, at a few hundred thousand reads.
    init?(_ decoded: DecodedImage) throws {
        guard decoded.band == nil, decoded.pixels.format != .gray8 else { return nil }
        let upright = decoded.uprightSize
        scale = min(1, Double(PhotoGrayEdge.longSide) / Double(max(upright.width, upright.height, 1)))
        let size = PixelSize(width: max(1, Int((Double(upright.width) * scale).rounded())),
                             height: max(1, Int((Double(upright.height) * scale).rounded())))
        // Image pixel (x, y) spans x…x + 1; full-resolution upright pixel centres are whole numbers.
        let toFull = Homography.affine(scaleX: 1 / scale, scaleY: 1 / scale, translateX: -0.5, translateY: -0.5)
        image = try SurfaceRing.sample(decoded.pixels, size: size, outputToSource: decoded.storedMap(fromUpright: toFull))
    }

    /// The overview of the JPEG `data` (whose header is `info`), decoded whole at the smallest
    /// DCT scale that keeps ``PhotoGrayEdge/longSide`` pixels on its long side.
    static func decoding(_ data: [UInt8], info: ImageInfo, maximumPixels: Int) throws -> PhotoOverview? {
        let long = max(info.storedSize.width, info.storedSize.height)
        let scale = [8, 4, 2].first { long / $0 >= PhotoGrayEdge.longSide } ?? 1
        let height = (info.storedSize.height + scale - 1) / scale
        let pixels = try JPEGBandDecoder.decode(data, rows: 0..<height, scaleDenominator: scale, format: .rgb8,
                                                maximumPixels: maximumPixels)
        return try PhotoOverview(DecodedImage(pixels: pixels, orientation: info.orientation, iccProfile: info.iccProfile,
                                              isSRGBTagged: false, scaleDenominator: scale, fullSize: info.storedSize,
                                              format: .jpeg, warnings: []))
    }

    /// The whole photo's gray edge with `cards` (full-resolution upright pixels) left out, after
    /// `converter` takes the overview into the working space (in place: asked once, as
    /// ``WholePhotoCue`` asks).
    func grayEdge(excluding cards: [Quad], converter: ColorConverter) -> LightChroma? {
        if !converter.isIdentity { converter.convert(image) }
        return PhotoGrayEdge.chroma(of: image, excluding: cards.map { $0.mapped { Point(($0.x + 0.5) * scale, ($0.y + 0.5) * scale) } })
    }
}
