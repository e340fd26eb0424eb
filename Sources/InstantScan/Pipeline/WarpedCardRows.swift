/// A streamed scan's card as white balance reads it: each row is warped and converted when a
/// sampler asks for it, into one of two one-row buffers, so that measuring the light costs two
/// rows of memory instead of the rows the samplers read (on a 7.7 MP print filling the frame some
/// 14 MB of pages, the scan's peak).
///
/// A row's bytes are those the scan's band gives it (``StreamedScan/make(_:into:)``), so the
/// estimate is the whole card's. A row read by two samplers is warped twice: the samplers' grids
/// are sparse (bar the scene statistics', whose rows are read once each, with the row below).
final class WarpedCardRows: CardRows {
    private let scan: StreamedScan
    /// The two rows held: which row of the card each buffer holds (-1: none yet), oldest first.
    private var held: [(y: Int, buffer: PixelBuffer)]
    /// Rows warped so far (a row read again after it was dropped counts again).
    private(set) var rowsMade = 0

    init(_ scan: StreamedScan) throws {
        self.scan = scan
        held = try (0..<2).map { _ in (-1, try PixelBuffer(width: scan.size.width, height: 1)) }
    }

    var width: Int { scan.size.width }
    var height: Int { scan.size.height }

    func row(_ y: Int) -> UnsafePointer<UInt8> {
        precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        if held[1].y == y { return UnsafePointer(held[1].buffer.rowPointer(0)) }
        if held[0].y == y { return UnsafePointer(held[0].buffer.rowPointer(0)) }
        // The older row's buffer takes the new row, which becomes the newer.
        let buffer = held[0].buffer
        scan.make(y..<(y + 1), into: buffer)
        rowsMade += 1
        held = [held[1], (y, buffer)]
        return UnsafePointer(buffer.rowPointer(0))
    }
}
