/// The surface around a print (table, album page, hand), in a band just outside the card: it
/// carries the same light as the print but none of its frame's colour or age, so white balance
/// weighs the frame against it.
///
/// The band is cut from the photo by the card's own perspective: card-normalised coordinates
/// from −``reach`` to 1 + ``reach`` are sampled into a small image (nearest pixel, no prefilter:
/// statistics need no anti-aliasing, and the band covers twice the card's area of the photo),
/// and the samples are the pixels outside the card (and a little gap, where its shadow and edge
/// lie).
struct SurfaceRing {
    /// How far the band reaches beyond the card, as a share of the card's width and height.
    var reach: Double
    /// The band's statistics.
    var statistics: ImageStatistics
    /// R, G, B codes of every sample of the band, clipped ones included (three bytes a sample):
    /// how bright the surface is (``ExposureCeiling``), which the statistics, keeping only what
    /// a colour can be read from, leave out where a white surface clipped.
    var codes: [UInt8] = []

    /// The reaches tried, widest first: a wide band sees more of the surface, a narrow one fits
    /// a print near the photo's edge.
    static let reaches = [0.25, 0.18, 0.12, 0.08]
    /// Share of the card kept clear around it (its shadow, its edge, a corner a little off).
    static let gap = 0.04
    /// The long side of the band's image: some 10 000 samples in the band.
    static let longSide = 240

    /// The quad to warp for the band around `card` (upright photo pixels) and its reach: the
    /// widest that stays inside the photo; nil when even the narrowest leaves it.
    static func region(around card: Quad, photo: PixelSize) -> (quad: Quad, reach: Double)? {
        guard let map = Homography.mapping(Quad(rectangleWidth: 1, height: 1).corners, to: card.corners) else { return nil }
        for reach in reaches {
            let grown = Quad(Point(-reach, -reach), Point(1 + reach, -reach), Point(1 + reach, 1 + reach), Point(-reach, 1 + reach))
                .mapped(map.apply)
            if grown.isConvex, grown.signedArea > 0, grown.isInside(width: photo.width, height: photo.height, tolerance: 0) {
                return (grown, reach)
            }
        }
        return nil
    }

    /// The size of the band's image for `quad`: its mean side lengths scaled to ``longSide``.
    static func imageSize(for quad: Quad) -> PixelSize {
        let c = quad.corners
        let width = (c[0].distance(to: c[1]) + c[3].distance(to: c[2])) / 2
        let height = (c[0].distance(to: c[3]) + c[1].distance(to: c[2])) / 2
        let scale = Double(longSide) / max(width, height, 1)
        return PixelSize(width: max(16, Int((width * scale).rounded())), height: max(16, Int((height * scale).rounded())))
    }

    /// An image of `size` whose pixels map through `outputToSource` (pixel (x, y) spans x…x + 1)
    /// into `source` (an RGB8 or RGBA8 photo), each the mean of the 3×3 source pixels nearest its
    /// centre (a small prefilter against JPEG noise and fine texture); pixels mapping outside
    /// read the nearest edge pixels.
    static func sample(_ source: PixelBuffer, size: PixelSize, outputToSource: Homography) throws -> PixelBuffer {
        let image = try PixelBuffer(width: size.width, height: size.height)
        let bpp = source.format.bytesPerPixel
        for y in 0..<size.height {
            let row = image.rowPointer(y)
            for x in 0..<size.width {
                let p = outputToSource.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                guard p.x.isFinite, p.y.isFinite else { continue }
                let cx = Int(p.x.rounded()), cy = Int(p.y.rounded())
                var sum = (0, 0, 0)
                for sy in (cy - 1)...(cy + 1) {
                    let line = source.rowPointer(min(max(sy, 0), source.height - 1))
                    for sx in (cx - 1)...(cx + 1) {
                        let s = line + min(max(sx, 0), source.width - 1) * bpp
                        sum = (sum.0 + Int(s[0]), sum.1 + Int(s[1]), sum.2 + Int(s[2]))
                    }
                }
                row[x * 4] = UInt8((sum.0 + 4) / 9)
                row[x * 4 + 1] = UInt8((sum.1 + 4) / 9)
                row[x * 4 + 2] = UInt8((sum.2 + 4) / 9)
                row[x * 4 + 3] = 255
            }
        }
        return image
    }

    /// The band's samples from `image`, the warp of ``region(around:photo:)``'s quad.
    init(image: PixelBuffer, reach: Double) {
        self.reach = reach
        let span = 1 + 2 * reach
        let low = -SurfaceRing.gap, high = 1 + SurfaceRing.gap
        let width = Double(image.width), height = Double(image.height)
        let inBand = { (x: Int, y: Int) -> Bool in
            let u = -reach + span * (Double(x) + 0.5) / width, v = -reach + span * (Double(y) + 0.5) / height
            return !(u > low && u < high && v > low && v < high)
        }
        statistics = ImageStatistics(image: image, step: 1, includes: inBand)
        codes.reserveCapacity(3 * image.width * image.height)
        for y in 0..<image.height {
            let row = image.row(y)
            for x in 0..<image.width where inBand(x, y) {
                let p = row + x * 4
                codes.append(p[0]); codes.append(p[1]); codes.append(p[2])
            }
        }
    }
}
