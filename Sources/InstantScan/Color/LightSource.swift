/// What a ``LightEstimate`` was measured from.
public enum LightSource: String, Sendable, Equatable, Codable, CaseIterable {
    /// The print's white frame: colour, falloff and exposure.
    case frame
    /// A dark (black-edition) frame: colour and falloff, but not exposure, since the frame's own
    /// lightness is unknown.
    case darkFrame
    /// The picture and the surface around the card (colour-constancy cues pooled in linear
    /// light), with the frame's falloff when its colour is the same all round: a frame that is
    /// not a white reference (coloured, patterned, yellowed with age).
    case surroundings
    /// Statistics of the picture (colour-constancy cues in linear light): no format known,
    /// gray-world mode, or a frame that is not a white reference when the photo shows nothing
    /// around the card (or nothing there agreed with the picture).
    case picture
    /// Nothing: white balance is off.
    case none
}
