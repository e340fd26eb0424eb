/// The picture's grey surfaces as a witness of a frame's ageing.
///
/// The mean-based witnesses (``SceneLight``) read a yellowed frame under daylight and a white one
/// under a lamp they take a little cooler alike (hard scene-0010 and public scene-0020 both read
/// about half a typical ageing). The picture's grey surfaces tell them apart when the frame's
/// colour is measured in every channel: take the light to be the frame less some amount of
/// ageing, and count the picture's samples that light makes grey. Under a white frame the count
/// peaks at no ageing (the lamp's white is the frame's); under a yellowed one it peaks at the
/// ageing, since the picture's greys are grey under the light, not under the frame.
extension FrameJudgement {
    /// The amounts of ageing tried (typical ageings, ``PaperAgeing``), a tenth apart.
    static let greyAmounts = stride(from: 0.0, through: PaperAgeing.amounts.upperBound, by: 0.1).map { $0 }
    /// The grey witness calls a frame yellowed when its peak is at least this much ageing (a
    /// cream that shows, ``noticeableAgeing``: below the mean-based witnesses' reach, which stop
    /// at half a typical ageing, but not below a sharp peak of the picture's greys)...
    static let greyAgeingLeast = 0.3
    /// ...holds at least this share of the picture's samples (a peak of a few stray samples
    /// says nothing)...
    static let greyShareLeast = 0.01
    /// ...and holds this many times the samples that are grey under the frame itself (the white
    /// frame's reading): a clear peak, not a flat count.
    static let greyPeakRatio = 1.25

    /// The amount of ageing at which the picture's grey samples peak, when the peak says the
    /// frame at `frame` is yellowed (see the thresholds above); nil otherwise.
    static func greyAgeing(of frame: LightChroma, greys: PictureGreys, ageing: PaperAgeing) -> Double? {
        let direction = ageing.chroma
        let shares = greyAmounts.map { greys.share(greyUnder: frame - direction * $0) }
        guard let best = shares.indices.max(by: { shares[$0] < shares[$1] }) else { return nil }
        let amount = greyAmounts[best], peak = shares[best]
        guard amount >= greyAgeingLeast, peak >= greyShareLeast, peak >= greyPeakRatio * shares[0] else { return nil }
        return amount + FrameJudgement.parabolicOffset(shares, at: best) * (greyAmounts[1] - greyAmounts[0])
    }

    /// The grey witness's `peak` with the surroundings' reading of the ageing (`surroundings`,
    /// nil when the photo shows none), or nil when together they do not call the frame yellowed.
    ///
    /// A surroundings' reading below 0 (a table warmer than the frame: wood, leather) is the
    /// table's own colour and leaves the peak alone, as the mean-based witnesses' veto it
    /// overrides. A reading of 0 or more is a second witness of the same amount: a neutral table
    /// under the light finds a faint cream faintly yellower, and a white frame not yellower at all.
    /// Their mean must still reach ``greyAgeingLeast``: a peak at a faint ageing is as much the
    /// picture's own bluish greys (a white frame under a lamp the picture reads a little cooler)
    /// as a cream frame, and the table tells them apart.
    static func greyAgeing(_ peak: Double, surroundings: Double?) -> Double? {
        guard let surroundings, surroundings >= 0 else { return peak }
        let amount = (peak + surroundings) / 2
        return amount >= greyAgeingLeast ? amount : nil
    }

    /// Where between its neighbours the peak of `values` at `index` lies (−0.5…0.5 of a step),
    /// from the parabola through the three: the grid's tenth of an ageing is coarser than the
    /// peak is sharp.
    static func parabolicOffset(_ values: [Double], at index: Int) -> Double {
        guard index > 0, index < values.count - 1 else { return 0 }
        let (a, b, c) = (values[index - 1], values[index], values[index + 1])
        let bend = a - 2 * b + c
        guard bend < 0 else { return 0 }
        return min(max(0.5 * (a - c) / bend, -0.5), 0.5)
    }
}
