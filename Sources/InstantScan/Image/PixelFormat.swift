/// How the bytes of one pixel are laid out in a ``PixelBuffer``.
public enum PixelFormat: Sendable, Equatable {
    /// Red, green, blue, alpha: one byte each, in that order.
    case rgba8
    /// One grey byte per pixel, for detection and masks.
    case gray8

    /// Bytes one pixel takes.
    public var bytesPerPixel: Int {
        switch self {
        case .rgba8: return 4
        case .gray8: return 1
        }
    }
}
