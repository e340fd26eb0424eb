import Testing
@testable import InstantScan

/// Rectangles in a print's picture (a window, a poster, a door in the photo it shows) pass for
/// prints; a print is never inside another's picture.
@Suite("Picture content is not a print")
struct PictureContentTests {
    static func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Quad {
        Quad(Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h))
    }

    static func hypothesis(card: Quad, window: Quad, origin: PrintHypothesis.Origin, score: Double,
                           cardSupport: [Double] = [1, 1, 1, 1]) -> PrintHypothesis {
        PrintHypothesis(format: .instaxMini, card: card, window: window, origin: origin, cardSupport: cardSupport,
                        windowSupport: [1, 1, 1, 1], border: nil, edgeScore: score, score: score)
    }

    /// An Instax Mini (54 × 86 at 4 px a millimetre), and a rectangle in its picture ranked above it.
    static let print = hypothesis(card: rectangle(100, 100, 216, 344), window: rectangle(116, 128, 184, 248),
                                  origin: .card, score: 0.78)
    static let content = hypothesis(card: rectangle(150, 200, 110, 80), window: rectangle(160, 208, 90, 56),
                                    origin: .window, score: 0.81)

    @Test func aRectangleInAPrintsPictureGivesWayToThePrint() {
        let detector = PrintDetector()
        let outer = detector.enclosingPrint(of: Self.content, among: [Self.content, Self.print])
        #expect(outer?.card == Self.print.card)
    }

    @Test func onlyAPrintFoundAllRoundAndNearlyAsGoodEnclosesAnother() {
        let detector = PrintDetector()
        var guessed = Self.print
        guessed.cardSupport = [1, 1, 0.2, 1]
        #expect(detector.enclosingPrint(of: Self.content, among: [Self.content, guessed]) == nil,
                "a card side the template guessed")
        var weak = Self.print
        weak.score = 0.6
        #expect(detector.enclosingPrint(of: Self.content, among: [Self.content, weak]) == nil, "far weaker")
    }

    @Test func aPrintFillingAPocketIsNotPictureContent() {
        // The pocket's "window" is the print's card: followed inward by nestedPrint, not outward.
        let pocket = Self.hypothesis(card: Self.rectangle(90, 90, 236, 364), window: Self.rectangle(99, 99, 218, 346),
                                     origin: .card, score: 0.8)
        let detector = PrintDetector()
        #expect(detector.enclosingPrint(of: Self.print, among: [Self.print, pocket]) == nil)
    }

    @Test func aPrintInItsPocketIsTheNestedPrintNotThePocket() {
        // An album page's stretch around a pocket (its "window" the pocket's opening), the pocket read
        // as a card turned upside down (its window placed low), and the print lying in the pocket:
        // both fill the page's window; the print is the one lying loose in the other.
        let page = Self.hypothesis(card: Self.rectangle(60, 20, 520, 640), window: Self.rectangle(110, 60, 420, 540),
                                   origin: .card, score: 0.95)
        let pocket = Self.hypothesis(card: Self.rectangle(100, 50, 440, 560), window: Self.rectangle(120, 200, 400, 380),
                                     origin: .card, score: 0.86)
        let print = Self.hypothesis(card: Self.rectangle(112, 58, 416, 500), window: Self.rectangle(140, 90, 360, 330),
                                    origin: .card, score: 0.79)
        let nested = PrintDetector().nestedPrint(inside: page, among: [page, pocket, print])
        #expect(nested?.card == print.card)
    }
}
