#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an instant print's paper yellows with age, as a prior for white balance.
///
/// Ageing moves paper's colour one known way: blue is absorbed first, green a little, red hardly
/// at all (b* up, L* slightly down). So a yellowed frame still tells the light, once that
/// direction is taken out: the frame is the light times white paper times some amount of
/// ageing, and only the amount is unknown. The picture and the surroundings say roughly how much
/// warmer the frame is than the light; the prior (a typical amount) keeps their errors from
/// becoming the scan's. Misjudging the amount costs a fraction of one ageing, never a lamp's
/// whole cast.
struct PaperAgeing {
    /// CIELAB (D65) of the yellowed paper the prior takes as typical: b* up 20, L* down 7, the
    /// middle of the range the prior allows (``amounts``: b* about 10 to 36, from a cream that
    /// is barely visible to a deep yellow). An assumption, not a survey of aged prints.
    static let typicalLab = (l: 87.0, a: 0.0, b: 20.0)
    /// CIELAB of the fresh paper it is measured against (white at the scan's paper white).
    static let freshLab = (l: 94.0, a: 0.0, b: 0.0)
    /// The amounts (1 = typical) a frame is taken to have aged by: less is too little to tell
    /// from a warm lamp, more is an ochre edition, not ageing.
    static let amounts = 0.5...1.8
    /// How many witnesses' worth the prior (a typical amount) counts for: a witness's colour
    /// is good to about 0.15 in log ratios (0.35 of a typical ageing), the ageing of a yellowed
    /// print varies by about a quarter of the range, so the prior weighs about twice a witness.
    static let priorWeight = 2.0

    /// The typical ageing as log levels (R, G, B) relative to fresh paper, red's set to 0: the
    /// light is the frame's levels less these (scaled by the amount).
    let logLevels: [Double]

    /// The typical ageing in `space`.
    init(space: WorkingSpace) {
        let aged = PaperAgeing.linear(PaperAgeing.typicalLab, space: space)
        let fresh = PaperAgeing.linear(PaperAgeing.freshLab, space: space)
        let logs = (0..<3).map { log(max(aged[$0], 1e-6) / max(fresh[$0], 1e-6)) }
        logLevels = logs.map { $0 - logs[0] }
    }

    /// The typical ageing as a colour shift (log R/G, log B/G).
    var chroma: LightChroma { LightChroma(rg: logLevels[0] - logLevels[1], bg: logLevels[2] - logLevels[1]) }

    /// How many typical ageings `frame` is yellower than `light` (the light a witness shows):
    /// their difference projected on the ageing direction; 0 for a white frame under that light,
    /// negative when the frame is cooler.
    func amount(frame: LightChroma, light: LightChroma) -> Double {
        let direction = chroma
        return (frame - light).dot(direction) / direction.dot(direction)
    }

    /// How far apart (typical ageings) two witnesses' readings may be, as one standard deviation
    /// of their difference: each is good to about 0.35 of a typical ageing (see ``priorWeight``).
    static let differenceNoise = 2.0.squareRoot() * 0.35

    /// The witness counted at less than full weight in ``combinedAmount(picture:surroundings:)``,
    /// and its weight, when the picture's and the surroundings' amounts are further apart than
    /// their noise explains: then one of them is reading its own colour (a picture mostly of sky
    /// or sea finds the light far cooler than it is, a wooden table warmer), and the one further
    /// from the typical ageing is the likelier. Within two standard deviations
    /// (``differenceNoise``) both count fully (nil); beyond three it is left out (weight 0);
    /// in between its weight falls linearly, so that no reading flips the amount at a threshold.
    static func outlier(picture: Double, surroundings: Double?) -> (witness: Witness, weight: Double)? {
        guard let surroundings = surroundings.map({ max($0, 0) }) else { return nil }
        let apart = abs(picture - surroundings) / differenceNoise
        guard apart > 2 else { return nil }
        return (abs(picture - 1) > abs(surroundings - 1) ? .picture : .surroundings, max(0, 3 - apart))
    }

    /// A witness of a frame's ageing; its raw value is how a reason names its reading.
    enum Witness: String {
        case picture = "the picture's"
        case surroundings = "the surroundings'"
    }

    /// The amount of ageing to divide out, from the picture's witness and the surroundings'
    /// (nil when the photo shows none), pulled towards the typical amount and kept within
    /// ``amounts``. A surroundings' witness below 0 (a table warmer than the frame) is read as 0:
    /// warm tables are common, so it says little about the frame. Of two witnesses in conflict
    /// the one further from the typical ageing counts less, or not at all
    /// (``outlier(picture:surroundings:)``): a mean with a witness pulled by its own colour lands
    /// between the two, where neither puts it.
    static func combinedAmount(picture: Double, surroundings: Double?) -> Double {
        var witnesses = [(amount: picture, weight: 1.0)]
        if let surroundings { witnesses.append((max(surroundings, 0), 1)) }
        if let outlier = outlier(picture: picture, surroundings: surroundings) {
            witnesses[outlier.witness == .picture ? 0 : 1].weight = outlier.weight
        }
        let weight = witnesses.reduce(priorWeight) { $0 + $1.weight }
        let amount = witnesses.reduce(priorWeight) { $0 + $1.amount * $1.weight } / weight
        return min(max(amount, amounts.lowerBound), amounts.upperBound)
    }

    /// The light's log levels given a yellowed frame's `levels` and its ageing `amount`.
    func light(frameLevels levels: [Double], amount: Double) -> [Double] {
        (0..<3).map { levels[$0] - amount * logLevels[$0] }
    }

    /// Linear RGB in `space` of a CIELAB colour (D65 white, the space's white at 1).
    static func linear(_ lab: (l: Double, a: Double, b: Double), space: WorkingSpace) -> [Double] {
        let delta = 6.0 / 29.0
        func inverse(_ t: Double) -> Double { t > delta ? t * t * t : 3 * delta * delta * (t - 4.0 / 29.0) }
        let fy = (lab.l + 16) / 116, fx = fy + lab.a / 500, fz = fy - lab.b / 200
        let white = space.xyz([1, 1, 1])
        return space.rgb(xyz: [white[0] * inverse(fx), white[1] * inverse(fy), white[2] * inverse(fz)])
    }
}
