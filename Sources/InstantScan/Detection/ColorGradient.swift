internal import CShims

/// The colour gradient of a ``WorkingImage`` after Di Zenzo: per pixel, the direction in which the
/// colour changes fastest and how fast, from the structure tensor summed over the three channels.
///
/// A white card on a white table differs little in luminance, but the card's border, the table and the
/// thin shadow between them differ in every channel a little and in hue; summing the channels' tensors
/// adds that evidence up where a grey gradient would let it cancel. The tensor has no sign, so the
/// direction is kept as a doubled angle `(cos 2θ, sin 2θ)` — exactly what comparing directions
/// modulo 180° needs, and it costs no square root or arctangent per pixel.
struct ColorGradient: Sendable {
    let width: Int
    let height: Int
    /// Gradient strength in levels per working pixel (√ of the tensor's larger eigenvalue).
    var magnitude: [Float]
    /// `cos 2θ` and `sin 2θ` of the direction θ of fastest change; zero where there is none.
    var cos2: [Float]
    var sin2: [Float]
    /// 1 where the magnitude peaks across the edge (non-maximum suppression, as in Canny): the edge's
    /// centre line. Line finding grows regions only along these, so a card edge does not melt into the
    /// wood grain running beside it.
    var ridge: [UInt8]

    /// Sobel derivatives of each plane, combined into the structure tensor.
    ///
    /// The 3×3 Sobel kernels are separable: per plane, each row is first differenced and smoothed
    /// horizontally into small row buffers, then the three rows around `y` are combined vertically.
    /// Every loop runs over contiguous floats without branches, so the compiler vectorises them.
    init(_ image: WorkingImage) {
        width = image.width
        height = image.height
        let w = width, h = height
        // Three arrays of their own: `var c2 = mag` would copy mag's pages on first write. Only the
        // first and last rows are zeroed here: the bands below write every other row, its two
        // frame pixels included, so each row's page is first touched (and faulted in) by the core
        // that fills it rather than all of them by this one.
        func plane() -> [Float] {
            [Float](unsafeUninitializedCapacity: w * h) { p, count in
                if w >= 3 && h >= 3 {
                    p.baseAddress!.initialize(repeating: 0, count: w)
                    (p.baseAddress! + (h - 1) * w).initialize(repeating: 0, count: w)
                } else {
                    p.initialize(repeating: 0)
                }
                count = w * h
            }
        }
        var mag = plane(), c2 = plane(), s2 = plane()
        if w >= 3 && h >= 3 {
            // Per plane: horizontal difference and smoothing of three consecutive rows (a ring of
            // 3 rows for each of 3 planes), then the tensor's three sums of one row. In bands of
            // rows, each with its own ring, on as many cores as the scan may use: a row's values
            // come from the three photo rows around it alone, so the bands agree with one pass.
            FloatRows.reading(image.red, image.green, image.blue, width: w) { r, g, b in
            FloatRows.with(&mag, &c2, &s2, width: w) { m, vc, vs in
            RowBands.run(RowBands.costlyBands(1..<(h - 1))) { _, band in
            var scratch = [Float](repeating: 0, count: (9 + 9 + 3) * w)
            FloatRows.with(&scratch, width: w) { rows in
                let sources = [r, g, b]
                // Ring rows of plane c for photo row y: differences in rows 0–8, smoothing in 9–17.
                func diff(_ c: Int, _ y: Int) -> UnsafeMutablePointer<Float> { rows.row(c * 3 + y % 3) }
                func smooth(_ c: Int, _ y: Int) -> UnsafeMutablePointer<Float> { rows.row(9 + c * 3 + y % 3) }
                let txx = rows.row(18), tyy = rows.row(19), txy = rows.row(20)
                func prepare(_ y: Int) {
                    for c in 0..<3 {
                        let src = sources[c].row(y)
                        let d = diff(c, y), sm = smooth(c, y)
                        for x in 1..<(w - 1) {
                            d[x] = src[x + 1] - src[x - 1]
                            sm[x] = src[x - 1] + 2 * src[x] + src[x + 1]
                        }
                    }
                }
                prepare(band.lowerBound - 1)
                prepare(band.lowerBound)
                for y in band {
                    prepare(y + 1)
                    let magnitude = m.row(y), cos2 = vc.row(y), sin2 = vs.row(y)
                    (magnitude[0], cos2[0], sin2[0]) = (0, 0, 0)
                    (magnitude[w - 1], cos2[w - 1], sin2[w - 1]) = (0, 0, 0)
                    // Four pixels at a time in explicit vectors, the three planes' tensors and the
                    // eigen-solution in one pass: no tensor rows stored and reloaded, and the
                    // eigen-solution, which the compiler kept scalar (rows that might overlap, square
                    // roots, a division), vectorised. Each lane does the scalar tail's IEEE operations
                    // in its order (sums from +0, plane by plane), so every value is the same bit for bit.
                    let rd0 = diff(0, y - 1), rd1 = diff(0, y), rd2 = diff(0, y + 1)
                    let gd0 = diff(1, y - 1), gd1 = diff(1, y), gd2 = diff(1, y + 1)
                    let bd0 = diff(2, y - 1), bd1 = diff(2, y), bd2 = diff(2, y + 1)
                    let rs0 = smooth(0, y - 1), rs2 = smooth(0, y + 1)
                    let gs0 = smooth(1, y - 1), gs2 = smooth(1, y + 1)
                    let bs0 = smooth(2, y - 1), bs2 = smooth(2, y + 1)
                    var x = 1
                    while x + 4 <= w - 1 {
                        func gradient(_ d0: UnsafeMutablePointer<Float>, _ d1: UnsafeMutablePointer<Float>,
                                      _ d2: UnsafeMutablePointer<Float>, _ s0: UnsafeMutablePointer<Float>,
                                      _ s2: UnsafeMutablePointer<Float>) -> (SIMD4<Float>, SIMD4<Float>) {
                            let gx = (FloatRows.load4(d0 + x) + 2 * FloatRows.load4(d1 + x) + FloatRows.load4(d2 + x)) * 0.125
                            let gy = (FloatRows.load4(s2 + x) - FloatRows.load4(s0 + x)) * 0.125
                            return (gx, gy)
                        }
                        let (rgx, rgy) = gradient(rd0, rd1, rd2, rs0, rs2)
                        let (ggx, ggy) = gradient(gd0, gd1, gd2, gs0, gs2)
                        let (bgx, bgy) = gradient(bd0, bd1, bd2, bs0, bs2)
                        let zero = SIMD4<Float>()
                        let xx = ((zero + rgx * rgx) + ggx * ggx) + bgx * bgx
                        let yy = ((zero + rgy * rgy) + ggy * ggy) + bgy * bgy
                        let xy = ((zero + rgx * rgy) + ggx * ggy) + bgx * bgy
                        let half = (xx - yy) * 0.5
                        let root = Self.squareRoots(half * half + xy * xy)
                        FloatRows.store4(Self.squareRoots((xx + yy) * 0.5 + root), to: magnitude + x)
                        // As `max(root, 1e-12)` below: the floor where it is at least the root.
                        let inv = 1 / root.replacing(with: 1e-12, where: root .<= 1e-12)
                        FloatRows.store4(half * inv, to: cos2 + x)
                        FloatRows.store4(xy * inv, to: sin2 + x)
                        x += 4
                    }
                    let tail = x..<(w - 1)
                    for x in tail { txx[x] = 0; tyy[x] = 0; txy[x] = 0 }
                    for c in 0..<3 {
                        let d0 = diff(c, y - 1), d1 = diff(c, y), d2 = diff(c, y + 1)
                        let s0 = smooth(c, y - 1), s2 = smooth(c, y + 1)
                        for x in tail {
                            let gx = (d0[x] + 2 * d1[x] + d2[x]) * 0.125
                            let gy = (s2[x] - s0[x]) * 0.125
                            txx[x] += gx * gx
                            tyy[x] += gy * gy
                            txy[x] += gx * gy
                        }
                    }
                    for x in tail {
                        let half = (txx[x] - tyy[x]) * 0.5
                        let root = (half * half + txy[x] * txy[x]).squareRoot()
                        magnitude[x] = ((txx[x] + tyy[x]) * 0.5 + root).squareRoot()
                        // Where the tensor vanishes, half and jxy vanish with it: no branch needed.
                        let inv = 1 / max(root, 1e-12)
                        cos2[x] = half * inv
                        sin2[x] = txy[x] * inv
                    }
                }
            }}}}
        }
        magnitude = mag
        cos2 = c2
        sin2 = s2
        ridge = ColorGradient.suppressNonMaxima(mag, c2, s2, width: w, height: h)
    }

    /// Each lane's `squareRoot()`, in one vector instruction: `SIMD4<Float>.squareRoot()` went lane
    /// by lane (a test, a branch and a scalar root each) where the compiler could not prove the
    /// lanes non-negative, a quarter of the gradient's instructions.
    @inline(__always)
    static func squareRoots(_ v: SIMD4<Float>) -> SIMD4<Float> { is_sqrt4(v) }

    /// Marks pixels whose magnitude is at least that of both neighbours along the gradient direction,
    /// the direction rounded to one of four axes: in doubled angles the four sectors are the four
    /// quadrants turned by 45°.
    ///
    /// Each row reads its three neighbouring magnitude rows whole and picks the pair across the edge
    /// with selects instead of branches, so the loop has no data-dependent jump (a branch per pixel
    /// on the direction mispredicts on every textured surface) and it runs four pixels at a time.
    /// Rows depend on the finished magnitudes alone, so they run in bands on as many cores as the
    /// scan may use.
    private static func suppressNonMaxima(_ mag: [Float], _ c2: [Float], _ s2: [Float], width w: Int, height h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h)
        guard w >= 3, h >= 3 else { return out }
        FloatRows.reading(mag, c2, s2, width: w) { m, vc, vs in
            out.withUnsafeMutableBufferPointer { r in
                let ridge = r.baseAddress!
                RowBands.run(RowBands.costlyBands(1..<(h - 1))) { _, band in
                    for y in band {
                        suppressRow(above: m.row(y - 1), row: m.row(y), below: m.row(y + 1),
                                    cos2: vc.row(y), sin2: vs.row(y), ridge: ridge + y * w, width: w)
                    }
                }
            }
        }
        return out
    }

    /// One row of ``suppressNonMaxima(_:_:_:width:height:)``: columns 1 to `width - 2`.
    @inline(__always)
    private static func suppressRow(above: UnsafePointer<Float>, row: UnsafePointer<Float>, below: UnsafePointer<Float>,
                                    cos2: UnsafePointer<Float>, sin2: UnsafePointer<Float>,
                                    ridge: UnsafeMutablePointer<UInt8>, width w: Int) {
        // Four pixels at a time in explicit vectors, the same comparisons and selects lane by lane
        // (|s| as s negated where negative: a −0 left as it is compares as +0 does).
        var x = 1
        while x + 4 <= w - 1 {
            let v = FloatRows.load4(row + x), c = FloatRows.load4(cos2 + x), s = FloatRows.load4(sin2 + x)
            let absS = s.replacing(with: -s, where: s .< 0)
            let across = c .>= absS
            let upDown = .!across .& (-c .>= absS)
            let falling = .!across .& .!upDown .& (s .> 0)
            let before = FloatRows.load4(above + x + 1).replacing(with: FloatRows.load4(above + x - 1), where: falling)
                .replacing(with: FloatRows.load4(above + x), where: upDown)
                .replacing(with: FloatRows.load4(row + x - 1), where: across)
            let after = FloatRows.load4(below + x - 1).replacing(with: FloatRows.load4(below + x + 1), where: falling)
                .replacing(with: FloatRows.load4(below + x), where: upDown)
                .replacing(with: FloatRows.load4(row + x + 1), where: across)
            let peak = (v .!= 0) .& (v .> before) .& (v .>= after)
            for i in 0..<4 { ridge[x + i] = peak[i] ? 1 : 0 }
            x += 4
        }
        for x in x..<(w - 1) {
            let v = row[x], c = cos2[x], s = sin2[x]
            // All eight neighbours loaded unconditionally: what follows is selects, not jumps.
            let upLeft = above[x &- 1], up = above[x], upRight = above[x &+ 1]
            let left = row[x &- 1], right = row[x &+ 1]
            let downLeft = below[x &- 1], down = below[x], downRight = below[x &+ 1]
            let across = c >= abs(s)                       // θ ≈ 0°: across is left–right
            let upDown = !across && -c >= abs(s)           // θ ≈ 90°: up–down
            let falling = !across && !upDown && s > 0      // θ ≈ 45°: up-left to down-right
            // The neighbour before (offset −o) and after (+o) along the rounded direction.
            let before = across ? left : (upDown ? up : (falling ? upLeft : upRight))
            let after = across ? right : (upDown ? down : (falling ? downRight : downLeft))
            // Ties broken one way so that a flat-topped ridge keeps one pixel.
            let peak = v != 0 && v > before && v >= after
            ridge[x] = peak ? 1 : 0
        }
    }
}
