#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The gray edge of the whole photo outside its prints: one more colour-constancy cue for a
/// frame that is not a white reference (``SceneLight/adding(photoEdge:locus:)``).
///
/// The surface ring sees a band just around the card, as wide as a quarter of it: where that band
/// is one coloured cloth or one wooden table, both its cues read the table's colour. The rest of
/// the photo — the table further off, the wall, a cup, a hand — carries the same light over many
/// more surfaces, and the edges between surfaces average to the light's colour more often than
/// the surfaces do (van de Weijer, Gevers & Gijsenij 2007). Measured on the evaluation's hard
/// scenes and two photographic variants of them (99 photos, session 25's study): the best single
/// cue (median 0.077 from the scene's light in log ratios, against 0.13–0.21 for the picture's and
/// the ring's cues).
///
/// Read on a small copy of the photo (``longSide`` pixels), in linear light: gradients by Sobel
/// per channel, their Minkowski p-mean (p = 6, as the other cues). The prints are masked out with
/// a gap (their frames' and pictures' colours are not the light's, their shadows and edges lie
/// just outside), and so are clipped pixels (glare, a window: their colour is the clip's) and
/// near-black ones (JPEG noise); an edge is only read where the whole 3×3 neighbourhood is usable,
/// so no edge runs into a print or a clipped highlight. A photo whose outside is all one surface
/// gives no cue (``isOneSurface(_:usable:)``): that surface is the ring's already. A strongly
/// coloured table seen with other things is pulled into the band of lights and left out of the
/// pool when it disagrees with the other cues, as the ring's cues are.
struct PhotoGrayEdge {
    /// The long side of the photo's copy: some 40 000 pixels, as many as the ring's band.
    static let longSide = 240
    /// A pixel with a channel at or above this code is clipped (glare, a bright window).
    static let clipCode: UInt8 = 250
    /// A pixel with a channel at or below this code is too dark to carry a colour.
    static let darkCode: UInt8 = 8
    /// Fewest usable edge pixels for a reading.
    static let minimumCount = 200
    /// Share of each card's size masked beyond it (as the ring's gap, ``SurfaceRing/gap``).
    static let gap = SurfaceRing.gap

    /// The cue on `image` (RGBA8, the whole photo small, in the working space) with the `cards`
    /// (in `image`'s pixels, pixel (x, y) centred at x + 0.5, y + 0.5) left out; nil when too
    /// little of the photo is usable.
    static func chroma(of image: PixelBuffer, excluding cards: [Quad]) -> LightChroma? {
        let (width, height) = (image.width, image.height)
        guard width >= 3, height >= 3 else { return nil }
        let grown = cards.compactMap(grownCard)
        let table = LinearLight.decodeTable
        var usable = [Bool](repeating: false, count: width * height)
        var linear = [Double](repeating: 0, count: 3 * width * height)
        var usableCount = 0
        for y in 0..<height {
            let row = image.row(y)
            for x in 0..<width {
                let p = row + 4 * x
                let i = y * width + x
                for c in 0..<3 { linear[3 * i + c] = Double(table[Int(p[c])]) }
                guard max(p[0], p[1], p[2]) < clipCode, min(p[0], p[1], p[2]) > darkCode else { continue }
                let centre = Point(Double(x) + 0.5, Double(y) + 0.5)
                guard !grown.contains(where: { $0.contains(centre) }) else { continue }
                usable[i] = true
                usableCount += 1
            }
        }
        guard usableCount >= minimumCount, !isOneSurface(linear, usable: usable) else { return nil }
        var sums = (0.0, 0.0, 0.0), count = 0
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                // Only where every pixel the Sobel kernel reads is usable.
                var inner = true
                for dy in -1...1 where inner {
                    for dx in -1...1 where !usable[(y + dy) * width + x + dx] { inner = false; break }
                }
                guard inner else { continue }
                // |∇|⁶ = (gx² + gy²)³ of channel `c`.
                func sixth(_ c: Int) -> Double {
                    func v(_ dx: Int, _ dy: Int) -> Double { linear[3 * ((y + dy) * width + x + dx) + c] }
                    let gx = (v(1, -1) + 2 * v(1, 0) + v(1, 1)) - (v(-1, -1) + 2 * v(-1, 0) + v(-1, 1))
                    let gy = (v(-1, 1) + 2 * v(0, 1) + v(1, 1)) - (v(-1, -1) + 2 * v(0, -1) + v(1, -1))
                    let squared = gx * gx + gy * gy
                    return squared * squared * squared
                }
                sums = (sums.0 + sixth(0), sums.1 + sixth(1), sums.2 + sixth(2))
                count += 1
            }
        }
        guard count >= minimumCount else { return nil }
        let means = [sums.0, sums.1, sums.2].map { pow($0 / Double(count), 1 / SceneLight.power) }
        return means.allSatisfy({ $0 > 1e-6 }) ? LightChroma(rgb: means) : nil
    }

    /// Colours this close (log ratios) are one surface's: its shading, texture and JPEG noise.
    static let oneSurfaceRadius = 0.05
    /// The share of the usable pixels within ``oneSurfaceRadius`` of their median colour from
    /// which the photo outside the prints is one surface.
    static let oneSurfaceShare = 0.9
    /// Pixels apart (in reading order) that the one-surface test reads.
    static let oneSurfaceStride = 3

    /// Whether the usable pixels are nearly all one colour: one table or wall fills the photo
    /// outside the prints. The edges within one surface are its own colour times the light, as
    /// the surface is, so the cue would only be the ring's reading of that surface again, counted
    /// twice (a bluish slate under a lamp, the test suite's amber frame, then read a light far too
    /// cold). Edges carry the light where they run between different surfaces. On the hard scenes'
    /// single-print photos the share is 1.00 where one surface fills them and at most 0.73 elsewhere.
    private static func isOneSurface(_ linear: [Double], usable: [Bool]) -> Bool {
        // Every ``oneSurfaceStride``-th pixel: some ten thousand colours tell one surface from many.
        var rg: [Double] = [], bg: [Double] = []
        for i in stride(from: 0, to: usable.count, by: oneSurfaceStride) where usable[i] {
            rg.append(log(linear[3 * i] / linear[3 * i + 1]))
            bg.append(log(linear[3 * i + 2] / linear[3 * i + 1]))
        }
        let median = LightChroma(rg: rg.sorted()[rg.count / 2], bg: bg.sorted()[bg.count / 2])
        let near = zip(rg, bg).filter { LightChroma(rg: $0, bg: $1).distance(to: median) < oneSurfaceRadius }.count
        return !rg.isEmpty && Double(near) >= oneSurfaceShare * Double(rg.count)
    }

    /// `card` grown by ``gap`` of its size on every side, through its own perspective.
    private static func grownCard(_ card: Quad) -> Quad? {
        guard let map = Homography.mapping(Quad(rectangleWidth: 1, height: 1).corners, to: card.corners) else { return nil }
        let low = -gap, high = 1 + gap
        let grown = Quad(Point(low, low), Point(high, low), Point(high, high), Point(low, high)).mapped(map.apply)
        return grown.isConvex ? grown : card
    }
}
