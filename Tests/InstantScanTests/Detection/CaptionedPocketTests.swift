import Foundation
import Testing
@testable import InstantScan

/// A print with writing on its thick bottom band, resting against the top and sides of its album
/// pocket, the pocket longer than the card below it and a glossy streak across that margin (issue
/// 13, album pages). A working image may propose the pocket's outline as the card; only the card's
/// border colour (the caption leaves the thick band without one, the other bands give it) and the
/// page's colour in the margin (read from the margin's own clear stretch, since no other side of the
/// pocket shows the page) tell the card's bottom edge from the pocket's.
@Suite("Captioned print against its pocket")
struct CaptionedPocketTests {
    /// A green-framed captioned 600 on a dark album page; its pocket has the card's top and sides and
    /// reaches 9 % of the card's height below it. A glossy streak runs along the thick band, fading,
    /// and crosses a third of the margin.
    static var captionedPocket: SceneMaker {
        var s = SceneMaker()
        s.width = 800
        s.height = 800
        s.surface = .plain(58, 56, 60)
        s.shadow = 0.1
        let card = SceneMaker.corners(format: .polaroid600, center: Point(400, 380), height: 560, rotation: 0.03, tilt: 0.12)
        let reach = 0.09
        let pocket = Quad(card.topLeft, card.topRight, card.bottomRight + (card.bottomRight - card.topRight) * reach,
                          card.bottomLeft + (card.bottomLeft - card.topLeft) * reach)
        var print = SceneMaker.Print(format: .polaroid600, corners: card, cardColor: (70, 150, 80), pictureSeed: 31)
        print.caption = true
        s.prints = [print]
        s.pockets = [.init(outline: pocket, haze: 0.08, seamWidth: 2)]
        // One glossy streak down the sleeve: across the thick band's middle, where the caption is,
        // and across the margin below.
        let window = print.window
        let band = ((card.bottomLeft + window.bottomLeft) * 0.5, (card.bottomRight + window.bottomRight) * 0.5)
        let margin = ((card.bottomLeft + pocket.bottomLeft) * 0.5, (card.bottomRight + pocket.bottomRight) * 0.5)
        // Along the band it fades from strong to faint, so no one colour holds most of its middle.
        func streak(_ line: (Point, Point), from start: Double, length: Double, fading: Bool) -> [SceneMaker.Glare] {
            (0...24).map { j in
                let t = Double(j) / 24
                return SceneMaker.Glare(center: line.0 + (line.1 - line.0) * (start + length * t), radius: 16,
                                        strength: fading ? 0.75 - 0.55 * t : 0.6)
            }
        }
        s.glare = streak(band, from: 0.05, length: 0.9, fading: true) + streak(margin, from: 0.15, length: 0.35, fading: false)
        return s
    }

    @Test("refined from the pocket's outline: the captioned card at its own bottom edge, not the pocket's")
    func fromThePocket() throws {
        let scene = Self.captionedPocket
        try scene.dumpIfAsked(as: "captioned-pocket")
        let truth = scene.prints[0]
        let pocket = scene.pockets[0].outline
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        let refined = refiner.refineInSleeve(card: pocket, window: truth.window, format: .polaroid600)
        #expect(PrintDetectorTests.cornerError(pocket, truth.corners) > 40, "the pocket is a margin's height off")
        #expect(refined.format == .polaroid600)
        let diagonal = truth.corners.topLeft.distance(to: truth.corners.bottomRight)
        let error = PrintDetectorTests.cornerError(refined.card, truth.corners)
        #expect(error <= 0.005 * diagonal, "card corners off by \(error) px; sides \(refined.cardEdges.map { $0 != nil })")
    }
}
