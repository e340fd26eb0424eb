/// Plainness judged against the photo's own noise.
///
/// A sensor's read noise is the same in the dark as in the light, but the tone curve that turns it
/// into levels is steepest near black (sRGB's slope at level 30 is about nine times that at level
/// 200) and an underexposed photo is brightened by gain: a dark print in dim light carries several
/// times the noise, in levels, of a white one in good light. Along a plain black band neighbouring
/// samples then differ by more than the fixed tolerance — a small print's band, a few working pixels
/// wide, averages too few pixels to calm it — and the band reads as texture. A pale band's noise is
/// well within the tolerance, and it gets no allowance: there, samples that differ by more are
/// texture or an edge (a window's white frame among clapboards).
///
/// Noise and texture part ways along the band: noise is independent from sample to sample, so
/// samples two apart differ no more than neighbours do, while texture (grain, fabric, a picture's
/// content) is correlated over a few samples and differs more the farther apart one looks. Where a
/// band's differences are noise so measured, pairs within what that noise spreads count as matching.
extension BorderAppearance {
    /// How many times the median distance between neighbouring samples a pair of noise samples stays
    /// within about nineteen times in twenty (three channels' Gaussian noise: the distance's 95th
    /// percentile is about 1.8 times its median).
    static let noiseSpread: Float = 1.8
    /// The most the median distance between samples two apart may exceed that between neighbours for
    /// the band's differences to count as noise (equal for independent noise, give or take sampling).
    static let noiseCorrelation: Float = 1.2
    /// The most the noise may widen the tolerance, as a multiple of it: beyond this a band is not
    /// told from anything.
    static let noiseCeiling: Float = 2
    /// The brightest band, mean level of its typical colour, whose noise may exceed the tolerance: a
    /// quarter of the range, where the tone curve's slope is still over twice mid-grey's.
    static let noisyLevel: Float = 64

    /// The largest distance between neighbouring samples that the band's own noise explains, or 0
    /// where its differences are not noise alone (texture), there are too few to tell, or the band
    /// (`typical`, its colour) is too bright for its noise to matter.
    func noiseTolerance(_ sequences: [[Color?]], typical: Color?) -> Float {
        guard let typical, (typical.0 + typical.1 + typical.2) / 3 <= Self.noisyLevel else { return 0 }
        var near: [Float] = [], far: [Float] = []
        for sequence in sequences {
            for k in sequence.indices.dropFirst() {
                guard let c = sequence[k] else { continue }
                if let q = sequence[k - 1] { near.append(Self.distance(c, q)) }
                if k >= 2, let q = sequence[k - 2] { far.append(Self.distance(c, q)) }
            }
        }
        guard near.count >= 16, far.count >= 16 else { return 0 }
        let nearMedian = OrderStatistic.select(&near, near.count / 2)
        let farMedian = OrderStatistic.select(&far, far.count / 2)
        guard farMedian <= Self.noiseCorrelation * nearMedian else { return 0 }
        return min(Self.noiseSpread * nearMedian, Self.noiseCeiling * tolerance)
    }

    /// How many neighbouring sample pairs match within `limit` or lie on a ramp of the light (`ramps`:
    /// per side, the pairs ending at each index already found on one).
    func plainPairs(_ sequences: [[Color?]], ramps: [[Bool]], within limit: Float) -> Int {
        var plain = 0
        for (s, sequence) in sequences.enumerated() {
            for k in sequence.indices.dropFirst() {
                guard let c = sequence[k], let q = sequence[k - 1] else { continue }
                if Self.distance(c, q) <= limit || ramps[s][k] { plain += 1 }
            }
        }
        return plain
    }
}
