/// The colour a lamp leaves in a phone photo once the phone's white balance has taken part of it
/// out: the prior for a yellowed frame whose red the photo clipped.
///
/// A phone corrects a lamp's colour only part of the way (full correction of a warm room looks
/// wrong, so phones deliberately keep some warmth), and it does so with one gain a channel. In log
/// ratios that scales the lamp's colour towards neutral: what is left is a fraction of a point of
/// the Planckian locus, on the straight line from neutral to it. The locus bends towards red, so
/// that line runs on its green side: at the blue-to-green ratio the photo shows, the residual cast
/// has less red than the black body of that ratio. Completing a clipped red on the locus itself
/// (``PlanckianLocus/completing(_:missing:)``) therefore takes the light redder than it is, and
/// the scan comes out greener and darker than the print; on a yellowed frame, whose red is the
/// channel that sets the scan's exposure, both show.
struct ResidualCast {
    /// The share of a lamp's colour (in log ratios) the photo is taken to keep. An assumption at
    /// the cautious end: phones keep roughly half to nine tenths of a warm lamp's cast, and a
    /// larger share stays nearer the locus, the completion used before.
    static let kept = 0.75

    /// log(R/G) and log(B/G) of the residual casts of black-body lamps from 1667 K to 25000 K.
    let logRG: [Double]
    let logBG: [Double]
    /// The locus, which bounds the completion from above.
    let locus: PlanckianLocus

    init(locus: PlanckianLocus) {
        self.locus = locus
        logRG = locus.logRG.map { $0 * ResidualCast.kept }
        logBG = locus.logBG.map { $0 * ResidualCast.kept }
    }

    /// The red log level of a light with the green and blue of `levels` (log R, G, B; R is
    /// ignored), as a lamp's residual cast: never redder than the locus at that blue.
    func red(completing levels: [Double]) -> Double {
        let onLocus = locus.completing(levels, missing: 0)[0]
        let residual = levels[1] + PlanckianLocus.interpolate(levels[2] - levels[1], xs: logBG, ys: logRG)
        return min(residual, onLocus)
    }
}
