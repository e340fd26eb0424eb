/// A scan's JPEG, compressed row by row while the scan was made (``PrintScanner`` with a
/// streamed JPEG output): what ``OutputEncoder`` writes, with the scan's density, EXIF and
/// profile added, in place of encoding the scan's pixels, which never existed whole.
struct StreamedJPEG: Sendable {
    /// The scan's size.
    let size: PixelSize
    /// The quality it was compressed at: the one JPEG setting it can be written at.
    let quality: Int
    /// The JPEG as libjpeg wrote it (JFIF APP0, no other application segment).
    let bytes: [UInt8]
}
