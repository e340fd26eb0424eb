#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The light's colour read on the white frames of a photo's prints, for its other prints whose
/// frame is not a white reference: coloured, patterned or read from the picture, and yellowed
/// (whose light is the frame less an ageing only roughly known; the frame keeps its yellow).
///
/// Prints lying together in one photo are usually under one light (one table, one lamp), and a
/// white frame measures that light far better than a print's picture and surroundings do (on
/// the hard scenes 0.035 against 0.11–0.13 in log chroma). The white frames are grouped by
/// agreement (within ``agreement``), and the group nearest the print's own cues is taken when
/// - it holds two frames or more, no other group is as large, and the print's own light (its
///   surroundings and picture) is within ``sameLight`` of it: daylight from a window and a
///   tungsten lamp differ by about 1 (log chroma), a warm lamp and phone-balanced daylight by
///   0.85, while a print's own cues are within 0.3 of the light three times in four;
/// - or, a lone white frame or frames that disagree, the print's own cues confirm it within
///   ``confirmation``: a yellowed frame misread as white reads a light about 0.37 too warm, and
///   two such prints agree with each other, so one frame alone, or a minority, is not trusted
///   without a second witness.
///
/// Only the colour is taken, as ratios to green; the print's exposure and falloff stay its own.
struct PhotoReferenceLight: Sendable {
    /// The white frames' light colours, one for each print read as ``LightSource/frame``.
    let references: [LightChroma]

    /// How near two readings of one light are: twice the white frames' usual error (p75 0.066).
    static let agreement = 0.12
    /// How far a print's own cues may be from the white frames' light and still be taken as under
    /// it: beyond their usual error (p75 about 0.3), short of a window against a lamp (about 1).
    static let sameLight = 0.6
    /// How near a print's own cues must be to a lone white frame's light (or to the nearest of
    /// white frames that disagree) to take it: short of the 0.37 a yellowed frame misread as
    /// white is off, within a print's usual own error.
    static let confirmation = 0.2

    /// The references among `estimates` (a photo's prints, estimated on their own); nil when
    /// fewer than two prints or none is white-framed.
    init?(estimates: [LightEstimate]) {
        guard estimates.count > 1 else { return nil }
        let references = estimates.filter { $0.source == .frame }.compactMap(Self.chroma)
        guard !references.isEmpty else { return nil }
        self.references = references
    }

    /// The light colour of `estimate` (log R/G, log B/G at the card's centre).
    static func chroma(_ estimate: LightEstimate) -> LightChroma? {
        let levels = estimate.field.logLevels
        guard levels.count == 3, levels.allSatisfy(\.isFinite) else { return nil }
        return LightChroma(rg: levels[0] - levels[1], bg: levels[2] - levels[1])
    }

    /// The references as groups that agree (each around one reference, all within ``agreement``
    /// of it), largest first, each as its mean and size.
    var groups: [(chroma: LightChroma, count: Int)] {
        var left = references, groups: [(chroma: LightChroma, count: Int)] = []
        while !left.isEmpty {
            let seed = left.max { a, b in
                left.filter { $0.distance(to: a) <= Self.agreement }.count < left.filter { $0.distance(to: b) <= Self.agreement }.count
            }!
            let group = left.filter { $0.distance(to: seed) <= Self.agreement }
            left.removeAll { $0.distance(to: seed) <= Self.agreement }
            groups.append((group.dropFirst().reduce(group[0], +) * (1 / Double(group.count)), group.count))
        }
        return groups
    }

    /// `own` (a print's estimate) with the references' light colour, or nil when the print keeps
    /// its own: its frame is a reference already (white, or dark: black frames read the light
    /// within 0.02), or the checks above fail.
    func applied(to own: LightEstimate, space: WorkingSpace) -> LightEstimate? {
        guard [.surroundings, .picture, .agedFrame].contains(own.source), let mine = Self.chroma(own) else { return nil }
        let groups = self.groups
        // The group of white frames nearest the print's own cues: when they disagree, one at least
        // is no white reference (yellowed, or in another light), and the print's cues choose.
        guard let nearest = groups.min(by: { $0.chroma.distance(to: mine) < $1.chroma.distance(to: mine) }) else { return nil }
        let distance = nearest.chroma.distance(to: mine)
        let largest = groups.allSatisfy { $0.count < nearest.count || $0.chroma == nearest.chroma }
        let why: String
        if nearest.count > 1, largest, distance <= Self.sameLight {
            why = "the light of the photo's \(nearest.count) white-framed prints, which agree"
                + (groups.count > 1 ? " (\(references.count - nearest.count) other white frame\(references.count - nearest.count > 1 ? "s" : "") left out)" : "")
        } else if distance <= Self.confirmation {
            why = nearest.count > 1 ? "the light of \(nearest.count) white-framed prints in the same photo, which this print's own cues confirm"
                : "the light of a white-framed print in the same photo, which this print's own cues confirm"
        } else {
            return nil
        }
        let shared = nearest.chroma
        var estimate = own
        let rgb = own.field.logLevels.map { exp($0) }
        let luminance = max(space.xyz(rgb)[1], 1e-12)
        estimate.field.logLevels = shared.logLevels(luminance: luminance, in: space)
        estimate.source = .otherPrints
        estimate.reason = why + " (its own cues were \(Self.percent(shared.distance(to: mine))) % off it; "
            + "its exposure its own); on its own: " + own.reason
        return estimate
    }

    private static func percent(_ distance: Double) -> Int { Int((distance * 100).rounded()) }
}
