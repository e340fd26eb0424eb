/// A streamed scan's card as white balance reads it: each row is warped and converted when a
/// sampler asks for it, into one of two one-row buffers, so that measuring the light costs two
/// rows of memory instead of the rows the samplers read (on a 7.7 MP print filling the frame some
/// 14 MB of pages, the scan's peak).
///
/// A row's bytes are those the scan's band gives it (``StreamedScan/make(_:into:)``), so the
/// estimate is the whole card's; a sampler on a sparse grid (the scene statistics, every third
/// pixel) has only its columns warped. A row read by two samplers is warped twice: the samplers' grids
/// are sparse (bar the scene statistics', whose rows are read once each, with the row below).
final class WarpedCardRows: CardRows {
    private let scan: StreamedScan
    /// Which columns of a held row were made: `first`, `first + step`, … below `end`.
    private struct Columns: Equatable {
        var first: Int, end: Int, step: Int
    }
    /// The two rows held: which row of the card each buffer holds (-1: none yet) and which of its
    /// columns (nil: all), oldest first.
    private var held: [(y: Int, columns: Columns?, buffer: PixelBuffer)]
    /// Rows warped so far (a row read again after it was dropped counts again).
    private(set) var rowsMade = 0

    init(_ scan: StreamedScan) throws {
        self.scan = scan
        held = try (0..<2).map { _ in (-1, nil, try PixelBuffer(width: scan.size.width, height: 1)) }
    }

    /// A reader of its own over the same scan: two row buffers of its own, rows warped on the
    /// thread that asks (the scan's band and converter are only read).
    func concurrentReader() -> WarpedCardRows? {
        try? WarpedCardRows(scan)
    }

    var width: Int { scan.size.width }
    var height: Int { scan.size.height }

    func row(_ y: Int) -> UnsafePointer<UInt8> {
        row(y, columns: nil)
    }

    func row(_ y: Int, columnsFrom first: Int, to end: Int, every step: Int) -> UnsafePointer<UInt8> {
        row(y, columns: Columns(first: first, end: end, step: step))
    }

    /// Row `y` with `columns` made (nil: all), from a held row that has them or warped anew.
    private func row(_ y: Int, columns: Columns?) -> UnsafePointer<UInt8> {
        precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        for index in [1, 0] where held[index].y == y && (held[index].columns == nil || held[index].columns == columns) {
            return UnsafePointer(held[index].buffer.rowPointer(0))
        }
        // The older row's buffer takes the new row, which becomes the newer.
        let buffer = held[0].buffer
        if let columns {
            scan.make(row: y, columnsFrom: columns.first, to: columns.end, every: columns.step, into: buffer)
        } else {
            scan.make(y..<(y + 1), into: buffer)
        }
        rowsMade += 1
        held = [held[1], (y, columns, buffer)]
        return UnsafePointer(buffer.rowPointer(0))
    }
}
