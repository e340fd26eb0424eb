/// The darkest a scan may be when no white frame fixes its exposure: the picture's brightest
/// highlights come out near the film's own white.
///
/// Instant film has a short exposure range (about five stops) with a soft shoulder, so a scene's
/// brightest spots — a specular glint, a sky, a white shirt, a lamp — are pressed into the film's
/// white (its Dmin, the dye layers' least density), a little below the paper of the border. A
/// picture whose brightest half-percent sits far below paper white is rare (the darkest of the 53
/// neutral pictures in the evaluation kit keeps 0.73 of paper white there); a phone that metered
/// a bright table or frame leaves a print darker than it is, and nothing else in the photo says so
/// when the frame is coloured. So the exposure comes up until the picture's brightest colours
/// (``quantile`` of each sample's brightest channel; a channel the photo clipped counts as
/// brighter than any floor) reach ``floor`` of paper white, by at most ``mostRaising``: a night
/// scene or a low-key portrait may truly have no highlight, and then costs a fraction, never the
/// whole gap. It only ever raises the exposure; ``ExposureCeiling`` bounds it from above after.
struct HighlightFloor {
    /// The white level to use: the one given, or higher.
    var whiteLevel: Double

    /// The share of the picture taken as its highlights: its brightest half-percent, at least a
    /// glint's worth of samples and too few for a bright subject to stand for them.
    static let quantile = 0.995
    /// The least share of paper white the highlights may come out at. Below the darkest neutral
    /// picture measured (0.73), and most sit at paper white or above it (a picture's white is
    /// often a little brighter than a frame's paper printed to code 236).
    static let floor = 0.8
    /// The most the exposure is raised (factor): the floor is a prior about pictures, not a
    /// measurement, so it moves a dark picture part of the way at worst.
    static let mostRaising = 1.5
    /// Fewer samples than this say nothing.
    static let minimumSamples = 400

    /// The floor for a correction by `field` (at the card's centre) to `whiteLevel`, `paper` being
    /// the linear level white paper is scanned at, read on the `picture`'s samples.
    init(whiteLevel: Double, field: IlluminationField, paper: Double, picture: PictureSamples?) {
        self.whiteLevel = whiteLevel
        guard let picture, let bright = Self.highlights(picture, field: field, whiteLevel: whiteLevel) else { return }
        let target = Self.floor * paper
        if bright < target { self.whiteLevel = whiteLevel * min(target / bright, Self.mostRaising) }
    }

    /// How much the exposure went up (0.15: by 15 %).
    func raised(from whiteLevel: Double) -> Double { self.whiteLevel / whiteLevel - 1 }

    /// The picture's brightest channel after the correction at ``quantile``, clipped samples
    /// taken as brighter than any; nil when the picture has too few samples.
    static func highlights(_ picture: PictureSamples, field: IlluminationField, whiteLevel: Double) -> Double? {
        let total = picture.count + picture.clippedCount
        guard total >= minimumSamples else { return nil }
        let rank = Int(quantile * Double(total - 1))
        // Clipped samples fill the top ranks.
        guard rank < picture.count else { return .infinity }
        let gains = (0..<3).map { whiteLevel / field.value(channel: $0, u: 0.5, v: 0.5) }
        var brightest = [Double](repeating: 0, count: picture.count)
        for i in 0..<picture.count {
            brightest[i] = max(picture.linear[0][i] * gains[0], picture.linear[1][i] * gains[1], picture.linear[2][i] * gains[2])
        }
        brightest.sort()
        return brightest[rank]
    }
}
