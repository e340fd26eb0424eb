/// How white balance finds the light.
public enum WhiteBalanceMode: String, Sendable, Equatable, CaseIterable {
    /// From the print's white frame, with the light's falloff across the print; falls back on
    /// the picture when no format is known or the frame is too dark to read.
    case frame
    /// From the image's own statistics: the card's Minkowski p = 6 mean colour in linear light is
    /// taken to be grey ("shades of gray", the generalisation of gray world's plain mean that
    /// measured best). It trusts no single reference, so it is the plain alternative when the
    /// frame misleads; it is what ``frame`` falls back on without a format.
    case grayWorld = "gray-world"
    /// No white balance.
    case none
}
