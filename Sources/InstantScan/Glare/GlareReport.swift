/// How much of a print's picture is lost to glare, and what to do about it.
public struct GlareReport: Sendable, Equatable {
    /// The share of the picture window (the whole card when the window is unknown) under glare.
    public var share: Double
    /// The map it was measured on.
    public var map: GlareMap

    /// Above this share the user is told to take another shot: a few percent of blown-out picture
    /// is what people notice first in a scan, and what a second shot at another angle fixes.
    public static let warningShare = 0.04

    /// Makes a report.
    public init(share: Double, map: GlareMap) {
        self.share = share
        self.map = map
    }

    /// The advice for the user when the share is over ``warningShare``, else nil.
    public var warning: String? {
        guard share > Self.warningShare else { return nil }
        let percent = Int((share * 100).rounded())
        return "glare over \(percent)% of the picture: take another shot at a different angle, then `instantscan merge`"
    }
}
