/// The cool side of the light as a witness of a pale blue or turquoise frame.
///
/// Paper shows its light's colour and yellows with age; it never turns blue. A pale sky-blue
/// edition lies close enough to the Planckian locus (a few thousandths of Duv on its green side,
/// where fluorescent tubes are) to pass for white paper under a cooler light, and taken as white
/// it gives its picture the frame's complement: an orange cast. Under any light it is cooler
/// than that light, so the picture and the surroundings, agreeing with each other, each find it
/// cooler. Those mean witnesses also read a white frame cooler than themselves when the picture
/// and the table are both warm in colour (a portrait on a wooden table), so the picture's grey
/// surfaces must confirm: more of them are grey under the light the witnesses show than under
/// the frame's colour. A white frame's greys are grey under the frame.
extension FrameJudgement {
    /// Each witness finds the frame cooler than its light by more than this (log-ratio units
    /// along the locus, about 15 % less red for the blue): twice a witness's typical error on a
    /// white frame seen on the evaluation's scenes, and half a pale sky-blue edition's coolness.
    static let coolerThanLight = 0.15

    /// Whether `frame` is a cool edition under `scene`: the picture and the surroundings agree
    /// and each finds the frame cooler than its light by ``coolerThanLight``, and the picture's
    /// `greys` are grey under the pooled light, clearly more of them than under the frame.
    static func isCoolerEdition(_ frame: LightChroma, scene: SceneLight, greys: PictureGreys?, locus: PlanckianLocus) -> Bool {
        guard let greys, let picture = scene.picture, let surroundings = scene.surroundings,
              picture.distance(to: surroundings) <= SceneLight.agreement,
              [picture, surroundings].allSatisfy({ (frame - $0).dot(locus.nearest(to: $0).warmward) < -coolerThanLight })
        else { return false }
        let underLight = greys.share(greyUnder: scene.chroma), underFrame = greys.share(greyUnder: frame)
        return underLight >= greyShareLeast && underLight >= greyPeakRatio * underFrame
    }
}
