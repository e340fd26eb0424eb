/// Where one rectified shot lies against the reference shot, after registration.
struct ShotAlignment: Sendable {
    /// Maps a reference pixel (centres at whole numbers) to the same point of the print in the
    /// shot's own rectification: a homography near the identity, the few pixels, the hair of
    /// rotation and scale and the trace of perspective that detected corners leave.
    var referenceToShot: Homography
    /// Weighted normalised cross-correlation of the two after alignment, glare left out (1: alike).
    var correlation: Double
    /// Gradient energy over variance of the shot, glare left out: how sharp it is.
    var sharpness: Double
    /// Whether the shot shows the same print as the reference (its picture compared).
    var samePrint = SamePrintCheck.Verdict.identical
}
