/// What ``PrintColorCorrection`` measured for white balance before correcting any pixel: the
/// light to divide out and the frame's chroma. Kept apart from the correction so that a scan made
/// band by band is corrected band by band with the light its whole image would have given.
struct BalanceMeasure {
    var balance: WhiteBalance
    var light: LightEstimate
    var chroma: (before: Double, after: Double)?

    /// The report, once the share of pixels with a clipped channel is known.
    func report(clippedShare: Double) -> WhiteBalanceReport {
        WhiteBalanceReport(light: light, frameChroma: chroma?.before, correctedFrameChroma: chroma?.after,
                           clippedShare: clippedShare)
    }
}
