/// Why an image could not be made or read.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A width or height that is zero, negative or beyond any real photo.
    case invalidDimensions(width: Int, height: Int)
    /// More pixels than the limit allows; raise the limit to accept the image.
    case tooManyPixels(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            return "invalid image size \(width)×\(height)"
        case let .tooManyPixels(width, height, limit):
            let mp = Double(width) * Double(height) / 1e6
            return "image is \(width)×\(height) (\(String(format1: mp)) MP), above the limit of \(limit / 1_000_000) MP"
        }
    }
}

extension String {
    /// One decimal, without Foundation's locale-dependent formatting.
    /// Messages quote whatever the user typed (corners of 1e30, say): values too large for an Int
    /// are written as Swift writes them rather than trapping, and the sign of -0.5 is kept.
    init(format1 value: Double) {
        let tenths = (abs(value) * 10).rounded()
        guard tenths < 1e17 else {
            self = "\(value)"
            return
        }
        let sign = value < 0 && tenths != 0 ? "-" : ""
        self = "\(sign)\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }
}
