/// A scan's PNG image data, filtered and deflated band by band while the scan was made
/// (``PrintScanner`` with a streamed output): what ``OutputEncoder`` writes in place of
/// encoding the scan's pixels, which never existed whole.
struct StreamedPNG: Sendable {
    /// The scan's size.
    let size: PixelSize
    /// The effort the bands were deflated with: the one PNG setting they can be written at.
    let compression: PNGEncoder.Compression
    /// The deflated bands, in row order.
    let bands: BandedDeflate
}
