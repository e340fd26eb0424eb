extension StreamedScan {
    /// Columns `first`, `first + step`, … below `end` of the scan's row `y`, warped and converted
    /// into `row` (one row, the scan's width) with the bytes ``make(_:into:)`` gives them; the
    /// other columns hold whatever they held. White balance's scene statistics read every third
    /// pixel of every third row: warping only those costs a third of the row.
    func make(row y: Int, columnsFrom first: Int, to end: Int, every step: Int, into row: PixelBuffer) {
        precondition(row.height == 1 && row.width == size.width && row.format == .rgba8, "one row of the scan")
        WarpKernel(source: source, output: row, map: map, outputFirstRow: y)
            .bilinearColor(row: y, columnsFrom: first, to: end, every: step)
        // The conversion works pixel by pixel: only the columns warped are converted.
        converter.convert(row, rows: 0..<1, columnsFrom: first, to: end, every: step)
    }
}
