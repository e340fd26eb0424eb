/// The inner loops of ``PerspectiveWarp``: raw reads from the source rows, writes to one band of
/// output rows. Kept apart so that all pointer arithmetic of the warp lives in this one type.
struct WarpKernel: @unchecked Sendable {
    let source: PixelBuffer
    let output: PixelBuffer
    let h: [Double]

    init(source: PixelBuffer, output: PixelBuffer, map: Homography) {
        precondition(source.format == output.format || (source.format == .rgb8 && output.format == .rgba8),
                     "a warp keeps the format, or widens RGB to RGBA")
        self.source = source
        self.output = output
        self.h = map.m
    }

    /// Four taps with 8-bit fixed-point weights: exact to ±1 code value and trap-free.
    func bilinear(rows: Range<Int>) {
        if output.format == .rgba8 {
            bilinearColor(rows: rows)
        } else {
            bilinearAnyFormat(rows: rows)
        }
    }

    /// ``bilinear(rows:)`` for RGB or RGBA sources into RGBA: each tap is one 32-bit load, its four
    /// channels spread into two 64-bit words of two 32-bit lanes (R, G and B, A), so that one
    /// multiply weighs two channels. The lanes never carry into each other (a weighted sum is at
    /// most 255·256·256 + 2¹⁵ < 2²⁴), so the result is bit for bit the per-channel formula's.
    ///
    /// The output is walked in tiles of ``tileRows`` × ``tileColumns`` pixels, not whole rows: a
    /// print photographed in portrait is stored sideways, so one output row runs down a column of
    /// the source, a new cache line and often a new page for every pixel; a tile keeps the source
    /// it reads within a few dozen rows. Source positions are computed per pixel from the
    /// homography (not accumulated along the row), so a pixel's value does not depend on the tile
    /// or band it falls in.
    private func bilinearColor(rows: Range<Int>) {
        let sbpp = source.format.bytesPerPixel
        let sw = source.width, sh = source.height, stride = source.bytesPerRow
        let base = UnsafeRawPointer(source.baseAddress)
        let width = output.width
        let maxX = Double(sw - 1), maxY = Double(sh - 1)
        let h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4], h5 = h[5], h6 = h[6], h7 = h[7], h8 = h[8]
        // An RGB source's fourth byte belongs to the next pixel: alpha is forced opaque instead.
        let opaque: UInt32 = sbpp == 3 ? 0xFF00_0000 : 0
        let wide: UInt64 = 0x0000_FFFF_0000_FFFF
        let half: UInt64 = 0x0000_8000_0000_8000
        for tileTop in Swift.stride(from: rows.lowerBound, to: rows.upperBound, by: Self.tileRows) {
          let tileRowRange = tileTop..<min(tileTop + Self.tileRows, rows.upperBound)
          for tileLeft in Swift.stride(from: 0, to: width, by: Self.tileColumns) {
           let tileColumnRange = tileLeft..<min(tileLeft + Self.tileColumns, width)
           for y in tileRowRange {
            let out = UnsafeMutableRawPointer(output.rowPointer(y))
            let fy = Double(y)
            let X0 = h1 * fy + h2, Y0 = h4 * fy + h5, W0 = h7 * fy + h8
            for x in tileColumnRange {
                let fx = Double(x)
                let invW = 1 / (h6 * fx + W0)
                var sx = (h0 * fx + X0) * invW, sy = (h3 * fx + Y0) * invW
                sx = sx > 0 ? (sx < maxX ? sx : maxX) : 0
                sy = sy > 0 ? (sy < maxY ? sy : maxY) : 0
                // Scaling by 256 is exact, so the integer part and the 8-bit fraction are those of
                // sx and (sx - ⌊sx⌋)·256, truncated.
                let fxi = Self.floor(sx * 256), fyi = Self.floor(sy * 256)
                let ix = fxi &>> 8, iy = fyi &>> 8
                let wx = UInt64(truncatingIfNeeded: fxi & 255), wy = UInt64(truncatingIfNeeded: fyi & 255)
                let dx = ix < sw &- 1 ? sbpp : 0, dy = iy < sh &- 1 ? stride : 0
                let p = base + (iy &* stride &+ ix &* sbpp)
                let a = Self.spread(p.loadUnaligned(as: UInt32.self))
                let b = Self.spread((p + dx).loadUnaligned(as: UInt32.self))
                let c = Self.spread((p + dy).loadUnaligned(as: UInt32.self))
                let d = Self.spread((p + (dx &+ dy)).loadUnaligned(as: UInt32.self))
                let ux = 256 &- wx, uy = 256 &- wy
                // Across: four 16-bit lanes (R, B, G, A) at once; a lane's sum is at most 255·256.
                let top = a &* ux &+ b &* wx, bottom = c &* ux &+ d &* wx
                // Down: two 32-bit lanes a word (R, G / B, A), as the sum needs 24 bits.
                let rg = (top & wide) &* uy &+ (bottom & wide) &* wy &+ half
                let ba = (top &>> 16 & wide) &* uy &+ (bottom &>> 16 & wide) &* wy &+ half
                let pixel = (rg &>> 16) & 0xFF | (rg &>> 40) & 0xFF00 | ba & 0xFF_0000 | (ba &>> 24) & 0xFF00_0000
                (out + x &* 4).storeBytes(of: UInt32(truncatingIfNeeded: pixel) | opaque, as: UInt32.self)
            }
           }
          }
        }
    }

    /// A pixel's four bytes R, G, B, A spread into four 16-bit lanes of a word, in the order R, B,
    /// G, A: two masks and one shift, where 32-bit lanes took three operations a word and two words.
    @inline(__always)
    static func spread(_ pixel: UInt32) -> UInt64 {
        let v = UInt64(pixel)
        return v & 0x00FF_00FF | (v & 0xFF00_FF00) &<< 24
    }

    /// ⌊v⌋ for `0 ≤ v < 2⁵¹` without `Int(_:)`'s range and finiteness checks (a fifth of the
    /// warp's instructions): adding 2⁵² rounds v to the nearest integer into the low mantissa
    /// bits, and one comparison turns rounding up into rounding down. Exact, so the warp's pixels
    /// are those of the checked conversion.
    @inline(__always)
    static func floor(_ v: Double) -> Int {
        let magic = 0x1p52
        let t = v + magic
        let nearest = Int(truncatingIfNeeded: t.bitPattern & 0x000F_FFFF_FFFF_FFFF)
        return nearest &- (t - magic > v ? 1 : 0)
    }

    /// Output rows of one tile of ``bilinear(rows:)``.
    static let tileRows = 32
    /// Output columns of one tile: 32 × 64 pixels read a source patch of about that size, a few
    /// dozen pages and a few hundred cache lines, whatever the print's rotation.
    static let tileColumns = 64

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
