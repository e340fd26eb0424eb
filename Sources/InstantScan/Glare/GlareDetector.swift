/// Finds specular glare on a rectified print.
///
/// ```swift
/// let map = GlareDetector().map(card: scan.image, format: .instaxMini)
/// let share = map.share(in: PrintFormat.instaxMini.normalizedWindow)
/// ```
///
/// Glare is light reflected off the print's gloss, added to what the print reflects: it is
/// brighter than anything the print can show, has the light's colour, and spreads as a smooth blob.
/// So the detector works on the card **white-balanced against its own frame** (it balances a small
/// copy itself, whatever the caller did to the scan): there the paper is a neutral of known
/// lightness at every point, the lamp's cast and falloff are divided out, and glare is what is
/// clearly brighter than the paper and nearly neutral. Picture content never passes the paper —
/// a white sky or a white dress is at most paper-white — which is what keeps it from being taken
/// for glare; the frame's own level, measured (its median, which a blob on part of it does not
/// move), rather than the white balance's target, keeps an over-exposed frame from counting.
/// Thin bright things (a caption's paper between strokes, a highlight line) are removed by an
/// opening, specks by an area floor; what is left is softened into a halo, so that merging
/// feathers around a blob instead of cutting along its edge.
///
/// Where the paper itself is clipped (an over-exposed photo), nothing can be brighter than it,
/// and no glare is reported: it cannot be told from white picture content there.
public struct GlareDetector: Sendable {
    /// The working grid's long side in pixels: glare blobs are millimetres across, so a coarse
    /// grid finds them and keeps the detector cheap at any scan size.
    public var workingLongSide = 400
    /// The colour space the card is in (its linear light is where white balance works).
    public var profile: BuiltInProfile = .srgb

    /// A pixel this many codes of luma above the paper starts to count, and counts fully at
    /// ``fullExcess``, each at least a share of the room left between paper and 255 (see `map`).
    static let startExcess: Float = 3, fullExcess: Float = 7
    /// Chroma (max − min code after white balance) up to which a bright pixel is neutral enough to
    /// be glare, and past which it is not at all: glare's centre measures 0–15 on the evaluation
    /// scenes, a bright picture colour over 60.
    static let neutralChroma: Float = 18, colourfulChroma: Float = 42
    /// Headroom (codes of luma between paper and 255) below which glare cannot be told from paper.
    static let minimumHeadroom: Float = 5
    /// Luma where a glare core starts to count and where it counts fully: the brightest picture
    /// content on the 20 glare-free evaluation scenes reaches 248–253 (99.5th percentile) after
    /// white balance, glare's centre 255.
    static let nearClipped: Float = 250.5, clipped: Float = 254
    /// A frame darker than this is a black edition, not paper.
    static let darkPaper: Float = 128
    /// How far below the core's threshold the halo next to a core reaches (codes of luma): the
    /// faint rim of a blob, which merging should also take from another shot.
    static let haloDepth: Float = 48

    /// Makes a detector.
    public init(workingLongSide: Int = 400, profile: BuiltInProfile = .srgb) {
        self.workingLongSide = max(32, workingLongSide)
        self.profile = profile
    }

    /// The glare on `card` and its share of the picture: `window` in the card's unit square (the
    /// whole card when nil).
    public func report(card: PixelBuffer, format: PrintFormat?, window: Quad?) -> GlareReport {
        let map = map(card: card, format: format)
        return GlareReport(share: map.share(in: window), map: map)
    }

    /// The glare on `card`, an upright image of the whole card in ``profile``'s space; `format`
    /// places the frame (nil: the card's brightest tenth is taken for the paper's level).
    public func map(card: PixelBuffer, format: PrintFormat?) -> GlareMap {
        precondition(card.format == .rgba8, "glare detection reads RGBA8 images")
        guard let small = try? downsampled(card) else { return .empty() }
        return map(downsampled: small, format: format)
    }

    /// The glare on a card already box-averaged to the working grid (``downsampled(_:)``, or
    /// ``GlareBlockSums`` for a card that never exists whole); `small` is balanced in place.
    func map(downsampled small: PixelBuffer, format: PrintFormat?) -> GlareMap {
        let balance = WhiteBalance(mode: .frame, profile: profile)
        balance.apply(balance.estimate(card: small, format: format), to: small)

        let w = small.width, h = small.height, n = w * h
        let bytes = small.packedBytes()
        var luma = [Float](repeating: 0, count: n), chroma = luma
        for i in 0..<n {
            let r = Float(bytes[4 * i]), g = Float(bytes[4 * i + 1]), b = Float(bytes[4 * i + 2])
            luma[i] = 0.2126 * r + 0.7152 * g + 0.0722 * b
            chroma[i] = max(r, g, b) - min(r, g, b)
        }
        let paper = paperLevel(luma: luma, width: w, height: h, format: format)
        guard 255 - paper >= Self.minimumHeadroom else { return .empty(width: w, height: h) }
        // The core must be near clipping as well as above the paper: picture whites (a sky, a white
        // wall) come out a little above a white-balanced frame in real scans too, but short of 255.
        // A dark frame says nothing of the exposure, so there only what is clipped counts.
        let dark = paper < Self.darkPaper
        let lo = dark ? 253 : max(paper + Self.startExcess, Self.nearClipped)
        let hi = dark ? 255 : max(paper + Self.fullExcess, Self.clipped)
        let haloLo = lo - Self.haloDepth, haloHi = lo - Self.haloDepth / 6

        var strength = [Float](repeating: 0, count: n), halo = strength
        for i in 0..<n {
            let neutral = min(max((Self.colourfulChroma - chroma[i]) / (Self.colourfulChroma - Self.neutralChroma), 0), 1)
            strength[i] = min(max((luma[i] - lo) / (hi - lo), 0), 1) * neutral
            halo[i] = min(max((luma[i] - haloLo) / (haloHi - haloLo), 0), 1) * neutral
        }
        let long = max(w, h)
        let core = BinaryMask(width: w, height: h, values: strength.map { $0 >= 0.5 })
            .opened(radius: max(1, long / 150))
            .keepingComponents(minimumArea: max(6, n / 2500))
        guard core.count > 0 else { return .empty(width: w, height: h) }

        // The halo: the core blurred (half strength at its edge, fading over a few millimetres),
        // and the faint glare next to it that the thresholds alone leave at partial strength.
        let reach = max(2, long / 60)
        let near = core.dilated(radius: reach)
        let blurred = FloatPlane(width: w, height: h, values: core.values.map { $0 ? 1 : 0 }).boxBlurred(radius: reach / 2)
        var values = [Float](repeating: 0, count: n)
        for i in 0..<n {
            let inCore: Float = core.values[i] ? 1 : 0
            values[i] = max(inCore, min(1, blurred.values[i] + (near.values[i] ? halo[i] : 0)))
        }
        return GlareMap(width: w, height: h, values: values)
    }

    /// The paper's luma: the median of the frame band (a blob on part of the frame does not move
    /// it), or without a format the card's 90th percentile.
    func paperLevel(luma: [Float], width w: Int, height h: Int, format: PrintFormat?) -> Float {
        var band: [Float] = []
        if let format {
            let card = format.cardSize, window = format.window
            // Whether a pixel is in the card and near the window splits into a test on its column
            // and one on its row, each made once.
            let columns = (0..<w).map { x -> (inCard: Bool, nearWindow: Bool) in
                let mx = (Double(x) + 0.5) / Double(w) * card.width
                return (mx > 1.5 && mx < card.width - 1.5, mx > window.x - 1 && mx < window.x + window.width + 1)
            }
            band.reserveCapacity(w * h)
            for y in 0..<h {
                let my = (Double(y) + 0.5) / Double(h) * card.height
                guard my > 1.5 && my < card.height - 1.5 else { continue }
                let rowNearWindow = my > window.y - 1 && my < window.y + window.height + 1
                for x in 0..<w where columns[x].inCard && !(columns[x].nearWindow && rowNearWindow) {
                    band.append(luma[y * w + x])
                }
            }
        }
        if band.count >= 16 {
            return OrderStatistic.select(&band, band.count / 2)
        }
        var values = luma
        return OrderStatistic.select(&values, min(values.count - 1, values.count * 9 / 10))
    }

    /// The block side `k` of the working grid for a card of `size`, and the grid's `w × h` blocks
    /// (the card's last rows and columns short of a whole block are left out).
    ///
    /// A block is never larger than the card's shorter side: a sliver of a card (an output size
    /// asked for as 2004 × 2) still holds one whole row of blocks, which the grid reads all of.
    func blocks(of size: PixelSize) -> (k: Int, w: Int, h: Int) {
        let k = max(1, min((max(size.width, size.height) + workingLongSide - 1) / workingLongSide, size.width, size.height))
        return (k, max(1, size.width / k), max(1, size.height / k))
    }

    /// The card box-averaged down to ``workingLongSide`` (a copy at most this size: it is balanced
    /// in place).
    ///
    /// Read straight from the card's rows (no packed copy of the whole card, which cost more than
    /// the rest of the detector): each block row's bytes are first summed into per-column 16-bit
    /// accumulators, a contiguous widening add the compiler vectorises, then each block's columns
    /// are folded. The sums are whole numbers, so scaling them as `Float` gives exactly what the
    /// per-pixel `Float` sums did.
    func downsampled(_ card: PixelBuffer) throws -> PixelBuffer {
        let (k, w, h) = blocks(of: card.size)
        // 16-bit column sums hold up to 257 rows of 255.
        precondition(k <= 257, "blocks taller than 257 rows would overflow the column sums")
        let rowBytes = 4 * w * k
        var columnSums = [UInt16](repeating: 0, count: rowBytes)
        var out = [UInt8](repeating: 255, count: w * h * 4)
        let norm = 1 / Float(k * k)
        columnSums.withUnsafeMutableBufferPointer { acc in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    for i in 0..<rowBytes { acc[i] = 0 }
                    for sy in (y * k)..<(y * k + k) {
                        let row = card.rowPointer(sy)
                        for i in 0..<rowBytes { acc[i] &+= UInt16(row[i]) }
                    }
                    for x in 0..<w {
                        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                        var p = 4 * x * k
                        for _ in 0..<k {
                            r &+= UInt32(acc[p]); g &+= UInt32(acc[p + 1]); b &+= UInt32(acc[p + 2])
                            p += 4
                        }
                        let o = 4 * (y * w + x)
                        out[o] = BlockMeanCode.code(Float(r) * norm)
                        out[o + 1] = BlockMeanCode.code(Float(g) * norm)
                        out[o + 2] = BlockMeanCode.code(Float(b) * norm)
                    }
                }
            }
        }
        return try PixelBuffer(width: w, height: h, packed: out)
    }
}
