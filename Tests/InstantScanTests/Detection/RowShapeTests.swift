import Testing
@testable import InstantScan

/// The shape a row's neighbours give a card missing between them, for the outline search.
@Suite("Row shape")
struct RowShapeTests {
    /// A Mini of a row receding uphill at step `k`: nearer the camera (lower k), larger, and turned a
    /// little more, as perspective does along a row.
    static func card(_ k: Double) -> Quad {
        SceneMaker.corners(format: .instaxMini, center: Point(260 + 150 * k, 760 - 40 * k),
                           height: 140 - 10 * k, rotation: -0.2 + 0.02 * k, tilt: 0.4)
    }

    static func farthestApart(_ a: Quad, _ b: Quad) -> Double {
        (0..<4).map { r in (0..<4).map { a.corners[($0 + r) % 4].distance(to: b.corners[$0]) }.max()! }.min()!
    }

    @Test("a card missing between two found ones takes their blended shape, not one neighbour's")
    func bracketed() throws {
        // Found: steps 0, 1 and 3 (its corners listed from another corner); missing: step 2.
        let far = Self.card(3)
        let turned = Quad(corners: (0..<4).map { far.corners[($0 + 2) % 4] })
        let cards = [Self.card(0), Self.card(1), turned]
        let truth = Self.card(2)
        // The place a row gap gives: the nearer neighbour's card moved one step along.
        let near = Self.card(1)
        let place = near.mapped { $0 + (truth.centroid - near.centroid) }
        let shape = try #require(PrintDetector.bracketedCard(at: place, among: cards))
        let diagonal = truth.corners[0].distance(to: truth.corners[2])
        // Size and turn in between the neighbours' (within a pixel at a 150 px diagonal); the moved
        // neighbour's card is 5 px off.
        #expect(Self.farthestApart(shape, truth) < 0.01 * diagonal)
        #expect(Self.farthestApart(place, truth) > 0.03 * diagonal)
    }

    @Test("a place beyond the row's end has no bracket")
    func rowEnd() {
        let cards = [Self.card(0), Self.card(1), Self.card(2)]
        let truth = Self.card(3)
        let place = cards[2].mapped { $0 + (truth.centroid - cards[2].centroid) }
        #expect(PrintDetector.bracketedCard(at: place, among: cards) == nil)
    }

    @Test("a card at the edge of the predicted sizes is found at its own size, not only the predicted one")
    func outlineAtSizeOff() throws {
        // A red-banded Mini with a blue picture on a grey wall, 3 % smaller than the place says: the
        // outline search looks at the predicted size first and must still go on to the card's.
        let place = SceneMaker.corners(format: .instaxMini, center: Point(200, 150), height: 150, rotation: 0.05)
        let centre = place.centroid
        let card = place.mapped { centre + ($0 - centre) * 0.97 }
        let image = try Self.bandedMini(card: card)
        let found = try #require(BandOutline(image: image).quad(near: place, reach: 20, scales: BandOutline.scales(around: 1),
                                                                clearOf: []))
        #expect(Self.farthestApart(found.quad, card) < 1.5)
        #expect(Self.farthestApart(place, card) > 2)
    }

    @Test("the size searched around a predicted one is within its neighbours' agreement")
    func scales() {
        let s = BandOutline.scales(around: 0.9)
        #expect(s.contains(0.9))
        #expect(s.allSatisfy { abs($0 / 0.9 - 1) <= 0.03 + 1e-9 })
        #expect(s.count < BandOutline.freeScales.count)
    }

    /// A 400 × 300 grey wall with an Instax Mini of red border and blue picture at `card`.
    static func bandedMini(card: Quad) throws -> WorkingImage {
        let w = 400, h = 300
        let window = try #require(PrintTemplate(format: .instaxMini).window(forCard: card))
        func inside(_ q: Quad, _ p: Point) -> Bool {
            (0..<4).allSatisfy { i in
                let a = q.corners[i], b = q.corners[(i + 1) % 4]
                return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= 0
            }
        }
        var red = [Float](repeating: 120, count: w * h), green = red, blue = red
        for y in 0..<h {
            for x in 0..<w {
                let p = Point(Double(x), Double(y)), i = y * w + x
                if inside(window, p) {
                    (red[i], green[i], blue[i]) = (40, 90, 200)
                } else if inside(card, p) {
                    (red[i], green[i], blue[i]) = (210, 60, 60)
                }
            }
        }
        let image = WorkingImage(width: w, height: h, red: red, green: green, blue: blue,
                                 toUpright: AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        return image
    }
}
