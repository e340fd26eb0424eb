extension StreamedScan {
    /// What streaming a scan into a JPEG gave.
    struct MadeJPEG {
        /// The JPEG as libjpeg wrote it (``StreamedJPEG/bytes``).
        var bytes: [UInt8]
        /// Pixels with a clipped channel before white balance (0 without it).
        var clippedPixels: Int
        /// The glare block sums of the whole scan, one part (empty without them).
        var glareParts: [GlareBlockSums.Part]
    }

    /// Rows made at a time for a JPEG: a few of libjpeg's 16-row iMCU rows.
    static let jpegChunkRows = 32

    /// Makes the scan chunk by chunk, top to bottom (a JPEG is one sequential stream, unlike the
    /// PNG's independent deflate bands): warped, converted, corrected by `correction`, summed
    /// into `glare` and compressed at `quality`. While one chunk is compressed the next is made
    /// on the other core, so two chunks are alive at a time.
    func streamJPEG(quality: Int, correction: LightCorrectionKernel?, glare: GlareBlockSums?,
                    chunkRows: Int = StreamedScan.jpegChunkRows) throws -> MadeJPEG {
        let writer = try JPEGScanlineWriter(size: size, format: .rgba8, quality: quality)
        let chunks = stride(from: 0, to: size.height, by: chunkRows).map { $0..<min($0 + chunkRows, size.height) }
        var part = glare?.part(rows: 0..<size.height)
        var clipped = 0
        func made(_ rows: Range<Int>, reusing buffer: PixelBuffer?) throws -> PixelBuffer {
            let band = try make(rows, reusing: buffer)
            if let correction { clipped += correction.apply(toBand: band, firstRow: rows.lowerBound, rows: rows) }
            return band
        }
        var current = try made(chunks[0], reusing: nil)
        var spare: PixelBuffer?
        for index in chunks.indices {
            let rows = chunks[index], band = current
            var next: PixelBuffer?, makeFailure: Error?, writeFailure: Error?
            // Task 0 only compresses `band` and sums it into `part`; task 1 only makes the next
            // chunk (into `spare`, compressed a step ago): they share no variable.
            RowBands.run([0..<1, 1..<2]) { task, _ in
                if task == 0 {
                    if let glare, part != nil { glare.add(band, firstRow: rows.lowerBound, rows: rows, to: &part!) }
                    do {
                        try writer.append(UnsafePointer(band.rowPointer(0)), stride: band.bytesPerRow, count: rows.count)
                    } catch {
                        writeFailure = error
                    }
                } else if index + 1 < chunks.count {
                    do { next = try made(chunks[index + 1], reusing: spare) } catch { makeFailure = error }
                }
            }
            if let failure = writeFailure ?? makeFailure { throw failure }
            spare = band
            if let next { current = next }
        }
        return MadeJPEG(bytes: try writer.finish(), clippedPixels: clipped, glareParts: part.map { [$0] } ?? [])
    }
}
