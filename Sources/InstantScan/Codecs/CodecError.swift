/// Why an image file could not be read or written.
///
/// Each case carries what went wrong in words a user can act on; ``description`` is the full
/// sentence. Sizes refused before allocation are thrown as ``ImageError`` instead, so that the
/// "raise the limit" advice is the same for every format.
public enum CodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a JPEG, PNG or HEIF (HEIC, AVIF) image.
    case notAnImage
    /// The data ends before the image does; the value names what was cut short ("JPEG data").
    case truncated(String)
    /// The data is damaged; the value says where and, when the codec said, why.
    case corrupt(String)
    /// A valid image this library does not handle (e.g. a CMYK JPEG), or an option it does not offer.
    case unsupported(String)
    /// Encoding failed; the value says why.
    case encodeFailed(String)

    public var description: String {
        switch self {
        case .notAnImage: return "not a JPEG, PNG, HEIC or AVIF image"
        case let .truncated(what): return "truncated \(what)"
        case let .corrupt(what): return "corrupt \(what)"
        case let .unsupported(what): return "unsupported: \(what)"
        case let .encodeFailed(why): return "could not encode the image: \(why)"
        }
    }
}
