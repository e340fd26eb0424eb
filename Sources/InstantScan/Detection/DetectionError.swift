/// Why detection could not run.
public enum DetectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The detector reads RGBA8 pixels as decoders produce them.
    case unsupportedPixelFormat(PixelFormat)

    public var description: String {
        switch self {
        case let .unsupportedPixelFormat(format):
            return "print detection needs RGBA8 pixels, got \(format)"
        }
    }
}
