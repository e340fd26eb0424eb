/// What the picture said about a frame taken as white when it found it yellower than its light:
/// the calls white balance cannot make surely, said in `reason` so that a user whose yellowed
/// print came out white sees why.
///
/// A white frame under a lamp the picture reads a little cooler than it is, and a frame yellowed a
/// little under a light the picture reads right, give the picture the same word (on the
/// evaluation's scenes hard scene-0010, a yellowed frame under daylight, 0.50 of a typical
/// ageing, and public scene-0020, a white one under tungsten, 0.54, both on dark wood the
/// surroundings cannot speak for). Unless the picture's grey surfaces tell them apart
/// (``FrameJudgement/greyAgeing(of:greys:ageing:)``), the frame is then taken as white, which
/// costs a yellowed print its frame's colour and turns its picture cold; the note says so.
extension FrameJudgement {
    /// From this many typical ageings (``PaperAgeing``, about b* 6: a cream that shows) the
    /// picture's word is said although the frame is taken as white.
    static let noticeableAgeing = 0.3

    /// The note for a frame at `frame` taken as white under `scene`, or nil when the picture
    /// found it no yellower than ``noticeableAgeing`` (or has no word).
    static func ageingNote(frame: LightChroma, scene: SceneLight, ageing: PaperAgeing) -> String? {
        guard let picture = scene.picture else { return nil }
        let byPicture = ageing.amount(frame: frame, light: picture)
        guard byPicture >= noticeableAgeing else { return nil }
        let said = "the picture finds it \(percent(byPicture)) of a typical ageing yellower than its light"
        let cold = "; were it yellowed, its picture comes out cold"
        if byPicture >= yellowedEvidence {
            let bySurroundings = scene.surroundings.map { ageing.amount(frame: frame, light: $0) } ?? 0
            if byPicture + min(bySurroundings, 0) >= yellowedEvidence, scene.surroundings != nil,
               abs(bySurroundings) < noticeableAgeing {
                return said + ", but the surroundings find it no yellower than their light and the picture's greys show no ageing" + cold
            }
            return byPicture + min(bySurroundings, 0) < yellowedEvidence
                ? said + ", but the surroundings are warmer than the frame (the light may be as warm)" + cold
                : said + ", but its brightness, a clipped channel or a colour off the way paper yellows says it is no aged paper" + cold
        }
        return said + ", under the \(percent(yellowedEvidence)) that calls it yellowed (a white frame under a lamp the picture reads cooler looks the same)" + cold
    }
}
