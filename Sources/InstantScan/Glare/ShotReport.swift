/// What ``ShotMerger`` found and did with one shot.
public struct ShotReport: Sendable {
    /// The shot's name.
    public var name: String
    /// The glare on the shot's own rectification (share of the picture window).
    public var glare: GlareReport
    /// The residual shift registration found at the card's centre, in output pixels (x, y).
    public var shift: Point
    /// Correlation with the reference after alignment (1 for the reference itself).
    public var correlation: Double
    /// Correlation of the picture's luma with the reference's, inside the window at a coarse
    /// scale (1 for the reference itself): near 0 for another print.
    public var pictureCorrelation: Double
    /// Agreement of the picture's edges (gradient vectors) with the reference's (1 for the
    /// reference itself): near 0 for another print.
    public var edgeAgreement: Double
    /// Sharpness relative to the sharpest shot (1 for the sharpest).
    public var sharpness: Double
    /// The share of the fused image's weight this shot carried.
    public var contribution: Double
    /// Whether the shot was fused (false: it could not be aligned and was left out).
    public var used: Bool
}
