/// How a warp reads a source pixel between sample positions.
public enum Interpolation: String, Sendable, CaseIterable {
    /// Four taps, linear in x and y: fast and free of ringing.
    case bilinear
    /// Sixteen taps, Catmull-Rom cubic: sharper text and grain, at about 3× the cost.
    case bicubic
}
