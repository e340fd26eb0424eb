import Testing
@testable import InstantScan

/// A wall of many prints, part of it in dim light: every print's place is weighed, not only the
/// best-lit ones' (``RankingBudget``).
@Suite("Wall of many prints")
struct WallBudgetTests {
    /// Fifteen Instax Minis, 120 px on their short side, hung by hand (salon style: no two in one
    /// line, each turned its own way, so no row model completes the wall from its neighbours) on a
    /// painted wall leaning back, frames of every plain kind; the shadow of the photographer's side
    /// of the room darkens the right-hand third of the wall to a quarter of its light.
    static var scene: SceneMaker {
        var s = SceneMaker()
        s.width = 2000
        s.height = 1500
        s.surface = .plain(150, 142, 120)
        s.shadow = 0.2
        let frames = SettingScenes.frames
        let places: [(x: Double, y: Double, turn: Double)] = [
            (260, 300, 0.12), (620, 250, -0.08), (950, 340, 0.2), (1330, 260, -0.15), (1720, 330, 0.06),
            (330, 720, -0.18), (700, 800, 0.1), (1040, 700, -0.05), (1400, 790, 0.17), (1760, 720, -0.1),
            (250, 1180, 0.04), (640, 1210, -0.14), (1000, 1150, 0.16), (1370, 1230, -0.03), (1740, 1160, 0.11),
        ]
        s.prints = places.enumerated().map { k, place in
            SceneMaker.Print(format: .instaxMini,
                             corners: SceneMaker.corners(format: .instaxMini, center: Point(place.x, place.y), height: 190,
                                                         rotation: place.turn, tilt: 0.3, focal: 1500),
                             cardColor: frames[k % frames.count], cornerRadius: 3, pictureSeed: 140 + UInt64(k))
        }
        s.castShadow = .init(through: Point(1300, 750), into: Point(1, 0.1), kept: 0.25, penumbra: 60)
        return s
    }

    /// The truth's cards at the scale of the working image that ``HypothesisRankingTests/hypotheses(_:)`` reads.
    static func workingCards(_ scene: SceneMaker) throws -> [Quad] {
        let work = BoxDownsampler.workingImage(try scene.render(), orientation: .up, maximumLongSide: 1024)
        let scale = Double(work.width) / Double(scene.width)
        return scene.prints.map { $0.corners.mapped { Point($0.x * scale, $0.y * scale) } }
    }

    @Test("a budget spent on the brighter prints leaves places out; each gets its own readings, and only those")
    func placesLeftOut() throws {
        let scene = Self.scene
        let (scorer, hypotheses) = try HypothesisRankingTests.hypotheses(scene)
        // A budget a third of the photo's distinct readings, as 64 is on a busy wall of small prints.
        let limit = 12
        let ranked = scorer.rank(hypotheses, limit: limit)
        let leftOut = scorer.rankPlacesLeftOut(hypotheses, limit: limit) { _ in true }
        let cards = try Self.workingCards(scene)
        let covered = { (readings: [PrintHypothesis], card: Quad) in
            readings.contains { ConvexOverlap.iou($0.card, card) > 0.5 }
        }
        let missing = cards.indices.filter { !covered(ranked, cards[$0]) }
        #expect(missing.count >= 3, "the budget left \(missing.count) prints out")
        // The shadowed third's prints are among those left out: their steps are smaller.
        let shadowed = cards.indices.filter { cards[$0].centroid.x > cards[7].centroid.x }
        #expect(shadowed.contains { missing.contains($0) })
        // Every print the budget left out has a reading of its own among the places left out...
        for k in missing {
            #expect(covered(leftOut, cards[k]), "print \(k) has no reading of its own")
        }
        // ...and no reading is at a place the budget covered, nor more than a few at one place.
        for h in leftOut {
            #expect(!ranked.contains { RankingBudget.samePlace($0.card, h.card) })
            #expect(leftOut.count { RankingBudget.samePlace($0.card, h.card) } <= RankingBudget(limit: limit).perPlace)
        }
    }

    @Test("the whole wall is found, the shadowed third too, and nothing else")
    func wholeWall() throws {
        let scene = Self.scene
        try scene.dumpIfAsked(as: "wall-budget")
        let found = try PrintDetectorTests.detect(scene)
        let placed = PrintDetectorTests.placedCount(of: scene.prints, in: found, share: 0.01)
        #expect(found.count == scene.prints.count, "\(found.count) prints found")
        #expect(placed == scene.prints.count, "\(placed) within 1 %")
    }
}
