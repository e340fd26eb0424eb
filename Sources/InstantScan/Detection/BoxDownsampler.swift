/// Makes the detector's ``WorkingImage`` from a full-resolution photo by averaging square blocks.
///
/// A box filter straight from the decoded buffer is the cheapest honest anti-aliasing there is: a
/// 12 MP photo is read once, in row order. Rows of a block are first summed into per-column
/// accumulators (a contiguous widening add the compiler vectorises, four rows a pass), then each block's columns are
/// folded. The result is written upright, so everything after this works in upright coordinates.
enum BoxDownsampler {
    /// The block size that brings `size`'s long side to at most `maximumLongSide`.
    static func factor(for size: PixelSize, maximumLongSide: Int) -> Int {
        let long = max(size.width, size.height)
        return max(1, (long + maximumLongSide - 1) / maximumLongSide)
    }

    /// The detector's working copy of `image`: whole blocks (``factor(for:maximumLongSide:)``) where
    /// they leave a long side of at least 60 % of `maximumLongSide` (768 of 1280), else fractional
    /// ones (``AreaDownsampler``) to 75 % of it (960), the size whole blocks give a 12 MP photo at
    /// their worst. Without these a photo of 1281–1535 pixels (as messaging apps and older phones
    /// send them) would be halved to 640–767 working pixels, where a print's border is a few pixels
    /// wide and a print's score falls by a third.
    static func workingImage(_ image: PixelBuffer, orientation: Orientation, maximumLongSide: Int) -> WorkingImage {
        let k = factor(for: image.size, maximumLongSide: maximumLongSide)
        guard let long = fractionalLongSide(for: image.size, maximumLongSide: maximumLongSide) else {
            return downsample(image, orientation: orientation, factor: k)
        }
        return AreaDownsampler.downsample(image, orientation: orientation, longSide: long)
    }

    /// Photo pixels per working pixel of ``workingImage(_:orientation:maximumLongSide:)`` for a photo of `size`.
    static func workingScale(for size: PixelSize, maximumLongSide: Int) -> Double {
        guard let long = fractionalLongSide(for: size, maximumLongSide: maximumLongSide) else {
            return Double(factor(for: size, maximumLongSide: maximumLongSide))
        }
        return Double(max(size.width, size.height)) / Double(long)
    }

    /// The working long side fractional blocks bring `size` to; nil where whole blocks do.
    private static func fractionalLongSide(for size: PixelSize, maximumLongSide: Int) -> Int? {
        let k = factor(for: size, maximumLongSide: maximumLongSide), long = max(size.width, size.height)
        guard k > 1, 5 * (long / k) < 3 * maximumLongSide else { return nil }
        return maximumLongSide * 3 / 4
    }

    /// Averages `factor × factor` blocks of the stored RGB8 or RGBA8 `image` and turns the result upright.
    static func downsample(_ image: PixelBuffer, orientation: Orientation, factor k: Int) -> WorkingImage {
        precondition(image.format != .gray8, "the detector reads RGB8 or RGBA8 pixels")
        let bpp = image.format.bytesPerPixel
        let stored = image.size
        let ws = max(1, stored.width / k), hs = max(1, stored.height / k)
        let bw = min(k, stored.width), bh = min(k, stored.height)
        let indexing = UprightIndexing(orientation: orientation, workingStored: PixelSize(width: ws, height: hs))
        let up = indexing.upright, origin = indexing.origin, stepX = indexing.stepX, stepY = indexing.stepY
        // Three arrays of their own: `var green = red` would copy red's pages on first write. Left
        // unset: every block writes its own working pixel below, so zeroing them first is wasted.
        func plane() -> [Float] { [Float](unsafeUninitializedCapacity: up.area) { _, count in count = up.area } }
        var red = plane(), green = plane(), blue = plane()

        let rowBytes = ws * bw * bpp
        // 16-bit column sums hold up to 257 rows of 255 and fill twice the vector lanes of 32-bit ones.
        precondition(bh <= 257, "blocks taller than 257 rows would overflow the column sums")
        let norm = 1 / Float(bw * bh)
        // Block rows in bands, one column-sum row each, on as many cores as the scan may use: every
        // working pixel comes from its own block's rows, so the bands write disjoint pixels.
        let bands = RowBands.bands(height: hs, width: ws * bw * bh)
        red.withUnsafeMutableBufferPointer { r in
            green.withUnsafeMutableBufferPointer { g in
                blue.withUnsafeMutableBufferPointer { b in
                    RowBands.run(bands) { _, blockRows in
                    // Eight sums of slack: the vector fold below reads two past a 3-byte row's last block.
                    var columnSums = [UInt16](repeating: 0, count: rowBytes + 8)
                    columnSums.withUnsafeMutableBufferPointer { acc in
                        for by in blockRows {
                            // Rows four, then two at a time: a quarter or half the loads and stores of
                            // the column sums; the first group stores its sums rather than adding them
                            // to zeroed ones. Integer sums: the same whatever the grouping.
                            let top = by * bh
                            var j = 0
                            if bh >= 4 {
                                let row0 = image.rowPointer(top), row1 = image.rowPointer(top + 1)
                                let row2 = image.rowPointer(top + 2), row3 = image.rowPointer(top + 3)
                                storeSums(row0, row1, row2, row3, into: acc.baseAddress!, count: rowBytes)
                                j = 4
                            } else if bh >= 2 {
                                storeSums(image.rowPointer(top), image.rowPointer(top + 1), into: acc.baseAddress!, count: rowBytes)
                                j = 2
                            } else {
                                let row = image.rowPointer(top)
                                for i in 0..<rowBytes { acc[i] = UInt16(row[i]) }
                                j = 1
                            }
                            while j + 3 < bh {
                                let row0 = image.rowPointer(top + j), row1 = image.rowPointer(top + j + 1)
                                let row2 = image.rowPointer(top + j + 2), row3 = image.rowPointer(top + j + 3)
                                for i in 0..<rowBytes {
                                    acc[i] &+= (UInt16(row0[i]) &+ UInt16(row1[i])) &+ (UInt16(row2[i]) &+ UInt16(row3[i]))
                                }
                                j += 4
                            }
                            while j + 1 < bh {
                                let row0 = image.rowPointer(top + j), row1 = image.rowPointer(top + j + 1)
                                for i in 0..<rowBytes { acc[i] &+= UInt16(row0[i]) &+ UInt16(row1[i]) }
                                j += 2
                            }
                            if j < bh {
                                let row = image.rowPointer(top + j)
                                for i in 0..<rowBytes { acc[i] &+= UInt16(row[i]) }
                            }
                            // Offsets stay below rowBytes and the output's area: wrapping arithmetic
                            // spares an overflow test per add in the hottest scalar loop.
                            var out = origin + by * stepY
                            if bw == 4 && bh <= 64 {
                                // A 12 MP photo's block (4032 or 4000 pixels to 1008 or 1000): the
                                // four columns added in vectors (a block of at most 64 rows sums to
                                // below 65536, which 16 bits hold).
                                foldBlocksOfFour(acc.baseAddress!, bytesPerPixel: bpp, blocks: ws, scale: norm,
                                                 into: (r.baseAddress!, g.baseAddress!, b.baseAddress!), from: out, step: stepX)
                                continue
                            }
                            if bw == 2 && bh <= 128 {
                                // A 12 MP photo decoded at half its size (``ScaledDetection``): the
                                // two columns added in vectors (a block of at most 128 rows sums to
                                // below 65536, which 16 bits hold).
                                foldBlocksOfTwo(acc.baseAddress!, bytesPerPixel: bpp, blocks: ws, scale: norm,
                                                into: (r.baseAddress!, g.baseAddress!, b.baseAddress!), from: out, step: stepX)
                                continue
                            }
                            if bw == 4 {
                                // Blocks of more than 64 rows: the four columns added unrolled in 32 bits.
                                let b2 = bpp &* 2, b3 = bpp &* 3
                                for bx in 0..<ws {
                                    let p = bx &* 4 &* bpp
                                    let sr = (UInt32(acc[p]) &+ UInt32(acc[p &+ bpp])) &+ (UInt32(acc[p &+ b2]) &+ UInt32(acc[p &+ b3]))
                                    let sg = (UInt32(acc[p &+ 1]) &+ UInt32(acc[p &+ bpp &+ 1]))
                                        &+ (UInt32(acc[p &+ b2 &+ 1]) &+ UInt32(acc[p &+ b3 &+ 1]))
                                    let sb = (UInt32(acc[p &+ 2]) &+ UInt32(acc[p &+ bpp &+ 2]))
                                        &+ (UInt32(acc[p &+ b2 &+ 2]) &+ UInt32(acc[p &+ b3 &+ 2]))
                                    r[out] = Float(sr) * norm
                                    g[out] = Float(sg) * norm
                                    b[out] = Float(sb) * norm
                                    out &+= stepX
                                }
                                continue
                            }
                            for bx in 0..<ws {
                                var sr: UInt32 = 0, sg: UInt32 = 0, sb: UInt32 = 0
                                var p = bx &* bw &* bpp
                                for _ in 0..<bw {
                                    sr &+= UInt32(acc[p]); sg &+= UInt32(acc[p &+ 1]); sb &+= UInt32(acc[p &+ 2])
                                    p &+= bpp
                                }
                                r[out] = Float(sr) * norm
                                g[out] = Float(sg) * norm
                                b[out] = Float(sb) * norm
                                out &+= stepX
                            }
                        }
                    }
                    }
                }
            }
        }

        let map = indexing.toUpright(photoStored: stored, cellWidth: Double(bw), cellHeight: Double(bh))
        return WorkingImage(width: up.width, height: up.height, red: red, green: green, blue: blue, toUpright: map)
    }
    /// The column sums of four rows of `count` bytes, stored (not added) into `sums`.
    ///
    /// A function of its own so that the loop keeps its pointers and strides in registers: inside
    /// the band's closures the compiler reloaded the row stride for every vector.
    @inline(never)
    private static func storeSums(_ row0: UnsafePointer<UInt8>, _ row1: UnsafePointer<UInt8>, _ row2: UnsafePointer<UInt8>,
                                  _ row3: UnsafePointer<UInt8>, into sums: UnsafeMutablePointer<UInt16>, count: Int) {
        for i in 0..<count {
            sums[i] = (UInt16(row0[i]) &+ UInt16(row1[i])) &+ (UInt16(row2[i]) &+ UInt16(row3[i]))
        }
    }

    /// The column sums of two rows of `count` bytes, stored (not added) into `sums` (a function of
    /// its own for the reason ``storeSums(_:_:_:_:into:count:)`` is).
    @inline(never)
    private static func storeSums(_ row0: UnsafePointer<UInt8>, _ row1: UnsafePointer<UInt8>,
                                  into sums: UnsafeMutablePointer<UInt16>, count: Int) {
        for i in 0..<count {
            sums[i] = UInt16(row0[i]) &+ UInt16(row1[i])
        }
    }

    /// The means of `blocks` blocks two pixels wide from their column sums, as
    /// ``foldBlocksOfFour(_:bytesPerPixel:blocks:scale:into:from:step:)`` takes four: a block's two
    /// columns must sum to below 65536 in each channel (the caller's blocks have at most 128 rows
    /// of 255). The two pixels are added lane by lane in one vector: integer sums, the same in any
    /// order; each mean is the sum converted and scaled as the scalar fold does. Reads one sum past
    /// a 3-byte row's last block (the caller's slack).
    @inline(never)
    static func foldBlocksOfTwo(_ sums: UnsafePointer<UInt16>, bytesPerPixel bpp: Int, blocks: Int, scale: Float,
                                into planes: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>),
                                from start: Int, step: Int) {
        let (red, green, blue) = planes
        let raw = UnsafeRawPointer(sums)
        var out = start
        @inline(__always) func write(_ block: SIMD4<UInt16>) {
            red[out] = Float(block[0]) * scale
            green[out] = Float(block[1]) * scale
            blue[out] = Float(block[2]) * scale
            out &+= step
        }
        if bpp == 4 {
            for bx in 0..<blocks {
                let p = raw + bx &* 16
                write(p.loadUnaligned(as: SIMD4<UInt16>.self) &+ (p + 8).loadUnaligned(as: SIMD4<UInt16>.self))
            }
        } else {
            precondition(bpp == 3, "3 or 4 bytes a pixel")
            for bx in 0..<blocks {
                let p = raw + bx &* 12
                write(p.loadUnaligned(as: SIMD4<UInt16>.self) &+ (p + 6).loadUnaligned(as: SIMD4<UInt16>.self))
            }
        }
    }

    /// The means of `blocks` blocks four pixels wide from their column sums (`bytesPerPixel` 3 or 4
    /// sums a pixel, red first), written to the three planes from offset `start` on, `step` apart.
    /// A block's four columns must sum to below 65536 in each channel (the caller's blocks have at
    /// most 64 rows of 255).
    ///
    /// Pixels 0 and 2, 1 and 3 are added lane by lane in vectors, then the two pairs: integer sums,
    /// the same in any order; each mean is the sum converted and scaled as the scalar fold does.
    /// Reads two sums past a 3-byte row's last block (the caller's slack).
    @inline(never)
    static func foldBlocksOfFour(_ sums: UnsafePointer<UInt16>, bytesPerPixel bpp: Int, blocks: Int, scale: Float,
                                 into planes: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>),
                                 from start: Int, step: Int) {
        let (red, green, blue) = planes
        let raw = UnsafeRawPointer(sums)
        var out = start
        @inline(__always) func write(_ block: SIMD4<UInt16>) {
            red[out] = Float(block[0]) * scale
            green[out] = Float(block[1]) * scale
            blue[out] = Float(block[2]) * scale
            out &+= step
        }
        if bpp == 4 {
            for bx in 0..<blocks {
                let p = raw + bx &* 32
                let pairs = p.loadUnaligned(as: SIMD8<UInt16>.self) &+ (p + 16).loadUnaligned(as: SIMD8<UInt16>.self)
                write(pairs.lowHalf &+ pairs.highHalf)
            }
        } else {
            precondition(bpp == 3, "3 or 4 bytes a pixel")
            for bx in 0..<blocks {
                let p = raw + bx &* 24
                let pairs = p.loadUnaligned(as: SIMD8<UInt16>.self) &+ (p + 12).loadUnaligned(as: SIMD8<UInt16>.self)
                write(SIMD4(pairs[0], pairs[1], pairs[2], 0) &+ SIMD4(pairs[3], pairs[4], pairs[5], 0))
            }
        }
    }
}
