/// A black frame's colour as one cue of the light among the others, not the light itself.
///
/// White paper reflects every wavelength nearly alike, so a white frame shows the light's colour
/// to within a few thousandths. A black edition reflects a few percent, and what little it
/// reflects carries its own dye or pigment's tint (black plastics and printed blacks lean blue or
/// brown by up to a tenth in log ratios, C*ab 2 or so at L* 22, which the eye does not call a
/// colour but a white balance passes on whole to the picture); its gloss, the light's own colour,
/// veils it unevenly. So its colour is a cue about as good as one of the scene's: a single
/// picture or surroundings cue misses the light by 0.13–0.21 (median, ``SceneLight/photoEdgeWeight``),
/// a black frame's tint by about 0.1, which makes it worth two of them by the inverse of the
/// variances, and the whole photo's gray edge four.
///
/// The frame stays the anchor: only the cues within ``SceneLight/agreement`` of it join (a wooden
/// table's or a sunset's warm cues, far from it, are their own colour, as in the pooled light), so
/// where nothing agrees the frame speaks alone, as before. The frame keeps its falloff and its
/// luminance; only the light's colour at the centre is the pooled one.
struct DarkFrameColour {
    /// The light's colour: the frame's and the agreeing cues', weighted.
    var chroma: LightChroma
    /// How many cues of the picture, the surroundings and the whole photo joined the frame.
    var joined: Int

    /// A black frame's weight against one cue of the picture or the surroundings.
    static let frameWeight = 2.0

    /// Pools `frame` (a dark frame's colour) with the cues of `scene` (already in the band of
    /// lights) and the whole photo's gray edge `photoEdge` (pulled into the band here, at
    /// ``SceneLight/photoEdgeWeight``) that lie within ``SceneLight/agreement`` of it.
    init(frame: LightChroma, scene: SceneLight?, photoEdge: LightChroma?, locus: PlanckianLocus) {
        var cues = scene.map { $0.plausible.chromas.map { (chroma: $0, weight: 1.0) } } ?? []
        if let photoEdge {
            cues.append((locus.plausible(photoEdge, kelvins: SceneLight.kelvins, offset: SceneLight.offLocus),
                         SceneLight.photoEdgeWeight))
        }
        let kept = cues.filter { $0.chroma.distance(to: frame) <= SceneLight.agreement }
        let weight = kept.reduce(DarkFrameColour.frameWeight) { $0 + $1.weight }
        let pooled = kept.reduce(frame * DarkFrameColour.frameWeight) { $0 + $1.chroma * $1.weight } * (1 / weight)
        // Only along the locus: the cues were pulled into the band of lights, so across it (a
        // tube's green) they say less than the frame.
        let along = locus.nearest(to: frame).warmward
        chroma = frame + along * (pooled - frame).dot(along)
        joined = kept.count
    }
}
