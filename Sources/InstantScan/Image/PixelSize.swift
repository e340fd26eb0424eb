/// A width and height in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Makes a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Pixels in all.
    public var area: Int { width * height }

    /// `W×H`.
    public var description: String { "\(width)×\(height)" }
}
