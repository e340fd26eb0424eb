/// How the bytes of one pixel are laid out in a ``PixelBuffer``.
public enum PixelFormat: Sendable, Equatable {
    /// Red, green, blue, alpha: one byte each, in that order.
    case rgba8
    /// One grey byte per pixel, for detection and masks.
    case gray8
    /// Red, green, blue: one byte each. Decoded JPEG photos are stored so: a quarter less memory
    /// than RGBA for the largest buffer of a scan (37 MB instead of 49 MB for 12 MP), and nothing
    /// reads an opaque photo's alpha. Warps from it write RGBA.
    case rgb8

    /// Bytes one pixel takes.
    public var bytesPerPixel: Int {
        switch self {
        case .rgba8: return 4
        case .gray8: return 1
        case .rgb8: return 3
        }
    }
}
