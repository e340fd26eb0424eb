/// Divides an RGBA8 image by an illumination field in linear light, in place: the per-pixel loop
/// behind ``WhiteBalance/apply(_:to:covering:)``, and all of its pointer work.
///
/// Per pixel: three table loads to (root-)linear light, three multiplies by the gain, three table
/// loads back to code values; both tables stay in L1 cache (see ``LinearLight/rootDecodeTable``).
/// The gain (the root of paper white over the field, times the encode table's scale) is computed
/// exactly (with `exp`) only on a grid of nodes 32 pixels apart and interpolated linearly between
/// them: a field of degree two moves by well under 0.01 % between nodes, and an `exp` per channel
/// per pixel would cost more than the whole stage may. A scalar loop: the table loads are gathers,
/// which Swift does not vectorise, and integer↔float SIMD vector conversions are out-of-line calls
/// in Swift 6.3.
///
/// A clipped channel (code ≥ 250) only says the true value was at least that bright; corrected by
/// its own gain it would come out too dark, tinting highlights (the frame itself under a warm
/// lamp would turn cyan). Such a channel is raised to the brightest of the pixel's unclipped
/// channels — or of all three when all are clipped — so clipped highlights come out neutral.
struct LightCorrectionKernel {
    /// Node spacing of the gain grid in pixels.
    static let nodeSpacing = 32

    /// Gains (encode-table steps per unit of root-linear input) at the grid nodes, node-major, 3 per node.
    let nodeGains: [Float]
    /// Node columns and rows.
    let columns: Int, rows: Int
    let width: Int, height: Int

    /// Prepares the gains for an image of `width × height` covering the card rectangle `region`
    /// (card-normalised `u0...u1 × v0...v1`).
    init(field: IlluminationField, whiteLevel: Double, width: Int, height: Int,
         region: (u0: Double, v0: Double, u1: Double, v1: Double)) {
        self.width = width
        self.height = height
        let spacing = LightCorrectionKernel.nodeSpacing
        columns = (width - 1 + spacing - 1) / spacing + 1
        rows = (height - 1 + spacing - 1) / spacing + 1
        let steps = Double(LinearLight.rootEncodeSteps - 1)
        var gains = [Float](repeating: 0, count: columns * rows * 3)
        for j in 0..<rows {
            let y = min(j * spacing, height - 1)
            let v = region.v0 + (Double(y) + 0.5) / Double(height) * (region.v1 - region.v0)
            for i in 0..<columns {
                let x = min(i * spacing, width - 1)
                let u = region.u0 + (Double(x) + 0.5) / Double(width) * (region.u1 - region.u0)
                for c in 0..<3 {
                    gains[(j * columns + i) * 3 + c] = Float((whiteLevel / field.value(channel: c, u: u, v: v)).squareRoot() * steps)
                }
            }
        }
        nodeGains = gains
    }

    /// Corrects every pixel of `image` (which must be `width × height` RGBA8) in parallel row
    /// bands; returns how many pixels had a clipped channel.
    func apply(to image: PixelBuffer) -> Int {
        precondition(image.format == .rgba8 && image.width == width && image.height == height,
                     "the kernel was prepared for a \(width)×\(height) RGBA8 image")
        let bands = RowBands.bands(height: height, width: width)
        var clippedPerBand = [Int](repeating: 0, count: bands.count)
        LinearLight.rootDecodeTable.withUnsafeBufferPointer { decode in
            LinearLight.rootEncodeTable.withUnsafeBufferPointer { encode in
                nodeGains.withUnsafeBufferPointer { nodes in
                    clippedPerBand.withUnsafeMutableBufferPointer { counts in
                        RowBands.run(bands) { band, range in
                            counts[band] = correctRows(range, of: image, firstRow: 0, decode: decode, encode: encode,
                                                       nodes: nodes)
                        }
                    }
                }
            }
        }
        return clippedPerBand.reduce(0, +)
    }

    /// Corrects rows `rows` of the image, held in `band` from its row `firstRow` on (a band of an
    /// image that never exists whole), on the calling thread; returns how many pixels had a
    /// clipped channel. Each row's result is the one ``apply(to:)`` gives it.
    func apply(toBand band: PixelBuffer, firstRow: Int, rows: Range<Int>) -> Int {
        precondition(band.format == .rgba8 && band.width == width && rows.lowerBound >= firstRow
                     && rows.upperBound - firstRow <= band.height && rows.upperBound <= height,
                     "rows \(rows) outside the band or the \(width)×\(height) image")
        return LinearLight.rootDecodeTable.withUnsafeBufferPointer { decode in
            LinearLight.rootEncodeTable.withUnsafeBufferPointer { encode in
                nodeGains.withUnsafeBufferPointer { nodes in
                    correctRows(rows, of: band, firstRow: firstRow, decode: decode, encode: encode, nodes: nodes)
                }
            }
        }
    }

    private func correctRows(_ range: Range<Int>, of image: PixelBuffer, firstRow: Int, decode: UnsafeBufferPointer<Float>,
                             encode: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<Float>) -> Int {
        let spacing = LightCorrectionKernel.nodeSpacing
        // This row's gains at each node column, interpolated between the two node rows around it.
        var rowGains = [Float](repeating: 0, count: columns * 3)
        var clipped = 0
        rowGains.withUnsafeMutableBufferPointer { rowGains in
            for y in range {
                let j = rows == 1 ? 0 : min(y / spacing, rows - 2)
                let y0 = j * spacing, y1 = min((j + 1) * spacing, height - 1)
                let t: Float = rows == 1 ? 0 : Float(y - y0) / Float(y1 - y0)
                let upper = j * columns * 3, lower = min(j + 1, rows - 1) * columns * 3
                for k in 0..<(columns * 3) {
                    rowGains[k] = nodes[upper + k] + t * (nodes[lower + k] - nodes[upper + k])
                }
                let row = UnsafeMutableRawPointer(image.rowPointer(y - firstRow))
                if columns == 1 {
                    clipped &+= correctSpan(row, 0..<width, gains: (rowGains[0], rowGains[1], rowGains[2]),
                                            steps: (0, 0, 0), decode: decode, encode: encode)
                    continue
                }
                // Node columns sit at i·spacing and at the last pixel; the last span ends the row.
                for i in 0..<(columns - 1) {
                    let xa = i * spacing, xb = min((i + 1) * spacing, width - 1)
                    let span = Float(xb - xa)
                    let n0 = i * 3, n1 = n0 + 3
                    let start = (rowGains[n0], rowGains[n0 + 1], rowGains[n0 + 2])
                    let steps = ((rowGains[n1] - start.0) / span, (rowGains[n1 + 1] - start.1) / span,
                                 (rowGains[n1 + 2] - start.2) / span)
                    clipped &+= correctSpan(row, xa..<(i == columns - 2 ? width : xb), gains: start, steps: steps,
                                            decode: decode, encode: encode)
                }
            }
        }
        return clipped
    }

    /// Corrects pixels `xs` of one row, the gains starting at `gains` and moving by `steps` a
    /// pixel; returns how many had a clipped channel.
    @inline(__always)
    private func correctSpan(_ row: UnsafeMutableRawPointer, _ xs: Range<Int>, gains: (Float, Float, Float),
                             steps: (Float, Float, Float), decode: UnsafeBufferPointer<Float>,
                             encode: UnsafeBufferPointer<UInt8>) -> Int {
        let top = Float(LinearLight.rootEncodeSteps - 1)
        var (gr, gg, gb) = gains
        var clipped = 0
        let clip = Int(FrameLightFit.clipCode)
        for x in xs {
            let p = row + x &* 4
            let v = UInt32(littleEndian: p.load(as: UInt32.self))
            let r8 = Int(v & 0xFF), g8 = Int((v >> 8) & 0xFF), b8 = Int((v >> 16) & 0xFF)
            var r = decode[r8] * gr, g = decode[g8] * gg, b = decode[b8] * gb
            // One well-predicted branch on the hot path; the rare clipped pixel goes out of line.
            if max(r8, max(g8, b8)) >= clip {
                (r, g, b) = LightCorrectionKernel.recovered(r, g, b, codes: (r8, g8, b8), clip: clip, gains: (gr, gg, gb))
                clipped &+= 1
            }
            let out = (v & 0xFF00_0000) | UInt32(encode[LightCorrectionKernel.index(r, top: top)])
                | (UInt32(encode[LightCorrectionKernel.index(g, top: top)]) << 8)
                | (UInt32(encode[LightCorrectionKernel.index(b, top: top)]) << 16)
            p.storeBytes(of: out.littleEndian, as: UInt32.self)
            gr += steps.0
            gg += steps.1
            gb += steps.2
        }
        return clipped
    }

    /// The nearest table index for a value ≥ 0, without a trapping conversion: adding 2²³ puts
    /// the value, rounded to nearest, in the float's low mantissa bits (values up to `top` < 2²²).
    @inline(__always)
    static func index(_ value: Float, top: Float) -> Int {
        Int((min(value, top) + 8_388_608).bitPattern & 0x7F_FFFF)
    }

    /// ``recover(_:_:_:clipped:gains:)`` for the kernel's clipped pixels, kept out of the hot loop.
    @inline(never)
    static func recovered(_ r: Float, _ g: Float, _ b: Float, codes: (Int, Int, Int), clip: Int,
                          gains: (Float, Float, Float)) -> (Float, Float, Float) {
        var (r, g, b) = (r, g, b)
        recover(&r, &g, &b, clipped: (codes.0 >= clip, codes.1 >= clip, codes.2 >= clip), gains: gains)
        return (r, g, b)
    }

    /// Raises clipped channels, corrected by `gains`, to the brightest unclipped one (all three to
    /// the brightest when all are clipped); two clipped channels also towards each other.
    ///
    /// A clipped channel was at least as bright as the photo could hold; the correction only
    /// gives its lower bound, and a highlight is taken to be near white. Where two channels
    /// clipped, the photo had them about equal and the correction's gains alone set them apart:
    /// a sky that clipped red and green under a lamp has its red lowered far below its green,
    /// and raised only to the unclipped blue it came out green. So each of the two is raised
    /// also to the other's bound, but by no more than the two gains' ratio: what the light did
    /// is undone, while a difference the codes themselves show (red 255, green 250 under
    /// daylight) is kept.
    @inline(__always)
    static func recover(_ r: inout Float, _ g: inout Float, _ b: inout Float, clipped: (Bool, Bool, Bool),
                        gains: (Float, Float, Float)) {
        var floor: Float = -1
        if !clipped.0 { floor = max(floor, r) }
        if !clipped.1 { floor = max(floor, g) }
        if !clipped.2 { floor = max(floor, b) }
        if floor < 0 { floor = max(r, max(g, b)) }
        let values = SIMD3<Float>(r, g, b), gain = SIMD3<Float>(gains.0, gains.1, gains.2)
        var out = values
        let mask = SIMD3<Int32>(clipped.0 ? 1 : 0, clipped.1 ? 1 : 0, clipped.2 ? 1 : 0)
        for c in 0..<3 where mask[c] != 0 {
            var target = floor
            for k in 0..<3 where k != c && mask[k] != 0 && gain[c] > 0 {
                target = max(target, min(values[k], values[c] * gain[k] / gain[c]))
            }
            out[c] = max(values[c], target)
        }
        (r, g, b) = (out[0], out[1], out[2])
    }
}
