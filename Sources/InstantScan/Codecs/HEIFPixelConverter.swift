/// Turns a decoded HEIF's planes into the library's RGB pixels, in one pass: Y′CbCr at any bit
/// depth and subsampling to 8-bit RGB, rounding once at the end.
///
/// libheif could convert to RGB itself, but into a second full-size image of its own that would
/// then be copied into a ``PixelBuffer``: converting straight from its planes keeps one libheif
/// image and the buffer alive instead of two images and the buffer.
///
/// Chroma of 4:2:0 and 4:2:2 images is upsampled with the triangle filter libjpeg calls "fancy
/// upsampling" (¾ of the nearest chroma sample, ¼ of the next), which assumes chroma sited between
/// luma samples: what encoders that average 2 × 2 blocks (libheif's own, Apple's) produce.
enum HEIFPixelConverter {
    /// Kr and Kb of the Y′CbCr matrices of ITU-T H.273, by its `matrix_coefficients` code point.
    static func lumaWeights(matrix: Int) -> (kr: Float, kb: Float)? {
        switch matrix {
        case 1: return (0.2126, 0.0722)                // BT.709
        case 2, 5, 6: return (0.299, 0.114)            // unspecified (HEIF's default), BT.601
        case 4: return (0.30, 0.11)                    // FCC
        case 7: return (0.212, 0.087)                  // SMPTE 240M
        case 9, 10: return (0.2627, 0.0593)            // BT.2020 (its constant-luminance form approximated)
        default: return nil
        }
    }

    /// Writes `layout` into the rectangle of `output` (``PixelFormat/rgb8`` or ``PixelFormat/rgba8``,
    /// opaque) at `origin` that its planes cover, clipped to `output` (a grid's last tiles reach
    /// past the image), reading Y′CbCr with `nclx`'s matrix and range. Returns the warnings (a
    /// matrix it does not know).
    /// - Throws: ``CodecError/unsupported(_:)`` for planes smaller than `expected`, the size the
    ///   rectangle must have so that every pixel of `output` is written.
    static func convert(_ layout: HEIFImage.Layout, nclx: HEIFNCLX, into output: PixelBuffer,
                        at origin: (x: Int, y: Int) = (0, 0), expected: PixelSize? = nil) throws -> [String] {
        var warnings: [String] = []
        let covered = expected ?? output.size
        let width = min(covered.width, output.width - origin.x), height = min(covered.height, output.height - origin.y)
        let channels = output.format.bytesPerPixel
        func outputRow(_ y: Int) -> UnsafeMutablePointer<UInt8> { output.rowPointer(origin.y + y) + origin.x * channels }
        precondition(channels == 3 || channels == 4, "HEIF pixels convert to RGB8 or RGBA8")
        switch layout {
        case let .yCbCr(luma, cb, cr):
            try check(luma, covers: width, height)
            let subX = cb.width < luma.width ? 2 : 1, subY = cb.height < luma.height ? 2 : 1
            guard cb.width == cr.width, cb.height == cr.height,
                  cb.width >= (width + subX - 1) / subX, cb.height >= (height + subY - 1) / subY
            else { throw CodecError.unsupported("HEIF chroma planes of \(cb.width)×\(cb.height) for a \(width)×\(height) image") }
            var matrix = Matrix(nclx: nclx, bits: luma.bits, chromaBits: cb.bits)
            if matrix == nil {
                warnings.append("HEIF colour matrix \(nclx.matrix) is not supported; read as BT.601")
                matrix = Matrix(nclx: HEIFNCLX(primaries: 1, transfer: 13, matrix: 6, fullRange: nclx.fullRange),
                                bits: luma.bits, chromaBits: cb.bits)
            }
            let m = matrix!
            RowBands.run(height: height, width: width) { rows in
                var y0 = [Float](repeating: 0, count: width)
                var cbRow = [Float](repeating: 0, count: cb.width), crRow = [Float](repeating: 0, count: cb.width)
                var cbNext = [Float](repeating: 0, count: cb.width), crNext = [Float](repeating: 0, count: cb.width)
                for y in rows {
                    load(luma, row: y, into: &y0)
                    // Vertical: ¾ of the chroma row this luma row falls in, ¼ of its nearer neighbour.
                    let cy = y / subY
                    load(cb, row: cy, into: &cbRow)
                    load(cr, row: cy, into: &crRow)
                    if subY == 2 {
                        let near = min(max(y % 2 == 0 ? cy - 1 : cy + 1, 0), cb.height - 1)
                        load(cb, row: near, into: &cbNext)
                        load(cr, row: near, into: &crNext)
                        for i in 0..<cb.width {
                            cbRow[i] = 0.75 * cbRow[i] + 0.25 * cbNext[i]
                            crRow[i] = 0.75 * crRow[i] + 0.25 * crNext[i]
                        }
                    }
                    let out = outputRow(y)
                    let lastChroma = cb.width - 1
                    for x in 0..<width {
                        var u: Float, v: Float
                        if subX == 2 {
                            let cx = x >> 1
                            let near = min(max(x & 1 == 0 ? cx - 1 : cx + 1, 0), lastChroma)
                            u = 0.75 * cbRow[cx] + 0.25 * cbRow[near]
                            v = 0.75 * crRow[cx] + 0.25 * crRow[near]
                        } else {
                            u = cbRow[x]
                            v = crRow[x]
                        }
                        let rgb = m.rgb(y: y0[x], cb: u, cr: v)
                        let p = out + x * channels
                        p[0] = byte(rgb.r)
                        p[1] = byte(rgb.g)
                        p[2] = byte(rgb.b)
                        if channels == 4 { p[3] = 255 }
                    }
                }
            }
        case let .gray(luma):
            try check(luma, covers: width, height)
            let offset: Float = nclx.fullRange ? 0 : Float(16 << (luma.bits - 8))
            let scale: Float = 255 / (nclx.fullRange ? Float((1 << luma.bits) - 1) : Float(219 << (luma.bits - 8)))
            RowBands.run(height: height, width: width) { rows in
                var y0 = [Float](repeating: 0, count: width)
                for y in rows {
                    load(luma, row: y, into: &y0)
                    let out = outputRow(y)
                    for x in 0..<width {
                        let value = byte((y0[x] - offset) * scale)
                        let p = out + x * channels
                        p[0] = value
                        p[1] = value
                        p[2] = value
                        if channels == 4 { p[3] = 255 }
                    }
                }
            }
        case let .rgb(red, green, blue):
            for plane in [red, green, blue] { try check(plane, covers: width, height) }
            RowBands.run(height: height, width: width) { rows in
                var samples = [[Float]](repeating: [Float](repeating: 0, count: width), count: 3)
                for y in rows {
                    for (c, plane) in [red, green, blue].enumerated() { load(plane, row: y, into: &samples[c]) }
                    let out = outputRow(y)
                    for c in 0..<3 {
                        let scale = 255 / Float((1 << [red, green, blue][c].bits) - 1)
                        samples[c].withUnsafeBufferPointer { row in
                            for x in 0..<width { out[x * channels + c] = byte(row[x] * scale) }
                        }
                    }
                    if channels == 4 { for x in 0..<width { out[x * 4 + 3] = 255 } }
                }
            }
        }
        return warnings
    }

    /// Y′CbCr → RGB for one matrix, range and bit depth, scaled straight to 0…255.
    struct Matrix {
        var lumaOffset: Float, lumaScale: Float, chromaOffset: Float, chromaScale: Float
        var crToR: Float = 0, cbToG: Float = 0, crToG: Float = 0, cbToB: Float = 0
        /// Matrix 0 (RGB coded as is): the planes are G, B, R.
        var isIdentity = false

        init?(nclx: HEIFNCLX, bits: Int, chromaBits: Int) {
            let shift = Float(1 << (bits - 8)), chromaShift = Float(1 << (chromaBits - 8))
            if nclx.fullRange {
                (lumaOffset, lumaScale) = (0, 255 / Float((1 << bits) - 1))
                (chromaOffset, chromaScale) = (Float(1 << (chromaBits - 1)), 255 / Float((1 << chromaBits) - 1))
            } else {
                (lumaOffset, lumaScale) = (16 * shift, 255 / (219 * shift))
                (chromaOffset, chromaScale) = (128 * chromaShift, 255 / (224 * chromaShift))
            }
            if nclx.matrix == 0 {
                isIdentity = true
                chromaOffset = lumaOffset
                chromaScale = lumaScale
                return
            }
            guard let (kr, kb) = HEIFPixelConverter.lumaWeights(matrix: nclx.matrix) else { return nil }
            let kg = 1 - kr - kb
            crToR = 2 * (1 - kr)
            cbToB = 2 * (1 - kb)
            cbToG = cbToB * kb / kg
            crToG = crToR * kr / kg
        }

        /// RGB in 0…255 (unclamped) for one sample.
        @inline(__always)
        func rgb(y: Float, cb: Float, cr: Float) -> (r: Float, g: Float, b: Float) {
            let l = (y - lumaOffset) * lumaScale
            let u = (cb - chromaOffset) * chromaScale, v = (cr - chromaOffset) * chromaScale
            if isIdentity { return (v, l, u) }
            return (l + crToR * v, l - cbToG * u - crToG * v, l + cbToB * u)
        }
    }

    private static func check(_ plane: HEIFImage.Plane, covers width: Int, _ height: Int) throws {
        guard plane.width >= width, plane.height >= height else {
            throw CodecError.unsupported("a HEIF plane of \(plane.width)×\(plane.height) for a \(width)×\(height) image")
        }
    }

    /// Row `row` of `plane` as floats (the first `values.count` samples).
    @inline(__always)
    private static func load(_ plane: HEIFImage.Plane, row: Int, into values: inout [Float]) {
        let start = plane.base + row * plane.bytesPerRow
        let count = min(values.count, plane.width)
        values.withUnsafeMutableBufferPointer { out in
            if plane.bits > 8 {
                let samples = UnsafeRawPointer(start).assumingMemoryBound(to: UInt16.self)
                for i in 0..<count { out[i] = Float(samples[i]) }
            } else {
                for i in 0..<count { out[i] = Float(start[i]) }
            }
        }
    }

    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}
