/// A black frame that disagrees with the picture and the surroundings, read as the conflict of
/// witnesses it is.
///
/// A dark frame far from the light the picture and its surroundings show is either a dark
/// coloured edition (navy, maroon, bottle green: far from neutral and from any light's colour) or
/// a black edition in a photo whose surfaces are their own colour: a sunset in the picture on a
/// wooden floor, every cue warm. ``SceneLight/correction(locus:)`` settles a conflict between the
/// picture and the surroundings by nearness to neutral, since the phone has already white-balanced
/// the photo and a witness far from neutral is more often pulled by its own colour; the same holds
/// here. A frame whose colour is a light's (near the Planckian locus, in the range of lamps) and
/// nearer neutral than the light the scan would otherwise use is a black edition, and gives the
/// light; a dark coloured edition under a lamp would have to cancel the lamp's cast to look so,
/// while the picture and the table still showed it.
extension FrameJudgement {
    /// Whether the dark frame at `frame` (linear `paper`) is a light's colour and nearer neutral
    /// than the light ``SceneLight/correction(locus:)`` takes from `scene`.
    static func darkFrameNearerNeutral(_ frame: LightChroma, paper: [Double], scene: SceneLight,
                                       space: WorkingSpace, locus: PlanckianLocus) -> Bool {
        guard let xy = space.chromaticity(paper), let off = PlanckianLocus.distance(x: xy.x, y: xy.y),
              abs(off.duv) <= offLocusLimit, kelvins.contains(off.kelvin) else { return false }
        let neutral = LightChroma(rg: 0, bg: 0)
        return frame.distance(to: neutral) < scene.correction(locus: locus).chroma.distance(to: neutral)
    }
}
