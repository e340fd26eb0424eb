internal import CShims

/// One print's scan made band by band and deflated into its PNG as it is made, so that the scan
/// never exists whole: a band of output rows is warped from the stored photo, converted to the
/// output's colour space, white-balanced, added to the glare detector's block sums and filtered
/// and deflated; then its memory is reused for the next band.
///
/// Every step gives each row the bytes the whole-image path gives it (the warp computes each
/// pixel's source position from the homography alone; colour conversion and white balance work
/// pixel by pixel and row by row), and the deflate bands are the whole-image encoder's
/// (``BandedDeflate/ranges(size:bandCount:)``), so the PNG is byte for byte the same. What needs
/// the whole scan is measured before: white balance on rows warped as its samplers read them
/// (``WarpedCardRows``), glare on the block sums gathered on the way.
struct StreamedScan {
    /// The stored photo (RGB or RGBA).
    let source: PixelBuffer
    /// Output pixel centres to stored photo pixels.
    let map: Homography
    /// The scan's size.
    let size: PixelSize
    /// The photo's colour space into the output's.
    let converter: ColorConverter

    /// Rows made at a time in each band: small enough to stay in cache beside the deflater.
    static let chunkRows = 16

    /// What streaming a scan gave besides its PNG.
    struct Made {
        var bands: BandedDeflate
        /// Pixels with a clipped channel before white balance (0 without it).
        var clippedPixels: Int
        /// Each band's share of the glare block sums (empty without them).
        var glareParts: [GlareBlockSums.Part]
    }

    /// Makes the scan band by band: warped, converted, corrected by `correction` (nil: no white
    /// balance), summed into `glare` (nil: no glare sums) and deflated at `compression`, RGB.
    /// With `spillFolder`, each band's compressed bytes go to an unnamed file there as they are
    /// made (``BandSpillFile``), read back when the PNG is written.
    func stream(compression: PNGEncoder.Compression, correction: LightCorrectionKernel?,
                glare: GlareBlockSums?, spillFolder: String? = nil, bandCount: Int? = nil,
                chunkRows: Int = StreamedScan.chunkRows) throws -> Made {
        let ranges = BandedDeflate.ranges(size: size, bandCount: bandCount)
        let spills = ranges.map { _ in spillFolder.flatMap { BandSpillFile(in: $0) } }
        var bands = [is_png_band](repeating: is_png_band(), count: ranges.count)
        var failures = [Error?](repeating: nil, count: ranges.count)
        var clipped = [Int](repeating: 0, count: ranges.count)
        var parts = [GlareBlockSums.Part?](repeating: nil, count: ranges.count)
        bands.withUnsafeMutableBufferPointer { bandSlots in
            failures.withUnsafeMutableBufferPointer { failureSlots in
                clipped.withUnsafeMutableBufferPointer { clippedSlots in
                    parts.withUnsafeMutableBufferPointer { partSlots in
                        // Each band writes only its own slot of each array.
                        nonisolated(unsafe) let bandSlots = bandSlots, failureSlots = failureSlots
                        nonisolated(unsafe) let clippedSlots = clippedSlots, partSlots = partSlots
                        RowBands.run(ranges) { index, rows in
                            do {
                                var part = glare?.part(rows: rows)
                                var count = 0
                                bandSlots[index] = try streamBand(rows, last: index == ranges.count - 1, compression: compression,
                                                                  correction: correction, spill: spills[index],
                                                                  chunkRows: chunkRows) { chunk, first, rows in
                                    if let correction { count += correction.apply(toBand: chunk, firstRow: first, rows: rows) }
                                    if let glare, part != nil { glare.add(chunk, firstRow: first, rows: rows, to: &part!) }
                                }
                                clippedSlots[index] = count
                                partSlots[index] = part
                            } catch {
                                failureSlots[index] = error
                            }
                        }
                    }
                }
            }
        }
        // Owned from here: freed with it, also when a band failed.
        let deflated = BandedDeflate(finished: bands, spills: spills)
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        return Made(bands: deflated, clippedPixels: clipped.reduce(0, +), glareParts: parts.compactMap { $0 })
    }

    /// One deflate band: `made(chunk, firstRow, rows)` corrects and measures each chunk of rows
    /// (held in `chunk` from `firstRow`) before it is deflated.
    private func streamBand(_ rows: Range<Int>, last: Bool, compression: PNGEncoder.Compression,
                            correction: LightCorrectionKernel?, spill: BandSpillFile?, chunkRows: Int,
                            made: (PixelBuffer, Int, Range<Int>) -> Void) throws -> is_png_band {
        // The filters of the band's first row read the row above it, made here again (each row's
        // bytes do not depend on the band that makes it).
        var before: PixelBuffer?
        if rows.lowerBound > 0 {
            let above = (rows.lowerBound - 1)..<rows.lowerBound
            let row = try make(above)
            _ = correction?.apply(toBand: row, firstRow: above.lowerBound, rows: above)
            before = row
        }
        let stream = try withExtendedLifetime(before) {
            try PNGBandStream(width: size.width, rows: rows, channelsIn: 4, channels: 3, compression: compression,
                              rowBefore: before.map { UnsafePointer($0.rowPointer(0)) }, last: last)
        }
        if let spill { try stream.spill(to: spill) }
        var chunk: PixelBuffer?
        for start in stride(from: rows.lowerBound, to: rows.upperBound, by: chunkRows) {
            let part = start..<min(start + chunkRows, rows.upperBound)
            let buffer = try make(part, reusing: chunk)
            made(buffer, part.lowerBound, part)
            try stream.append(UnsafePointer(buffer.rowPointer(0)), stride: buffer.bytesPerRow, count: part.count)
            chunk = buffer
        }
        return try stream.finish()
    }

    /// Rows `rows` of the scan, warped and converted, in `reusing` when it holds as many rows.
    func make(_ rows: Range<Int>, reusing buffer: PixelBuffer? = nil) throws -> PixelBuffer {
        let band = try buffer.flatMap { $0.height == rows.count ? $0 : nil }
            ?? PixelBuffer(width: size.width, height: rows.count)
        make(rows, into: band)
        return band
    }

    /// Rows `rows` of the scan, warped and converted into `band` (as many rows, the scan's width).
    func make(_ rows: Range<Int>, into band: PixelBuffer) {
        precondition(band.height == rows.count && band.width == size.width, "a band of the scan's rows")
        PerspectiveWarp().warpBilinear(source, rows: rows, outputToSource: map, into: band)
        converter.convert(band, rows: 0..<band.height)
    }
}
