/// What white balance did to one print, for the user and for `scan --json`.
public struct WhiteBalanceReport: Sendable, Equatable {
    /// The light divided out (shared by the batch when one light was given for all photos).
    public var light: LightEstimate
    /// CIELAB chroma C*ab of the frame's median colour before correction; nil without a frame.
    public var frameChroma: Double?
    /// The same after correction (0 is perfectly neutral); nil without a frame.
    public var correctedFrameChroma: Double?
    /// The share of the output's pixels that had a clipped channel (code ≥ 250) before correction.
    public var clippedShare: Double

    /// Makes a report.
    public init(light: LightEstimate, frameChroma: Double?, correctedFrameChroma: Double?, clippedShare: Double) {
        self.light = light
        self.frameChroma = frameChroma
        self.correctedFrameChroma = correctedFrameChroma
        self.clippedShare = clippedShare
    }
}
