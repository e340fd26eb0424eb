#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns quad hypotheses into print hypotheses: each quad is tried as a card and as a window, in each
/// of its four turns, for every format whose shape it fits; the template predicts the partner quad and
/// all eight sides are checked against the edges.
///
/// This one test settles three things at once. The window-for-card mistake: a window taken for a card
/// predicts a "window" inside the picture that no edge supports, while taken for a window it predicts
/// the real card, whose edges do. Which way is up: the thick border puts the predicted window off-centre,
/// and only the right turn finds its edges. And, roughly, the format — settled precisely after the edges
/// are refined at full resolution.
struct PrintHypothesisScorer: Sendable {
    let evidence: EdgeEvidence
    let border: BorderAppearance
    /// Size of the working image, whose centre is taken as the principal point.
    let imageSize: PixelSize
    /// Formats tried.
    var formats: [PrintFormat] = PrintFormat.allCases
    /// Largest ratio between a quad's recovered aspect and the template's for the pairing to be tried.
    var aspectTolerance = 1.35
    /// Rounded corners: share of a card side left out at each end.
    var cardTrim = 0.12
    var windowTrim = 0.06
    /// A quad whose own sides are supported less than this (mean share) is not tried further.
    var minimumOwnSupport = 0.45

    /// A print shows all four sides of its card and, but for a picture that fades into the border on
    /// one side (a pale sky), all four of its window; a pair stitched together from neighbouring
    /// prints and texture leaves whole sides bare. The mean support hides that; counting sides does not.
    static func sideCountFactor(_ card: [Double], _ window: [Double]) -> Double {
        let cardSides = card.filter { $0 >= 0.3 }.count, windowSides = window.filter { $0 >= 0.3 }.count
        let cardFactor = cardSides == 4 ? 1 : (cardSides == 3 ? 0.8 : 0.4)
        let windowFactor = windowSides == 4 ? 1 : (windowSides == 3 ? 0.9 : 0.45)
        return cardFactor * windowFactor
    }

    func score(_ hypothesis: QuadHypothesis) -> [PrintHypothesis] {
        var out: [PrintHypothesis] = []
        let logTolerance = log(aspectTolerance)
        let templates = formats.map(PrintTemplate.init)
        for origin in [PrintHypothesis.Origin.card, .window] {
            let own = evidence.support(of: hypothesis.quad, trim: origin == .card ? cardTrim : windowTrim).map(\.fraction)
            guard own.reduce(0, +) >= 4 * minimumOwnSupport else { continue }
            for turn in 0..<4 {
                let quad = hypothesis.quad.rotatingOrder(by: turn)
                let ownSupport = (0..<4).map { own[($0 + turn) % 4] }
                let aspect = AspectRatio.recover(quad, imageSize: imageSize)
                for template in templates {
                    let format = template.format
                    let expected = origin == .card ? format.cardAspect : format.windowAspect
                    let mismatch = abs(log(aspect / expected))
                    guard mismatch <= logTolerance else { continue }
                    let card: Quad, window: Quad
                    switch origin {
                    case .card:
                        guard let w = template.window(forCard: quad) else { continue }
                        card = quad; window = w
                    case .window:
                        guard let c = template.card(forWindow: quad) else { continue }
                        card = c; window = quad
                    }
                    guard card.isConvex, window.isConvex, card.signedArea > 0 else { continue }
                    let partner = evidence.support(of: origin == .card ? window : card,
                                                   trim: origin == .card ? windowTrim : cardTrim).map(\.fraction)
                    let cardSupport = origin == .card ? ownSupport : partner
                    let windowSupport = origin == .card ? partner : ownSupport
                    let mean = (cardSupport.reduce(0, +) + windowSupport.reduce(0, +)) / 8
                    guard mean >= 0.4 else { continue }
                    let band = border.score(card: card, window: window)
                    // The shape recovered from one quad is only a hint (with one pair of sides parallel in
                    // the photo the focal length is unknown and a 40° tilt can fool it by 15%): it breaks
                    // near ties and no more.
                    let shape = 1 - 0.02 * mismatch / logTolerance
                    out.append(PrintHypothesis(format: format, card: card, window: window, origin: origin,
                                               cardSupport: cardSupport, windowSupport: windowSupport,
                                               border: band,
                                               score: mean * shape * band.factor
                                                   * PrintHypothesisScorer.sideCountFactor(cardSupport, windowSupport)))
                }
            }
        }
        return out
    }
}
