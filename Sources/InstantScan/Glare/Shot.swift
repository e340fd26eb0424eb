/// One photo of a print for ``ShotMerger``: its encoded bytes, a name for messages, and the
/// print's corners when the caller knows them.
public struct Shot: Sendable {
    /// The encoded photo (JPEG, PNG, HEIC/HEIF or AVIF).
    public var data: [UInt8]
    /// How messages name the shot (its file name).
    public var name: String
    /// The print's corners (TL, TR, BR, BL of the upright print, in upright photo pixels); nil to
    /// detect it.
    public var corners: Quad?

    /// Makes a shot.
    public init(data: [UInt8], name: String, corners: Quad? = nil) {
        self.data = data
        self.name = name
        self.corners = corners
    }
}
