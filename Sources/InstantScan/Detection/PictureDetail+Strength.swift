/// How much a window's picture is worth as evidence of a print: a smooth window (no picture) costs
/// the most, a faint one (texture but no edge of any strength) less.
///
/// A stone set in a wall, a window pane at night, a tile: their faces have texture and shading,
/// enough neighbouring samples differing by a dozen levels to pass for a plain picture, but hardly
/// anywhere do two samples a pixel and a half apart differ by a strong step. A photograph has edges
/// somewhere (an outline, a horizon, a face), and a printed picture, however soft, keeps some.
extension PictureDetail {
    /// Colour difference, levels (Euclidean RGB), between neighbouring samples that counts as a
    /// strong edge (``shares(in:)``).
    static let strongStep: Float = 25
    /// Below this share of strong steps (with under ``plain`` of ordinary detail) a window's picture
    /// is faint. Of the 281 prints found in the evaluation's public and hard scenes (capped and full
    /// size) the lowest had 0.058 strong steps; the false prints on photos with no print (a stone in
    /// a wall, panes of lit and dark windows, a guitar's body) have 0.0–0.03.
    static let faint = 0.04
    /// A faint picture also has under this share of ordinary detail (a busy picture with soft edges,
    /// foliage in fog, is not faint). The least detailed print found in the evaluation had 0.14.
    static let plain = 0.25
    /// Confidence factor for a faint picture: a sure print becomes one to check (0.95 → 0.71), an
    /// uncertain one mostly falls under the floor.
    static let faintFactor = 0.75
    /// Confidence factor for a blank window (see ``blank``).
    static let blankFactor = 0.6

    /// The factor a print's confidence is multiplied by for what its `window` shows: 1 for a
    /// picture, ``faintFactor`` for a faint one, ``blankFactor`` for none; 1 when the window cannot
    /// be judged (mostly out of view or clipped).
    func confidenceFactor(for window: Quad) -> Double {
        guard let shares = shares(in: window) else { return 1 }
        if shares.detail < Self.blank { return Self.blankFactor }
        guard shares.detail < Self.plain else { return 1 }
        return shares.strong < Self.faint ? Self.faintFactor : 1
    }
}
