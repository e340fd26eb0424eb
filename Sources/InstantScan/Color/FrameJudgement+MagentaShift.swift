#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The magenta side of the locus as a witness of a pale coloured frame.
///
/// White paper shows the light's colour, and lights lie on the Planckian locus or a little to its
/// green side (fluorescent tubes and LEDs), which a phone's white balance moves along, not across.
/// Pinkish and violet light is rare: lamps below the locus are a few thousandths of Duv under it
/// at most. A lilac or pink edition is dye on paper: under any light it lies its own dye's
/// distance to the magenta side of wherever that light is, so it is magenta of the locus and of the
/// light the picture and the surroundings show. Both together call the frame coloured; the
/// witnesses are needed because a frame only a little below the locus may be white paper under
/// a light the phone has tinted the same way, which tints the picture and the table too.
extension FrameJudgement {
    /// A frame more than this below the Planckian locus (Duv, on the magenta side) is not white
    /// paper under a lamp: past the pinkest white LED that ANSI C78.377 allows (−0.006), and five
    /// times the pinkest white frame of the evaluation's and the samples' photos (−0.0013);
    /// lilac and pink editions lie at −0.01 and beyond.
    static let magentaLimit = 0.007
    /// ...and more than this below the light each witness (the picture, the surroundings) shows.
    static let magentaApart = 0.006

    /// The frame's Duv and how much further below the locus it is than the light of every
    /// witness, when both are beyond the limits above; nil otherwise (or when no witness spoke).
    static func magentaShift(_ frame: LightChroma, scene: SceneLight, space: WorkingSpace) -> (frame: Double, apart: Double)? {
        func duv(_ light: LightChroma) -> Double? {
            guard let xy = space.chromaticity([exp(light.rg), 1, exp(light.bg)]) else { return nil }
            return PlanckianLocus.distance(x: xy.x, y: xy.y)?.duv
        }
        guard let own = duv(frame), own < -magentaLimit else { return nil }
        let witnesses = [scene.picture, scene.surroundings].compactMap { $0 }.compactMap(duv)
        guard !witnesses.isEmpty else { return nil }
        let apart = witnesses.map { $0 - own }.min()!
        guard apart > magentaApart else { return nil }
        return (own, apart)
    }

    /// How far below the locus `duv` is, in words ("0.010 Duv below").
    static func duvText(_ duv: Double) -> String {
        let thousandths = Int((abs(duv) * 1000).rounded())
        return "0.\(thousandths < 10 ? "00" : thousandths < 100 ? "0" : "")\(thousandths) Duv below"
    }
}
