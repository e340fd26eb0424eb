/// How white balance finds the light.
public enum WhiteBalanceMode: String, Sendable, Equatable, CaseIterable {
    /// From the print's white frame, with the light's falloff across the print; falls back on
    /// the picture when no format is known or the frame is too dark to read.
    case frame
    /// From the picture alone (the window when the format is known, else the whole card): its
    /// Minkowski p = 6 mean colour in linear light is taken to be grey ("shades of gray", the
    /// generalisation of gray world's plain mean that measured best).
    case grayWorld = "gray-world"
    /// No white balance.
    case none
}
