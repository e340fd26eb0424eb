/// An upright card image as white balance's samplers read it: one row at a time, each sampler
/// from top to bottom.
///
/// A ``PixelBuffer`` is one; so is a streamed scan's ``WarpedCardRows``, which warps each row
/// only when a sampler asks for it, so that the estimate reads the scan's rows without the
/// scan, or the rows its samplers read, ever being held.
protocol CardRows {
    /// Width in pixels.
    var width: Int { get }
    /// Height in pixels.
    var height: Int { get }
    /// RGBA8 row `y`: valid until two other rows have been read (a sampler reads a row and the
    /// one a grid step below it together).
    func row(_ y: Int) -> UnsafePointer<UInt8>
    /// Row `y` as ``row(_:)`` gives it, where only columns `first`, `first + step`, … below `end`
    /// need be read (a sampler on a sparse grid); the others may hold anything.
    func row(_ y: Int, columnsFrom first: Int, to end: Int, every step: Int) -> UnsafePointer<UInt8>
    /// Another reader of the same card that may read rows on another thread while this one reads
    /// (the two hold their rows apart); nil when the card cannot give one.
    func concurrentReader() -> Self?
}

extension CardRows {
    /// The whole row: what an image that holds its rows gives.
    func row(_ y: Int, columnsFrom first: Int, to end: Int, every step: Int) -> UnsafePointer<UInt8> {
        row(y)
    }

    /// None: readers go one at a time unless the card says otherwise.
    func concurrentReader() -> Self? { nil }

    /// The size as a ``PixelSize``.
    var cardSize: PixelSize { PixelSize(width: width, height: height) }
}
