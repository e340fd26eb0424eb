internal import CShims

/// The inner loops of ``PerspectiveWarp``: raw reads from the source rows, writes to one band of
/// output rows. Kept apart so that all pointer arithmetic of the warp lives in this one type.
struct WarpKernel: @unchecked Sendable {
    let source: PixelBuffer
    let output: PixelBuffer
    let h: [Double]
    /// The output row that `output`'s first row holds: 0 for a whole output, a band's first row
    /// when `output` is one band of it (``bilinearColor(rows:path:)`` only).
    let outputFirstRow: Int

    init(source: PixelBuffer, output: PixelBuffer, map: Homography, outputFirstRow: Int = 0) {
        precondition(source.format == output.format || (source.format == .rgb8 && output.format == .rgba8),
                     "a warp keeps the format, or widens RGB to RGBA")
        self.source = source
        self.output = output
        self.h = map.m
        self.outputFirstRow = outputFirstRow
    }

    /// Four taps with 8-bit fixed-point weights: exact to ±1 code value and trap-free.
    func bilinear(rows: Range<Int>) {
        if output.format == .rgba8 {
            bilinearColor(rows: rows)
        } else {
            bilinearAnyFormat(rows: rows)
        }
    }

    /// ``bilinear(rows:)`` for RGB or RGBA sources into RGBA, in the C kernel of CShims
    /// (warp_bilinear.c): the same fixed-point formula on SSE4.1 / AVX2 or NEON, bit for bit the
    /// scalar one's. Source positions are computed per pixel from the homography (not accumulated
    /// along the row), so a pixel's value does not depend on the band it falls in.
    func bilinearColor(rows: Range<Int>, path: WarpPath = .best) {
        guard !rows.isEmpty else { return }
        precondition(rows.lowerBound >= outputFirstRow && rows.upperBound - outputFirstRow <= output.height,
                     "rows \(rows) outside the output band")
        var params = colorParameters
        is_warp_bilinear_rgba(&params, Int32(rows.lowerBound), Int32(rows.count), path.rawValue)
    }

    /// Of output row `y`, only columns `first`, `first + step`, … below `end`, with the bytes
    /// ``bilinearColor(rows:path:)`` gives them (the other columns are left as they are): for
    /// samplers that read a sparse grid of the scan.
    func bilinearColor(row y: Int, columnsFrom first: Int, to end: Int, every step: Int, path: WarpPath = .best) {
        precondition(y >= outputFirstRow && y - outputFirstRow < output.height && first >= 0 && end <= output.width
                     && step >= 1, "row \(y), columns \(first)..<\(end) outside the output band")
        guard first < end else { return }
        var params = colorParameters
        is_warp_bilinear_rgba_every(&params, Int32(y), Int32(first), Int32(end), Int32(step), path.rawValue)
    }

    /// The C kernel's parameters for an RGBA output.
    private var colorParameters: is_warp_params {
        var params = is_warp_params()
        params.source = UnsafePointer(source.baseAddress)
        params.source_stride = source.bytesPerRow
        params.source_width = Int32(source.width)
        params.source_height = Int32(source.height)
        params.source_bytes_per_pixel = Int32(source.format.bytesPerPixel)
        params.output = output.baseAddress
        params.output_stride = output.bytesPerRow
        params.output_width = Int32(output.width)
        params.output_first_row = Int32(outputFirstRow)
        params.homography = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8])
        return params
    }

    /// ``bilinear(rows:)`` one channel at a time, for grey images.
    private func bilinearAnyFormat(rows: Range<Int>) {
        let bpp = source.format.bytesPerPixel
        let sw = source.width, sh = source.height, stride = source.bytesPerRow
        let base = source.baseAddress
        let maxX = Double(sw - 1), maxY = Double(sh - 1)
        for y in rows {
            let out = output.rowPointer(y)
            let fy = Double(y)
            var X = h[1] * fy + h[2], Y = h[4] * fy + h[5], W = h[7] * fy + h[8]
            for x in 0..<output.width {
                let invW = 1 / W
                var sx = X * invW, sy = Y * invW
                X += h[0]; Y += h[3]; W += h[6]
                sx = min(max(sx, 0), maxX)
                sy = min(max(sy, 0), maxY)
                let ix = Int(sx), iy = Int(sy)
                let wx = Int32((sx - Double(ix)) * 256), wy = Int32((sy - Double(iy)) * 256)
                let dx = ix < sw - 1 ? bpp : 0, dy = iy < sh - 1 ? stride : 0
                let p00 = base + iy * stride + ix * bpp
                let o = out + x * bpp
                for c in 0..<bpp {
                    let a = Int32(p00[c]), b = Int32(p00[c &+ dx])
                    let cc = Int32(p00[c &+ dy]), d = Int32(p00[c &+ dx &+ dy])
                    let top = a &* (256 &- wx) &+ b &* wx
                    let bottom = cc &* (256 &- wx) &+ d &* wx
                    o[c] = UInt8(truncatingIfNeeded: (top &* (256 &- wy) &+ bottom &* wy &+ 32768) >> 16)
                }
            }
        }
    }

    /// Sixteen taps with Catmull-Rom weights; edge pixels repeat beyond the border.
    func bicubic(rows: Range<Int>) {
        let bpp = source.format.bytesPerPixel, obpp = output.format.bytesPerPixel
        let sw = source.width, sh = source.height, stride = source.bytesPerRow
        let base = source.baseAddress
        var acc = [Float](repeating: 0, count: 4)
        for y in rows {
            let out = output.rowPointer(y)
            let fy = Double(y)
            var X = h[1] * fy + h[2], Y = h[4] * fy + h[5], W = h[7] * fy + h[8]
            for x in 0..<output.width {
                let sx = min(max(X / W, -1), Double(sw)), sy = min(max(Y / W, -1), Double(sh))
                X += h[0]; Y += h[3]; W += h[6]
                let fx0 = sx.rounded(.down), fy0 = sy.rounded(.down)
                let ix = Int(fx0), iy = Int(fy0)
                let wx = Self.catmullRom(Float(sx - fx0)), wy = Self.catmullRom(Float(sy - fy0))
                for c in 0..<bpp { acc[c] = 0 }
                for j in 0..<4 {
                    let row = base + min(max(iy + j - 1, 0), sh - 1) * stride
                    for i in 0..<4 {
                        let p = row + min(max(ix + i - 1, 0), sw - 1) * bpp
                        let wgt = wx[i] * wy[j]
                        for c in 0..<bpp { acc[c] += wgt * Float(p[c]) }
                    }
                }
                let o = out + x * obpp
                for c in 0..<bpp { o[c] = UInt8(min(max(acc[c] + 0.5, 0), 255)) }
                if obpp > bpp { o[3] = 255 }
            }
        }
    }

    /// The mean of `samples × samples` bilinear reads spread evenly over each output pixel:
    /// an area prefilter for outputs much smaller than their source region.
    func supersampled(rows: Range<Int>, samples: Int) {
        let bpp = source.format.bytesPerPixel, obpp = output.format.bytesPerPixel
        let sw = source.width, sh = source.height, stride = source.bytesPerRow
        let base = source.baseAddress
        let maxX = Double(sw - 1), maxY = Double(sh - 1)
        let n = Double(samples)
        let scale = 1 / Float(samples * samples)
        var acc = [Float](repeating: 0, count: 4)
        for y in rows {
            let out = output.rowPointer(y)
            for x in 0..<output.width {
                for c in 0..<bpp { acc[c] = 0 }
                for j in 0..<samples {
                    let oy = Double(y) + (Double(j) + 0.5) / n - 0.5
                    for i in 0..<samples {
                        let ox = Double(x) + (Double(i) + 0.5) / n - 0.5
                        let W = h[6] * ox + h[7] * oy + h[8]
                        let sx = min(max((h[0] * ox + h[1] * oy + h[2]) / W, 0), maxX)
                        let sy = min(max((h[3] * ox + h[4] * oy + h[5]) / W, 0), maxY)
                        let ix = Int(sx), iy = Int(sy)
                        let ax = Float(sx - Double(ix)), ay = Float(sy - Double(iy))
                        let dx = ix < sw - 1 ? bpp : 0, dy = iy < sh - 1 ? stride : 0
                        let p = base + iy * stride + ix * bpp
                        for c in 0..<bpp {
                            let top = Float(p[c]) + ax * (Float(p[c + dx]) - Float(p[c]))
                            let bottom = Float(p[c + dy]) + ax * (Float(p[c + dx + dy]) - Float(p[c + dy]))
                            acc[c] += top + ay * (bottom - top)
                        }
                    }
                }
                let o = out + x * obpp
                for c in 0..<bpp { o[c] = UInt8(min(max(acc[c] * scale + 0.5, 0), 255)) }
                if obpp > bpp { o[3] = 255 }
            }
        }
    }

    /// Catmull-Rom (a = -0.5) weights for the taps at offsets -1, 0, 1, 2 from the floor.
    @inline(__always)
    static func catmullRom(_ t: Float) -> SIMD4<Float> {
        let t2 = t * t, t3 = t2 * t
        return SIMD4(-0.5 * t3 + t2 - 0.5 * t,
                     1.5 * t3 - 2.5 * t2 + 1,
                     -1.5 * t3 + 2 * t2 + 0.5 * t,
                     0.5 * t3 - 0.5 * t2)
    }
}
