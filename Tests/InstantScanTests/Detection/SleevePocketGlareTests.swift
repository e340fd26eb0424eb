import Foundation
import Testing
@testable import InstantScan

/// A print in an album pocket larger than its card on three sides, a glossy streak of glare across
/// one of the pocket's margins: the margin is plain page only outside the streak, and that part
/// still shows where the card's edge is (issue 13, album pages).
@Suite("Prints in sleeve pockets crossed by glare")
struct SleevePocketGlareTests {
    /// An Instax Square with a cream frame on a dark album page, in a clear pocket that leaves a
    /// band of page about 3 % of the card wide on its left, top and right (the card rests on the
    /// pocket's bottom). A streak of glare, a row of overlapping highlights, lies along the pocket's
    /// left margin over most of its length.
    static func streakedPocket(streak: Bool) -> SceneMaker {
        var s = SceneMaker()
        s.width = 1200
        s.height = 900
        s.surface = .plain(42, 38, 34)
        s.shadow = 0.1
        let (card, pocket) = SceneMaker.restingInPocket(format: .instaxSquare, center: Point(600, 450), height: 600,
                                                        rotation: 0.03, tilt: 0.12, margin: 0.03)
        let margin = 0.03 * 600 * PrintFormat.instaxSquare.cardAspect
        s.prints = [SceneMaker.Print(format: .instaxSquare, corners: card, cardColor: (246, 240, 222), pictureSeed: 31)]
        s.pockets = [.init(outline: pocket, haze: 0.15, seamWidth: 3)]
        if streak {
            // Down the left margin from a third of the way along it nearly to its bottom, leaving the
            // page clear above: most of the side's middle, where a pocket side is first read, is glare.
            let left = (card.topLeft + card.bottomLeft) * 0.5
            s.glare = (-6...6).map { k in
                SceneMaker.Glare(center: left + Point(-0.12 * margin, 60) + Point(0.3, 1) * (25 * Double(k)), radius: 30,
                                 strength: 0.35 + 0.04 * Double(k + 6))
            }
        }
        return s
    }

    /// The same card and pocket, a lamp's highlight on the glossy card lying along the lower half of
    /// its left side a little in from the edge: the margin beside it stays plain page, but along
    /// that half the border is lifted off its colour up to the card's edge, so the border's colour
    /// begins nowhere there and the side cannot be read whole.
    static func partlyCrossedPocket() -> SceneMaker {
        var s = streakedPocket(streak: false)
        let card = s.prints[0].corners
        let left = (card.topLeft + card.bottomLeft) * 0.5
        s.glare = (0...7).map { k in
            SceneMaker.Glare(center: left + Point(45, 25 * Double(k)), radius: 40, strength: 0.3)
        }
        return s
    }

    @Test("a highlight on part of a side beside a plain margin: the side read again from its stretch clear of it")
    func partlyCrossed() throws {
        let scene = Self.partlyCrossedPocket()
        try scene.dumpIfAsked(as: "partly-crossed-pocket")
        let truth = scene.prints[0]
        let pocket = scene.pockets[0].outline
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        let refined = refiner.refineInSleeve(card: pocket, window: truth.window, format: .instaxSquare)
        #expect(refined.format == .instaxSquare)
        #expect(refined.movedInFromPocket)
        let error = PrintDetectorTests.cornerError(refined.card, truth.corners)
        #expect(error <= 1.5, "card corners off by \(error) px; sides \(refined.cardEdges.map { $0 != nil })")
    }

    @Test("a glare streak across a pocket's margin: the card at its own edges, as without the streak",
          arguments: [false, true])
    func streaked(_ streak: Bool) throws {
        let scene = Self.streakedPocket(streak: streak)
        try scene.dumpIfAsked(as: "streaked-pocket-\(streak)")
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        // The pocket's margin is 3 % of the card's width: a card on the pocket's edges is 2 % off.
        SettingDetectionTests.expectPlaced(print, scene.prints[0], share: 0.005)
        #expect(print.format == .instaxSquare)
    }

    @Test("refined from the pocket's outline, as a working image may propose it: the card inside, streak or not",
          arguments: [false, true])
    func fromThePocket(_ streak: Bool) throws {
        let scene = Self.streakedPocket(streak: streak)
        let truth = scene.prints[0]
        let pocket = scene.pockets[0].outline
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        let refined = refiner.refineInSleeve(card: pocket, window: truth.window, format: .instaxSquare)
        #expect(PrintDetectorTests.cornerError(pocket, truth.corners) > 12, "the pocket is a margin's width off")
        #expect(refined.format == .instaxSquare)
        let error = PrintDetectorTests.cornerError(refined.card, truth.corners)
        #expect(error <= 1.5, "card corners off by \(error) px; sides \(refined.cardEdges.map { $0 != nil })")
    }
}
