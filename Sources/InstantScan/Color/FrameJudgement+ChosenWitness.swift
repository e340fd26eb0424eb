/// The witness a scan would be corrected by, as the light a frame is checked against when the
/// picture and the surroundings are in outright conflict.
///
/// The pooled light follows the side with more cues that agree, and the picture gives more cues
/// than the ring: a picture of purple flowers, whose three cues agree with each other on a blue
/// light, outvotes a table that shows the lamp. When the two disagree by more than
/// ``SceneLight/conflict``, one of them is showing its own colours, and the correction of a print
/// whose frame is no reference takes its light from the other (``SceneLight/correction(locus:)``:
/// the one nearer neutral, since a phone has already white-balanced the photo). A white frame
/// under that light is white paper under it, not a coloured edition for disagreeing with the
/// flowers: a frame is only coloured when it is also far from the light the scan would use
/// without it.
extension FrameJudgement {
    /// Whether `frame` is within ``disagreement`` of the light ``SceneLight/correction(locus:)``
    /// chooses when the picture and the surroundings are in conflict; false when they are not (the
    /// pooled light is then the one the frame was checked against).
    static func agreesWithChosenWitness(_ frame: LightChroma, scene: SceneLight, locus: PlanckianLocus) -> Bool {
        let correction = scene.correction(locus: locus)
        guard correction.conflicting else { return false }
        return frame.distance(to: correction.chroma) <= disagreement
    }
}
