#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The light a print was photographed under, as white balance measured it: what to divide out.
///
/// Made by ``WhiteBalance/estimate(card:format:)``; applied by ``WhiteBalance/apply(_:to:covering:)``.
/// One estimate can be applied to many prints: ``combined(_:)`` pools the estimates of a batch
/// shot under one light so that every print gets the same correction.
///
/// Values are linear light of ``profile``'s space (the output's), where 1 is the brightest code.
public struct LightEstimate: Sendable, Equatable {
    /// What the light was measured from.
    public var source: LightSource
    /// The light across the card: the value white paper has at each point.
    public var field: IlluminationField
    /// The linear value the paper is mapped to: the chosen paper white for a white frame, the
    /// frame's or picture's own luminance otherwise (exposure is then left as it was).
    public var whiteLevel: Double
    /// How each channel's level was found.
    package var channels: [ChannelEvidence]
    /// The colour space whose linear light the field is in.
    public var profile: BuiltInProfile
    /// Frame samples the estimate rests on (0 for a picture estimate).
    public var sampleCount: Int
    /// Why this source was used, in words for the user (for example why the frame was not taken
    /// as white); empty when there was no choice to make.
    public var reason: String

    /// Makes an estimate.
    package init(source: LightSource, field: IlluminationField, whiteLevel: Double, channels: [ChannelEvidence],
                 profile: BuiltInProfile, sampleCount: Int = 0, reason: String = "") {
        self.source = source
        self.reason = reason
        self.field = field
        self.whiteLevel = whiteLevel
        self.channels = channels
        self.profile = profile
        self.sampleCount = sampleCount
    }

    /// No correction.
    public static func identity(profile: BuiltInProfile = .srgb) -> LightEstimate {
        LightEstimate(source: .none, field: .uniform([1, 1, 1]), whiteLevel: 1,
                      channels: [.none, .none, .none], profile: profile)
    }

    /// Whether applying the estimate changes nothing.
    public var isIdentity: Bool {
        field.isUniform && field.logLevels.allSatisfy { abs($0 - log(whiteLevel)) < 1e-12 }
    }

    /// The multiplier applied to each channel in linear light at the card's centre.
    public var gains: [Double] {
        field.logLevels.map { whiteLevel / exp($0) }
    }

    /// The light's colour at the card's centre, in linear RGB scaled so that its luminance is 1.
    public var lightColor: [Double] {
        let rgb = field.logLevels.map { exp($0) }
        let y = WorkingSpace(profile).xyz(rgb)[1]
        return rgb.map { $0 / max(y, 1e-12) }
    }

    /// The light's correlated colour temperature in kelvin (McCamy's formula on its
    /// chromaticity), or nil when it is far from anything a lamp or daylight gives.
    ///
    /// This is the light as the camera recorded it, after the phone's own white balance: the
    /// colour left to remove, not the lamp's rated temperature.
    public var correlatedColorTemperature: Double? {
        guard source != .none, let xy = WorkingSpace(profile).chromaticity(field.logLevels.map { exp($0) }) else {
            return nil
        }
        return PlanckianLocus.mcCamyTemperature(x: xy.x, y: xy.y)
    }

    /// One estimate for prints shot under one light, to apply to each of them: the same
    /// correction everywhere, so the batch comes out consistent.
    ///
    /// The best source present decides: white-frame estimates outvote yellowed-frame ones, which
    /// outvote dark-frame ones, which outvote estimates from a print's surroundings, which outvote picture statistics; so the
    /// white-framed photos of a batch are its references. Colour is pooled as ratios to a reference channel (the one most
    /// frames measured), so that photos exposed differently pool their colour without mixing
    /// their exposures; the level is the mean level of the reference channel, the field's shape
    /// the mean shape. A channel no frame measured (clipped in every photo) is completed from the
    /// pooled others by the Planckian locus, but not below any frame's clip bound. Pooling helps
    /// beyond consistency: one photo whose frame kept its red gives red to all the others.
    ///
    /// - Precondition: at least one estimate, all in the same ``profile``.
    public static func combined(_ estimates: [LightEstimate]) -> LightEstimate {
        precondition(!estimates.isEmpty, "combining needs at least one estimate")
        let profile = estimates[0].profile
        precondition(estimates.allSatisfy { $0.profile == profile }, "estimates to combine share one colour space")
        let rank: [LightSource] = [.frame, .otherPrints, .agedFrame, .darkFrame, .surroundings, .picture, .none]
        let best = rank.first { source in estimates.contains { $0.source == source } } ?? .none
        let pool = estimates.filter { $0.source == best }
        guard pool.count > 1 else {
            var single = pool[0]
            if estimates.count > 1 { single.reason = "one light for \(estimates.count) photos, from the one measured best: " + single.reason }
            return single
        }

        let weights = pool.map { Double(max($0.sampleCount, 1)) }
        func mean(_ indices: [Int], _ value: (Int) -> Double) -> Double {
            let w = indices.map { weights[$0] }
            return zip(indices, w).map { value($0) * $1 }.reduce(0, +) / max(w.reduce(0, +), 1e-12)
        }
        func measures(_ p: Int, _ c: Int) -> Bool {
            [.measured, .censored, .picture].contains(pool[p].channels[c])
        }
        let all = Array(pool.indices)
        let counts = (0..<3).map { c in all.filter { measures($0, c) }.count }
        let reference = [1, 2, 0].max { counts[$0] < counts[$1] } ?? 1
        let exposed = all.filter { measures($0, reference) }
        let referencePhotos = exposed.isEmpty ? all : exposed

        var field = IlluminationField(logLevels: [0, 0, 0])
        field.shape = (0..<IlluminationField.shapeTerms).map { k in mean(all) { pool[$0].field.shape[k] } }
        field.logLevels[reference] = mean(referencePhotos) { pool[$0].field.logLevels[reference] }
        var channels = [ChannelEvidence](repeating: .none, count: 3)
        channels[reference] = pool[referencePhotos[0]].channels[reference]
        var open: [Int] = []
        for c in 0..<3 {
            let measuring = all.filter { measures($0, c) }
            let chosen = measuring.isEmpty ? all : measuring
            field.tilts[2 * c] = mean(chosen) { pool[$0].field.tilts[2 * c] }
            field.tilts[2 * c + 1] = mean(chosen) { pool[$0].field.tilts[2 * c + 1] }
            guard c != reference else { continue }
            let both = measuring.filter { measures($0, reference) }
            let ratioPhotos = both.isEmpty ? all : both
            field.logLevels[c] = field.logLevels[reference]
                + mean(ratioPhotos) { pool[$0].field.logLevels[c] - pool[$0].field.logLevels[reference] }
            channels[c] = pool[ratioPhotos[0]].channels[c]
            if both.isEmpty, best == .frame { open.append(c) }
        }
        if open.count == 1 {
            let c = open[0]
            let locus = PlanckianLocus(space: WorkingSpace(profile))
            // Photos whose picture took a clipped red below the locus (a green tube) keep that
            // shift in the pooled light: the mean of their shifts, never upwards.
            let shift = mean(all) { min(pool[$0].field.logLevels[c] - locus.completing(pool[$0].field.logLevels, missing: c)[c], 0) }
            let completed = locus.completing(field.logLevels, missing: c)[c] + shift
            // A bound holds for its own photo's exposure: carry it over as a ratio.
            let bound = all.filter { pool[$0].channels[c] == .clipBound }
                .map { field.logLevels[reference] + pool[$0].field.logLevels[c] - pool[$0].field.logLevels[reference] }
                .max()
            if let bound, bound > completed {
                field.logLevels[c] = bound
                channels[c] = .clipBound
            } else {
                field.logLevels[c] = completed
                channels[c] = .locus
            }
        }
        let skipped = estimates.count - pool.count
        let reason = "one light for \(estimates.count) photos, pooled from the \(pool.count) measured best"
            + (skipped > 0 ? " (\(skipped) with a less reliable reference left out)" : "")
        return LightEstimate(source: best, field: field, whiteLevel: mean(all) { pool[$0].whiteLevel },
                             channels: channels, profile: profile, sampleCount: Int(weights.reduce(0, +)), reason: reason)
    }
}
