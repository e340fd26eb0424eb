/// A table that reads the frame's own colour as a witness against the picture's word.
///
/// The picture's mean colour calls a frame yellowed when it finds it yellower than the light it
/// shows; but a picture of blue things (a sea, a plastic toy, a blue wall) reads a light far
/// cooler than it is, and finds a white frame as yellowed as an old print's. The surface around
/// the card reads the light on its own; when it finds the frame no more than faintly yellower or
/// warmer than its light (within ``noticeableAgeing``: the table and the frame are one colour),
/// the two witnesses disagree about whether the frame is white, and the picture's grey surfaces
/// decide (``greyAgeing(of:greys:ageing:)``): a yellowed frame's greys peak under the frame less
/// its ageing, a white frame's under the frame itself or nowhere. A hand holding a yellowed print
/// reads as warm as the frame; its greys still show the ageing.
extension FrameJudgement {
    /// Whether the picture's word that `frame` is yellowed stands against the surroundings of
    /// `scene`: always when they find it clearly yellower or clearly warmer than their light, or
    /// show nothing; otherwise only when the picture's `greys` peak at an ageing.
    static func pictureWordStands(_ frame: LightChroma, scene: SceneLight, greys: PictureGreys?, ageing: PaperAgeing) -> Bool {
        guard let surroundings = scene.surroundings,
              abs(ageing.amount(frame: frame, light: surroundings)) < noticeableAgeing else { return true }
        guard let greys else { return true }
        return greyAgeing(of: frame, greys: greys, ageing: ageing) != nil
    }
}
