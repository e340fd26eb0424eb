/// The brightest a scan may be when no white frame fixes its exposure: neither the frame nor the
/// surface around the card may come out brighter than white paper.
///
/// A white frame is paper, and the scan puts it at ``WhiteBalance/paperWhite``. A coloured or
/// patterned frame is dye or ink on paper or card: dyes only absorb, so none of its channels
/// reflects more than white paper does. The table, the album page or the wall around the card
/// is lit by the same light, and white paper and white paint are the brightest diffuse surfaces
/// there are. So when, at the exposure the photo has, the frame's brightest colour or half the
/// surroundings would come out brighter than paper white, the phone exposed the print lighter
/// than a scan would (its meter saw a dark scene, or a white sheet under the print was clipped
/// anyway) and the exposure comes down until they are no brighter. It only ever lowers the
/// exposure: a frame or a table darker than paper says nothing about how much darker.
struct ExposureCeiling {
    /// The white level to use: the one given, or lower.
    var whiteLevel: Double
    /// What set it, when it was lowered.
    var limitedBy: Limit?

    /// What set the ceiling; its raw value is how ``WhiteBalance`` words it in a reason.
    enum Limit: String {
        case frame = "the frame comes"
        case surroundings = "the surroundings come"
    }

    /// The frame's brightest colours: this quantile of its samples' brightest channel. A plain
    /// frame's samples are alike; a patterned frame's lighter colours cover a good share of it,
    /// its dots or stripes at least a tenth.
    static let frameQuantile = 0.9
    /// The surroundings' brightness: their median luminance. A white sheet under part of the
    /// card or a sheen on part of a table lifts a few of them, not half.
    static let surroundingsQuantile = 0.5
    /// The most the surroundings lower the exposure. They bound it only as a diffuse surface
    /// under the print's light; behind a print held up they may be a sky or a window, a light
    /// rather than a surface, and as bright as the phone let them be. A white sheet that clipped,
    /// the case the bound is for, implies a few tens of per cent at most.
    static let surroundingsMostLowering = 0.25
    /// Fewer samples than this say nothing.
    static let minimumSamples = 100

    /// The ceiling for a correction by `field` to `whiteLevel`, `paper` being the linear level
    /// white paper is scanned at: from the frame's `samples` (nil when it was not read) and the
    /// surface `ring` around the card (nil when the photo shows none).
    init(whiteLevel: Double, field: IlluminationField, paper: Double, samples: FrameSamples?, ring: SurfaceRing?,
         space: WorkingSpace) {
        self.whiteLevel = whiteLevel
        if let samples, let bright = Self.frameBrightness(samples, field: field, whiteLevel: whiteLevel), bright > paper {
            self.whiteLevel = whiteLevel * paper / bright
            limitedBy = .frame
        }
        if let ring, let bright = Self.surroundingsLuminance(ring, field: field, whiteLevel: whiteLevel, space: space) {
            let bySurroundings = max(whiteLevel * paper / bright, whiteLevel * (1 - Self.surroundingsMostLowering))
            if bySurroundings < self.whiteLevel {
                self.whiteLevel = bySurroundings
                limitedBy = .surroundings
            }
        }
    }

    /// How much the exposure came down (0.15: by 15 %).
    func lowered(from whiteLevel: Double) -> Double { 1 - self.whiteLevel / whiteLevel }

    /// The frame's brightest channel after the correction, at ``frameQuantile``; samples with a
    /// clipped channel are left out (glare on the frame is brighter than any paper).
    static func frameBrightness(_ samples: FrameSamples, field: IlluminationField, whiteLevel: Double) -> Double? {
        var brightest: [Double] = []
        brightest.reserveCapacity(samples.count)
        for i in 0..<samples.count {
            guard samples.codes.allSatisfy({ $0[i] < FrameLightFit.clipCode }) else { continue }
            brightest.append((0..<3).map { c in
                Double(LinearLight.linear(samples.codes[c][i])) * whiteLevel / field.value(channel: c, u: samples.u[i], v: samples.v[i])
            }.max()!)
        }
        return quantile(brightest, frameQuantile)
    }

    /// The surroundings' luminance after the correction (the light at the card's centre), at
    /// ``surroundingsQuantile``. A clipped channel is raised as the correction raises it
    /// (``LightCorrectionKernel/recover(_:_:_:clipped:gains:)``): a white sheet that clipped is at
    /// least that bright.
    static func surroundingsLuminance(_ ring: SurfaceRing, field: IlluminationField, whiteLevel: Double,
                                      space: WorkingSpace) -> Double? {
        let gains = (0..<3).map { Float(whiteLevel / field.value(channel: $0, u: 0.5, v: 0.5)) }
        var luminances: [Double] = []
        luminances.reserveCapacity(ring.codes.count / 3)
        for i in stride(from: 0, to: ring.codes.count - 2, by: 3) {
            let codes = (ring.codes[i], ring.codes[i + 1], ring.codes[i + 2])
            var r = LinearLight.linear(codes.0) * gains[0], g = LinearLight.linear(codes.1) * gains[1]
            var b = LinearLight.linear(codes.2) * gains[2]
            let clip = FrameLightFit.clipCode
            LightCorrectionKernel.recover(&r, &g, &b, clipped: (codes.0 >= clip, codes.1 >= clip, codes.2 >= clip),
                                          gains: (gains[0], gains[1], gains[2]))
            luminances.append(space.xyz([Double(r), Double(g), Double(b)])[1])
        }
        return quantile(luminances, surroundingsQuantile)
    }

    private static func quantile(_ values: [Double], _ q: Double) -> Double? {
        guard values.count >= minimumSamples else { return nil }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(q * Double(sorted.count - 1)))]
    }
}
