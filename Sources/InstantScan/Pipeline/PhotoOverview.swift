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
    /// Each pixel is the mean of up to ``samplesPerAxis`` × ``samplesPerAxis`` decoded pixels
    /// spread evenly over its footprint: close to the footprint's average (what an area
    /// downsample gives, and what the cue was measured on) at a few hundred thousand reads
    /// however large the decode.
    init?(_ decoded: DecodedImage) throws {
        guard decoded.band == nil, decoded.pixels.format != .gray8 else { return nil }
        let upright = decoded.uprightSize
        scale = min(1, Double(PhotoGrayEdge.longSide) / Double(max(upright.width, upright.height, 1)))
        let size = PixelSize(width: max(1, Int((Double(upright.width) * scale).rounded())),
                             height: max(1, Int((Double(upright.height) * scale).rounded())))
        // Image pixel (x, y) spans x…x + 1; full-resolution upright pixel centres are whole numbers.
        let toFull = Homography.affine(scaleX: 1 / scale, scaleY: 1 / scale, translateX: -0.5, translateY: -0.5)
        image = try Self.sample(decoded.pixels, size: size, outputToSource: decoded.storedMap(fromUpright: toFull))
    }

    /// Most samples a side of an overview pixel's footprint is read at.
    static let samplesPerAxis = 5

    /// An RGBA8 image of `size` whose pixel (x, y), spanning x…x + 1 and mapped into `source` (RGB8
    /// or RGBA8) by `outputToSource` (an axis-aligned map: a scale, a turn or a flip), is the mean
    /// of source pixels spread evenly over its footprint (all of them up to ``samplesPerAxis``
    /// pixels across).
    private static func sample(_ source: PixelBuffer, size: PixelSize, outputToSource map: Homography) throws -> PixelBuffer {
        let image = try PixelBuffer(width: size.width, height: size.height)
        let bpp = source.format.bytesPerPixel
        // The footprint's extent in source pixels along the source's own axes.
        let origin = map.apply(Point(0, 0)), across = map.apply(Point(1, 0)) - origin, down = map.apply(Point(0, 1)) - origin
        let extent = (x: abs(across.x) + abs(down.x), y: abs(across.y) + abs(down.y))
        // Samples evenly spaced by whole pixels over the footprint, centred on it.
        func spread(_ extent: Double) -> (count: Int, spacing: Int) {
            let n = min(samplesPerAxis, max(1, Int(extent.rounded(.up))))
            return (n, max(1, Int((extent / Double(n)).rounded())))
        }
        let (nx, ny) = (spread(extent.x), spread(extent.y))
        let count = nx.count * ny.count
        let step = nx.spacing * bpp
        let (maxX, maxY) = (source.width - 1, source.height - 1)
        let (base, stride) = (source.baseAddress, source.bytesPerRow)
        // Some 25 reads a pixel: worth both cores while the other waits for detection to end.
        RowBands.run(height: size.height, width: size.width * count) { rows in
            for y in rows {
                let row = image.rowPointer(y)
                for x in 0..<size.width {
                    let centre = map.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                    guard centre.x.isFinite, centre.y.isFinite else { continue }
                    let x0 = Int((centre.x - Double((nx.count - 1) * nx.spacing) / 2).rounded())
                    let y0 = Int((centre.y - Double((ny.count - 1) * ny.spacing) / 2).rounded())
                    var (r, g, b) = (0, 0, 0)
                    // Clamped to the edge pixels only where the footprint leaves the source.
                    let inside = x0 >= 0 && x0 + (nx.count - 1) * nx.spacing <= maxX
                    for j in 0..<ny.count {
                        let line = base + min(max(y0 + j * ny.spacing, 0), maxY) * stride
                        if inside {
                            var s = line + x0 * bpp
                            let end = s + nx.count * step
                            while s < end {
                                r &+= Int(s[0]); g &+= Int(s[1]); b &+= Int(s[2])
                                s += step
                            }
                        } else {
                            for i in 0..<nx.count {
                                let s = line + min(max(x0 + i * nx.spacing, 0), maxX) * bpp
                                r &+= Int(s[0]); g &+= Int(s[1]); b &+= Int(s[2])
                            }
                        }
                    }
                    row[x * 4] = UInt8((r + count / 2) / count)
                    row[x * 4 + 1] = UInt8((g + count / 2) / count)
                    row[x * 4 + 2] = UInt8((b + count / 2) / count)
                    row[x * 4 + 3] = 255
                }
            }
        }
        return image
    }

    /// How much sharper than the overview the decode's colour is kept.
    static let chromaMargin = 1.5

    /// The overview of the JPEG `data` (whose header is `info`), decoded whole at the smallest
    /// DCT scale that keeps the photo's colour sharper than the overview (``chromaMargin``).
    ///
    /// A phone's JPEG keeps its colour at half the resolution (4:2:0), so a decode at 1/8 has its
    /// colour at about 1/16, as coarse as the overview of an 8–12 MP photo: the colour of its
    /// edges is blurred away more than their lightness, and they read a light nearer neutral than
    /// it is (hard scene-0002, area-downsampled: log R/G 0.47 from a 1/8 decode, 0.56 from 1/4,
    /// 0.57 from the whole photo; its light is 0.63).
    static func decoding(_ data: [UInt8], info: ImageInfo, maximumPixels: Int) throws -> PhotoOverview? {
        let long = max(info.storedSize.width, info.storedSize.height)
        let sharpEnough = Double(PhotoGrayEdge.longSide) * chromaMargin
        let scale = [8, 4, 2].first { Double(long) / Double(2 * $0) >= sharpEnough } ?? 1
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
