/// Why a colour operation could not be set up.
///
/// Every case reads as a sentence a user can act on; the CLI prints ``description`` as is.
public enum ColorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Ends-in stretch percentages that are negative, not finite, or that together reach 100 %.
    case invalidStretchPercentages(low: Double, high: Double)
    /// An ICC profile larger than the library accepts (a guard against hostile files).
    case profileTooLarge(byteCount: Int, limit: Int)
    /// Bytes that are not an ICC profile, or one too damaged for lcms2 to read.
    case invalidProfile(reason: String)
    /// A valid profile for a colour space other than RGB (CMYK, grey, Lab…).
    case unsupportedColorSpace(String)
    /// A profile lcms2 can read but cannot turn into a colour transform.
    case transformUnavailable(from: String, to: String)

    /// A sentence for the user: what was wrong and, where there is one, what to do.
    public var description: String {
        switch self {
        case let .invalidStretchPercentages(low, high):
            return "contrast stretch percentages \(low) % (low) and \(high) % (high) are invalid:"
                + " each must be 0 or more and together below 100"
        case let .profileTooLarge(byteCount, limit):
            return "ICC profile is \(byteCount) bytes, above the limit of \(limit) bytes"
        case let .invalidProfile(reason):
            return "ICC profile is unreadable: \(reason)"
        case let .unsupportedColorSpace(space):
            return "ICC profile is for the \(space) colour space; only RGB profiles are supported"
        case let .transformUnavailable(from, to):
            return "cannot convert colours from “\(from)” to “\(to)”: lcms2 could not build a transform"
        }
    }
}
