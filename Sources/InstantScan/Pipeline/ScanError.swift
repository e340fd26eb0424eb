/// Why a scan could not go on.
public enum ScanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Manual corners are not a convex quadrilateral in TL, TR, BR, BL order.
    case cornersNotConvex(Quad)
    /// Manual corners lie outside the photo.
    case cornersOutsideImage(Quad, PixelSize)
    /// The window was asked for but the print's format is not known.
    case windowNeedsFormat
    /// The requested output size is empty or absurd.
    case invalidOutputSize(String)
    /// A light given for the whole batch was estimated in another colour space than the output's.
    case lightInOtherSpace(BuiltInProfile, BuiltInProfile)

    public var description: String {
        switch self {
        case let .cornersNotConvex(q):
            return "corners \(q.shortDescription) do not make a convex quadrilateral (give them as TL TR BR BL)"
        case let .cornersOutsideImage(q, size):
            return "corners \(q.shortDescription) lie outside the \(size) photo (upright pixels, after EXIF orientation)"
        case .windowNeedsFormat:
            return "cropping to the window needs the print's format, and it is not known"
        case let .invalidOutputSize(why):
            return "invalid output size: \(why)"
        case let .lightInOtherSpace(light, output):
            return "the light was estimated in \(light.rawValue) but the output is \(output.rawValue); estimate it with the output's profile"
        }
    }
}

extension Quad {
    /// Corners rounded to one decimal, for messages.
    var shortDescription: String {
        corners.map { "\(String(format1: $0.x)),\(String(format1: $0.y))" }.joined(separator: " ")
    }
}
