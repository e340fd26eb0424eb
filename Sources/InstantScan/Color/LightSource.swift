/// What a ``LightEstimate`` was measured from.
public enum LightSource: String, Sendable, Equatable, Codable, CaseIterable {
    /// The print's white frame: colour, falloff and exposure.
    case frame
    /// A dark (black-edition) frame: colour and falloff, but not exposure, since the frame's own
    /// lightness is unknown.
    case darkFrame
    /// Statistics of the picture (shades of gray in linear light): no format known, a frame too
    /// dark to read, or gray-world mode.
    case picture
    /// Nothing: white balance is off.
    case none
}
