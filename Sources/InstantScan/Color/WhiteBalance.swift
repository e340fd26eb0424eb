#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// White balance from the print's own white frame, in linear light, with the light's falloff
/// across the print.
///
/// ```swift
/// let balance = WhiteBalance(mode: .frame, profile: .srgb)
/// let light = balance.estimate(card: card, format: .instaxMini)
/// balance.apply(light, to: card)
/// ```
///
/// The frame surrounds the picture on four sides, so it measures not one colour of light but the
/// light at every point of the print: ``estimate(card:format:)`` fits a smooth
/// ``IlluminationField`` to it (see ``FrameLightFit`` for the robust fit) and ``apply(_:to:covering:)``
/// divides it out, which removes the cast, the gradient and the vignetting at once, and maps the
/// paper to ``paperWhite``. The work is done in the linear light of the image's colour space
/// (the output's: colour management runs first), so an sRGB and a Display P3 photo of the same
/// print give the same result.
///
/// The frame is only the reference when it is white paper. ``FrameJudgement`` weighs it against
/// the rest of the photo — the picture's own statistics and the surface around the card, which
/// carries the same light but not the frame's colour or age (``SceneLight``) — and against what
/// a light can be: a coloured or patterned frame, or one yellowed with age, is not taken for a
/// light. Then the light comes from the picture and the surroundings, the frame's falloff is
/// kept when its colour is the same all round, and the frame keeps its own colour in the scan.
/// A dark (black-edition) frame gives the falloff of the light when the picture and surroundings
/// agree with it, and its colour as one cue pooled with theirs (``DarkFrameColour``: a black
/// edition's own tint is uncertain), and moves the exposure half-way to what black frames reflect.
/// Where the frame does not fix the exposure (coloured, patterned, black, unreadable), it is
/// never so dark that the picture's highlights come out far below the film's white
/// (``HighlightFloor``), nor so bright that the frame or the surface around the card comes out
/// brighter than white paper (``ExposureCeiling``). A
/// yellowed frame gives the light less its ageing (``PaperAgeing``). Without a
/// format the picture's own statistics are used (shades of gray in linear light, gray world's
/// better-behaved generalisation). ``LightEstimate/reason`` says which and why.
public struct WhiteBalance: Sendable {
    /// How the light is found.
    public var mode: WhiteBalanceMode
    /// The colour space of the images (its linear light is where the correction happens).
    public var profile: BuiltInProfile
    /// The 8-bit code white frames are mapped to (all three channels). Neutral scans of instant
    /// prints put the frame between 230 and 245; 236 sits in the middle, a little below the top so
    /// that the paper's texture and light captions keep their detail.
    public var paperWhite: Double = 236

    /// A frame whose luminance is below this share of the picture's 90th percentile is not white.
    /// A print's paper is the brightest thing on it bar glare, so a white frame is never below its
    /// picture; a black frame is under a tenth of it.
    static let darkFrameRatio = 0.5
    /// A frame whose luminance is below this share of the picture's 99th percentile is not white
    /// either: a night scene, a concert or a dark room in a black frame keeps most of its picture
    /// below the frame, but its lamps and lit windows are still dye on paper, at most as light as
    /// the paper. On the evaluation's scenes the 99th percentile is at most 1.5 times a white frame
    /// (1.8 a yellowed one; falloff across the card is modest) and at least 7 times a black one.
    /// Clipped samples count as the lightest, so glare could only call a white frame dark in a
    /// photo exposed to put paper below a fifth of the clip level with more than 1 % of the
    /// picture under glare; a dark frame still gives the light's colour.
    static let darkFrameHighlightRatio = 0.2
    /// Below this linear value a frame's colour is JPEG noise (code ≈ 20). A black edition (L* 20
    /// to 25, 0.03 to 0.045) photographed at a third of the light, a dim room, sits at 0.009 to
    /// 0.015; the fit reads its level as a robust mean of thousands of samples, and on generated
    /// dim photos with a noise of 9 codes and JPEG quality 62 the colour read at 0.0094 was within
    /// 0.01 (log ratios) of the light's.
    static let unreadableFrameLevel = 0.007

    /// Makes a white balance.
    public init(mode: WhiteBalanceMode = .frame, profile: BuiltInProfile = .srgb) {
        self.mode = mode
        self.profile = profile
    }

    /// The light on `card`, an upright image of the whole card (thick border at the bottom) in
    /// ``profile``'s space; `format` places the picture window, nil when unknown.
    public func estimate(card: PixelBuffer, format: PrintFormat?) -> LightEstimate {
        estimate(card: card, format: format, ring: nil)
    }

    /// The frame's samples, the light the picture and surroundings show, and the picture's
    /// samples: readings of the card that share nothing (the frame band, the picture's grids). On
    /// a streamed scan each row they read is warped when asked for, most of what they cost, so
    /// where the card gives more readers and the scan may use two cores the scene's grid is read
    /// in parts beside the other two, each in its own order, and joined: the same results as one
    /// after another.
    ///
    /// The frame's light fit (``FrameLightFit/fit(_:format:locus:)``) comes with them: it needs the
    /// frame's samples alone, so on two cores it runs beside the scene's passes over the picture.
    static func readings<Card: CardRows>(of card: Card, format: PrintFormat, ring: SurfaceRing?, space: WorkingSpace,
                                         locus: PlanckianLocus) -> (FrameSamples, SceneLight?, PictureSamples, FrameLightFit?) {
        func oneAfterAnother() -> (FrameSamples, SceneLight?, PictureSamples, FrameLightFit?) {
            let samples = FrameSamples(card: card, format: format)
            return (samples, SceneLight.estimate(card: card, format: format, ring: ring, space: space, locus: locus),
                    PictureSamples(card: card, window: format), FrameLightFit.fit(samples, format: format, locus: locus))
        }
        guard ProcessInfoCores.active > 1, let second = card.concurrentReader() else { return oneAfterAnother() }
        // The scene's grid costs several times the frame's and the picture's samples together:
        // read in parts of its rows, each on a reader of its own, the cores share it.
        let parts = SceneLight.pictureRowParts(cardSize: card.cardSize, format: format, count: sceneParts)
        let readers = [second] + parts.dropFirst().compactMap { _ in card.concurrentReader() }
        guard readers.count == parts.count else { return oneAfterAnother() }
        var samples: FrameSamples?, picture: PictureSamples?
        // Task 0 only reads `card` and writes `samples` and `picture`; task k > 0 only reads
        // `readers[k - 1]`.
        let statistics = RowBands.map(1 + parts.count) { task -> ImageStatistics? in
            guard task > 0 else {
                samples = FrameSamples(card: card, format: format)
                picture = PictureSamples(card: card, window: format)
                return nil
            }
            return SceneLight.pictureStatistics(card: readers[task - 1], format: format, rows: parts[task - 1])
        }
        let frame = samples!
        let (scene, fit) = SceneLight.estimate(picture: ImageStatistics(joining: statistics.compactMap { $0 }), ring: ring,
                                               space: space, locus: locus) {
            FrameLightFit.fit(frame, format: format, locus: locus)
        }
        return (frame, scene, picture!, fit)
    }

    /// Parts the scene's grid is read in on two cores or more: with the frame's and picture's
    /// samples as one more task, small enough that the cores finish together.
    static let sceneParts = 3

    /// The light on `card`, judging its frame also against `ring`, the surface around the card
    /// in the photo (nil when the photo shows none).
    ///
    /// The frame is the reference when it is white paper: plain, bright, of a colour some light
    /// could give white paper, and agreeing with the light the picture and the surroundings show
    /// (``FrameJudgement``). A black frame gives the light's colour and falloff when it agrees
    /// with them, and half the exposure. A yellowed frame gives the light less its ageing
    /// (``PaperAgeing``). Otherwise (coloured, patterned) the light comes from the picture and
    /// the surroundings (``SceneLight``), the frame's falloff is kept when its colour is the same
    /// all round, and the exposure is left as it was unless the picture's highlights would then be
    /// far below paper white (``HighlightFloor``) or the frame or the surroundings brighter than it
    /// (``ExposureCeiling``; a black frame's exposure is bounded by the surroundings only).
    ///
    /// `photo` is the whole photo's gray edge outside its prints (``PhotoGrayEdge``), one more cue
    /// of the surroundings for a frame that is not a white reference; it is read only then.
    func estimate(card: some CardRows, format: PrintFormat?, ring: SurfaceRing?, photo: WholePhotoCue? = nil) -> LightEstimate {
        switch mode {
        case .none:
            return .identity(profile: profile)
        case .grayWorld:
            return pictureEstimate(card: card)
        case .frame:
            guard let format else { return pictureEstimate(card: card) }
            let space = WorkingSpace(profile)
            let locus = PlanckianLocus(space: space)
            let (samples, scene, picture, frameFit) = Self.readings(of: card, format: format, ring: ring, space: space, locus: locus)
            guard let fit = frameFit else {
                return sceneEstimate(scene, shape: nil, card: card, frame: nil, ring: ring, photo: photo, picture: picture,
                                     reason: "no frame to read: light from the picture and its surroundings")
            }
            let inliers = fit.inlier.filter { $0 }.count
            // Clipped samples count towards the highlights: a lamp in a night picture clips
            // long before a black frame does.
            let quantiles = picture.luminanceQuantiles([0.9, 0.99], in: space, countingClipped: [false, true]) ?? [0, 0]
            let pictureBright = quantiles[0]
            let judgement = FrameJudgement(fit: fit, samples: samples, windowBottom: format.normalizedWindow.corners.map(\.y).max() ?? 1,
                                           pictureBright: pictureBright, pictureHighlight: quantiles[1], scene: scene, greys: PictureGreys(picture: picture),
                                           space: space, locus: locus)
            let paperLuminance = space.xyz(fit.field.logLevels.map { exp($0) })[1]
            switch judgement.verdict {
            case .white:
                var field = fit.field, reason = judgement.reason
                let measured: Set<ChannelEvidence> = [.measured, .censored]
                // Green at its clip bound still fixes the ratios the locus completes from.
                if fit.evidence[0] == .locus, measured.contains(fit.evidence[1]) || fit.evidence[1] == .clipBound,
                   measured.contains(fit.evidence[2]) {
                    // The frame's red was clipped: the locus gave the reddest usual light; the
                    // picture's greys may show a greener one (a fluorescent tube, an LED).
                    let shift = ClippedRedCompletion.shift(levels: field.logLevels, picture: picture)
                    if shift < 0 {
                        field.logLevels[0] += shift
                        reason += "; red clipped on the frame: completed on the locus, less \(Int(((1 - exp(shift)) * 100).rounded())) % as the picture's greys show a greener light"
                    }
                }
                return LightEstimate(source: .frame, field: field, whiteLevel: paperWhiteLinear,
                                     channels: fit.evidence, profile: profile, sampleCount: inliers, reason: reason)
            case .dark:
                // Only the surroundings bound it: a black frame is far below paper, and what is
                // brighter on it (a thumb, a sticker) is no dye on paper.
                let level = darkFrameWhiteLevel(paperLuminance)
                let floor = HighlightFloor(whiteLevel: level, field: fit.field, paper: paperWhiteLinear, picture: picture)
                let ceiling = ExposureCeiling(whiteLevel: floor.whiteLevel, field: fit.field, paper: paperWhiteLinear,
                                              samples: nil, ring: ring, space: space)
                // Its colour is one cue among the picture's and the surroundings' that agree with it.
                var field = fit.field, reason = judgement.reason
                if let own = LightChroma(rgb: fit.field.logLevels.map { exp($0) }) {
                    let pooled = DarkFrameColour(frame: own, scene: scene, photoEdge: photo?.chroma, locus: locus)
                    if pooled.joined > 0 {
                        field.logLevels = pooled.chroma.logLevels(luminance: paperLuminance, in: space)
                        reason += "; its colour pooled with the \(pooled.joined) cues of the picture and its surroundings near it, a black edition's own tint being uncertain"
                    }
                }
                return LightEstimate(source: .darkFrame, field: field, whiteLevel: ceiling.whiteLevel,
                                     channels: fit.evidence, profile: profile, sampleCount: inliers,
                                     reason: reason + Self.note(floor, from: level) + Self.note(ceiling, from: floor.whiteLevel))
            case let .yellowed(amount):
                // The frame less its ageing is the light, falloff and all; the ageing has no
                // red, so the frame's red maps to the aged paper's.
                var field = fit.field, channels = fit.evidence, reason = judgement.reason
                field.logLevels = PaperAgeing(space: space).light(frameLevels: fit.field.logLevels, amount: amount)
                if channels[0] != .measured {
                    // Aged paper is brightest in red, so red is the channel a yellowed frame
                    // clips first, and the light's red is what a phone leaves of a lamp with the
                    // light's blue (``ResidualCast``), greener than the locus; the frame's clipped
                    // red still bounds it from below. The picture's greys may show a greener
                    // light still, as for a white frame.
                    let red = ResidualCast(locus: locus).red(completing: field.logLevels)
                    if channels[0] != .clipBound || red > fit.field.logLevels[0] {
                        field.logLevels[0] = red
                        channels[0] = .locus
                    }
                    let shift = ClippedRedCompletion.shift(levels: field.logLevels, picture: picture)
                    field.logLevels[0] += shift
                    let percent = Int(((1 - exp(shift)) * 100).rounded())
                    reason += channels[0] == .clipBound
                        ? "; red clipped on the frame: the least its clipping allows"
                        : "; red clipped on the frame: completed as a lamp's cast a phone partly corrected"
                    if percent > 0 { reason += ", less \(percent) % as the picture's greys show a greener light" }
                }
                return LightEstimate(source: .agedFrame, field: field, whiteLevel: agedPaperRedLinear,
                                     channels: channels, profile: profile, sampleCount: inliers, reason: reason)
            case let .notReference(uniform):
                return sceneEstimate(scene, shape: uniform ? fit.field : nil, card: card, frame: samples, ring: ring,
                                     photo: photo, picture: picture, reason: judgement.reason)
            }
        }
    }

    /// The light from `scene` (falling back on the picture's statistics when it is nil) and the
    /// whole `photo`'s gray edge, with the falloff of `shape` (a frame's fit) when given. The
    /// exposure at the card's centre is left as it was (the frame's lightness is unknown) unless
    /// the `picture`'s highlights would then come out far below paper white (``HighlightFloor``),
    /// or the `frame`'s samples or the surface `ring` around the card brighter than it
    /// (``ExposureCeiling``).
    func sceneEstimate(_ scene: SceneLight?, shape: IlluminationField?, card: some CardRows, frame: FrameSamples?,
                       ring: SurfaceRing?, photo: WholePhotoCue? = nil, picture: PictureSamples?,
                       reason: String) -> LightEstimate {
        guard var scene else { return pictureEstimate(card: card) }
        let space = WorkingSpace(profile)
        let locus = PlanckianLocus(space: space)
        let photoEdge = photo?.chroma
        if let photoEdge { scene = scene.adding(photoEdge: photoEdge, locus: locus) }
        var field = shape ?? IlluminationField(logLevels: [0, 0, 0])
        let correction = scene.correction(locus: locus)
        // Tilts only mean a light's colour gradient on a frame of one colour; the levels carry the
        // light's colour at luminance 1, so the centre keeps its exposure.
        field.logLevels = correction.chroma.logLevels(luminance: 1, in: space)
        var said = correction.conflicting
            ? reason + (correction.confirmed
                ? "; the picture and its surroundings disagree: the surroundings, as the band around the card and the whole photo agree"
                : correction.fromSurroundings
                ? "; the picture and its surroundings disagree: the surroundings, nearer neutral"
                : "; the picture and its surroundings disagree: the picture, nearer neutral")
            : reason
        // The photo's edges spoke when they were pooled, or when the surroundings they are part of
        // won a conflict with the picture.
        if photoEdge != nil, correction.conflicting ? correction.fromSurroundings : scene.usesPhoto {
            said += "; with the gray edge of the whole photo outside the card, at \(Int(SceneLight.photoEdgeWeight)) times another cue's weight"
        }
        if correction.pulled >= SceneLight.notedPull {
            said += "; that light is more magenta than any lamp's: held to the edge of lamps' colours"
        }
        let floor = HighlightFloor(whiteLevel: 1, field: field, paper: paperWhiteLinear, picture: picture)
        let ceiling = ExposureCeiling(whiteLevel: floor.whiteLevel, field: field, paper: paperWhiteLinear, samples: frame,
                                      ring: ring, space: space)
        return LightEstimate(source: correction.fromSurroundings ? .surroundings : .picture, field: field,
                             whiteLevel: ceiling.whiteLevel, channels: [.picture, .picture, .picture], profile: profile,
                             reason: said + Self.note(floor, from: 1) + Self.note(ceiling, from: floor.whiteLevel))
    }

    /// What `floor` did to the exposure `level`, as a clause of a light's reason ("" when nothing).
    static func note(_ floor: HighlightFloor, from level: Double) -> String {
        let percent = Int((floor.raised(from: level) * 100).rounded())
        guard percent > 0 else { return "" }
        return "; exposure raised \(percent) % so that the picture's highlights come out near the film's white"
    }

    /// What `ceiling` did to the exposure `level`, as a clause of a light's reason ("" when nothing).
    static func note(_ ceiling: ExposureCeiling, from level: Double) -> String {
        guard let limit = ceiling.limitedBy else { return "" }
        let percent = Int((ceiling.lowered(from: level) * 100).rounded())
        return "; exposure lowered \(percent) % so that \(limit.rawValue) out no brighter than white paper"
    }

    /// Corrects `image` in place by `light`. `region` is the part of the card the image shows, in
    /// card-normalised coordinates (nil: the whole card; a print's picture window is its format's
    /// ``PrintFormat/normalizedWindow``). Returns the share of pixels that had a clipped channel.
    @discardableResult
    public func apply(_ light: LightEstimate, to image: PixelBuffer, covering region: Quad? = nil) -> Double {
        precondition(image.format == .rgba8, "white balance works on RGBA8 images")
        let clipped = kernel(for: light, size: image.size, covering: region).apply(to: image)
        return Double(clipped) / Double(image.width * image.height)
    }

    /// The kernel ``apply(_:to:covering:)`` corrects an image of `size` with.
    func kernel(for light: LightEstimate, size: PixelSize, covering region: Quad?) -> LightCorrectionKernel {
        let corners = (region ?? Quad(rectangleWidth: 1, height: 1)).corners
        let bounds = (u0: corners.map(\.x).min()!, v0: corners.map(\.y).min()!,
                      u1: corners.map(\.x).max()!, v1: corners.map(\.y).max()!)
        return LightCorrectionKernel(field: light.field, whiteLevel: light.whiteLevel,
                                     width: size.width, height: size.height, region: bounds)
    }

    /// Frame samples ``frameChroma(card:format:light:)`` reads.
    static let chromaSampleCount = 4000

    /// How far from neutral the frame of `card` is (CIELAB C*ab of its median colour) as it is,
    /// and after `light` is divided out; nil without a format.
    func frameChroma(card: some CardRows, format: PrintFormat?, light: LightEstimate) -> (before: Double, after: Double)? {
        guard let format else { return nil }
        let samples = FrameSamples(card: card, format: format, targetCount: WhiteBalance.chromaSampleCount)
        guard samples.count > 0 else { return nil }
        let space = WorkingSpace(profile)
        var before = [[Double]](repeating: [], count: 3), after = [[Double]](repeating: [], count: 3)
        for i in 0..<samples.count {
            var corrected = [Float](repeating: 0, count: 3), gains = [Float](repeating: 0, count: 3)
            for c in 0..<3 {
                let linear = LinearLight.linear(samples.codes[c][i])
                before[c].append(Double(linear))
                let paper = light.field.value(channel: c, u: samples.u[i], v: samples.v[i])
                gains[c] = Float(light.whiteLevel / paper)
                corrected[c] = Float(Double(linear) * light.whiteLevel / paper)
            }
            var (r, g, b) = (corrected[0], corrected[1], corrected[2])
            let clipCode = FrameLightFit.clipCode
            LightCorrectionKernel.recover(&r, &g, &b, clipped: (samples.codes[0][i] >= clipCode,
                                                                samples.codes[1][i] >= clipCode,
                                                                samples.codes[2][i] >= clipCode),
                                          gains: (gains[0], gains[1], gains[2]))
            for (c, value) in [r, g, b].enumerated() { after[c].append(min(Double(value), 1)) }
        }
        let medianBefore = before.map { FrameLightFit.median($0) ?? 0 }
        let medianAfter = after.map { FrameLightFit.median($0) ?? 0 }
        return (space.chroma(medianBefore), space.chroma(medianAfter))
    }

    /// The red code an aged (yellowed) frame is mapped to: a little below ``paperWhite``, since
    /// paper that has yellowed has also lost a little of its red.
    static let agedPaperRed = 230.0
    var agedPaperRedLinear: Double { LinearLight.toLinear(WhiteBalance.agedPaperRed / 255) }

    /// The luminance taken for black-edition frames: CIELAB L* 22, code 56 in sRGB (the black
    /// frames of the evaluation's scenes are L* 20 to 25).
    static let blackFrameLuminance = 0.0352
    /// How much of the exposure a black frame sets, in log terms: half. Its own lightness is only
    /// roughly known (it varies between editions, and glare veils it), so it meets the phone's
    /// exposure half-way rather than replacing it: a weak cue combined with the other.
    static let blackFrameExposureWeight = 0.5

    /// The white level for a dark frame of linear luminance `frame`: the level that keeps the
    /// photo's exposure (`frame` itself) moved part of the way (``blackFrameExposureWeight``)
    /// to the one that gives the frame ``blackFrameLuminance``.
    func darkFrameWhiteLevel(_ frame: Double) -> Double {
        frame * pow(WhiteBalance.blackFrameLuminance / max(frame, 1e-6), WhiteBalance.blackFrameExposureWeight)
    }

    /// ``paperWhite`` in linear light.
    var paperWhiteLinear: Double { LinearLight.toLinear(min(max(paperWhite, 0), 255) / 255) }

    /// The Minkowski norm of picture statistics: p = 6, as Finlayson & Trezzi (2004) found best,
    /// and as measured on the project's scenes (median ΔE00 on the whole card: gray world 5.3,
    /// p = 4 3.7, p = 6 3.7, gray edge 3.9; on the picture alone: 7.7, 5.8, 5.1, 5.1).
    static let shadesOfGrayPower = 6.0

    /// Shades of gray in linear light over the whole card: its Minkowski p-mean colour is taken
    /// to be grey (gray world generalised; see ``shadesOfGrayPower``), and its luminance is kept,
    /// so exposure stays as it was. The whole card rather than the picture alone: a frame, even
    /// one not trusted as a reference, is neutral more often than a picture's average is (on the
    /// project's scenes the picture alone scores 5.1 ΔE00 against 3.7, and pictures dominated by
    /// one colour — grass, sky, skin — fail worst).
    func pictureEstimate(card: some CardRows) -> LightEstimate {
        let picture = PictureSamples(card: card, window: nil)
        guard let mean = picture.minkowskiMean(WhiteBalance.shadesOfGrayPower), mean.allSatisfy({ $0 > 1e-4 }) else {
            return .identity(profile: profile)
        }
        let luminance = WorkingSpace(profile).xyz(mean)[1]
        return LightEstimate(source: .picture, field: .uniform(mean), whiteLevel: luminance,
                             channels: [.picture, .picture, .picture], profile: profile)
    }
}
