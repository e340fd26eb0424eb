import Testing
@testable import InstantScan

/// The band outline's score measured from any side first: the searches start where the last quad
/// fell, which may change only the work, never what the score says of a quad.
@Suite("Band outline side order")
struct BandOutlineSideOrderTests {
    @Test("a quad's score against a bar is the same whichever side is measured first")
    func sameFromAnySide() throws {
        // A red-banded Mini with a blue picture on a grey wall; quads all around it, some on the card.
        let card = SceneMaker.corners(format: .instaxMini, center: Point(200, 150), height: 150, rotation: 0.05)
        let image = try RowShapeTests.bandedMini(card: card)
        let outline = BandOutline(image: image)
        let centre = card.centroid
        var above = 0, fallen = 0
        let shifts = [-20.0, -8, -3, -1, 0, 1, 3, 8, 20]
        for scale in [0.9, 0.99, 1.0, 1.01, 1.1] {
            for dx in shifts {
                for dy in shifts {
                    let q = card.mapped { centre + ($0 - centre) * scale + Point(dx, dy) }
                    for bar: Float in [12, 25, 50] {
                        let whole = outline.score(q, above: bar)
                        for start in 0..<4 {
                            var first = start
                            let s = outline.score(q, above: bar, from: &first)
                            #expect((s > bar) == (whole > bar))
                            if whole > bar {
                                #expect(s == whole && first == start)
                            } else {
                                // The side it fell on falls first next time.
                                var again = first
                                #expect(outline.score(q, above: bar, from: &again) <= bar && again == first)
                            }
                        }
                        if whole > bar { above += 1 } else { fallen += 1 }
                    }
                }
            }
        }
        // Both answers come up, so both are tested.
        #expect(above > 20 && fallen > 500)
        // Every side is measured whichever comes first: the card with any one side moved off its
        // edge falls, from every start.
        #expect(outline.score(card, above: 12) > 12)
        for j in 0..<4 {
            let a = card.corners[j], b = card.corners[(j + 1) % 4]
            let length = a.distance(to: b)
            let outward = Point((b.y - a.y) / length, -(b.x - a.x) / length)
            let side = (centre - (a + b) * 0.5).x * outward.x + (centre - (a + b) * 0.5).y * outward.y < 0 ? 1.0 : -1.0
            var corners = card.corners
            corners[j] = a + outward * (8 * side)
            corners[(j + 1) % 4] = b + outward * (8 * side)
            let moved = Quad(corners[0], corners[1], corners[2], corners[3])
            for start in 0..<4 {
                var first = start
                #expect(outline.score(moved, above: 12, from: &first) <= 12)
            }
        }
    }
}
