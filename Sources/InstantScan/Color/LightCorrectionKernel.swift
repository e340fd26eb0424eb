internal import CShims

/// Divides an RGBA8 image by an illumination field in linear light, in place: the per-pixel loop
/// behind ``WhiteBalance/apply(_:to:covering:)``, and all of its pointer work.
///
/// Per pixel: three table loads to (root-)linear light, three multiplies by the gain, three table
/// loads back to code values; both tables stay in L1 cache (see ``LinearLight/rootDecodeTable``).
/// The gain (the root of paper white over the field, times the encode table's scale) is computed
/// exactly (with `exp`) only on a grid of nodes 32 pixels apart and interpolated linearly between
/// them: a field of degree two moves by well under 0.01 % between nodes, and an `exp` per channel
/// per pixel would cost more than the whole stage may. The loop over a row is C
/// (`is_light_correct_row`): with SSE2 a pixel's three channels go through one vector, which Swift
/// 6.3 cannot express (integer↔float SIMD conversions are out-of-line calls there), at 35
/// instructions a pixel instead of 51, with the same float operations in the same order, so the
/// same bytes. AVX2 gathers of four pixels cut the instructions further but ran 1.5× slower on AMD
/// EPYC; this keeps the table loads scalar.
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
        var tables = is_light_tables(decode: decode.baseAddress, encode: encode.baseAddress,
                                     top: Float(LinearLight.rootEncodeSteps - 1),
                                     clip_floor: decode[Int(FrameLightFit.clipCode)], clip_code: FrameLightFit.clipCode)
        let vectorised: Int32 = LightCorrectionKernel.decodeRisesStrictly ? 1 : 0
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
                // Node columns sit at i·spacing and at the last pixel, the gains stepping between them.
                clipped &+= is_light_correct_row(image.rowPointer(y - firstRow), width, rowGains.baseAddress, columns, spacing,
                                                 &tables, vectorised)
            }
        }
        return clipped
    }

    /// Whether ``LinearLight/rootDecodeTable`` rises strictly, so that a decoded channel at or
    /// above the clip code's value is a clipped code: the vector path tests the decoded values.
    static let decodeRisesStrictly: Bool = {
        let table = LinearLight.rootDecodeTable
        return zip(table, table.dropFirst()).allSatisfy { $0 < $1 }
    }()

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
