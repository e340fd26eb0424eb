import Testing
@testable import InstantScan

/// A soft streak of glare across a coloured border, as a clear album sleeve or a glossy print shows
/// it: light added well below clipping, washing the band toward white where it passes (issue 13,
/// album pages). The border's sides must still agree, while a "border" of two different things
/// must not.
@Suite("Border bands under a sheen")
struct BorderSheenTests {
    static let card = SceneMaker.corners(format: .polaroid600, center: Point(300, 300), height: 420, rotation: 0.04)

    /// A green-framed Polaroid 600 on a dark album page; with `streak`, a sleeve's glossy streak, a
    /// row of soft highlights well below clipping, runs along the middle of the left border band over
    /// 45 % of its length, and another along the bottom band.
    static func greenCard(streak: Bool) -> SceneMaker {
        var s = SceneMaker()
        s.width = 600
        s.height = 600
        s.surface = .plain(40, 36, 33)
        s.shadow = 0.1
        s.prints = [SceneMaker.Print(format: .polaroid600, corners: card, cardColor: (70, 150, 80), pictureSeed: 5)]
        if streak {
            let c = card
            let left = (c.topLeft + (c.topRight - c.topLeft) * 0.03, c.bottomLeft + (c.bottomRight - c.bottomLeft) * 0.03)
            let bottom = (c.bottomLeft + (c.topLeft - c.bottomLeft) * 0.04, c.bottomRight + (c.topRight - c.bottomRight) * 0.04)
            func streak(_ line: (Point, Point), from start: Double) -> [SceneMaker.Glare] {
                (0...12).map { k in
                    SceneMaker.Glare(center: line.0 + (line.1 - line.0) * (start + 0.45 * Double(k) / 12), radius: 15, strength: 0.6)
                }
            }
            s.glare = streak(left, from: 0.1) + streak(bottom, from: 0.5)
        }
        return s
    }

    /// How the border band of `card` (a print of `format`) reads on `scene` rendered as the working image.
    static func appearance(_ scene: SceneMaker, card: Quad, format: PrintFormat = .polaroid600) throws -> BorderAppearance.Result {
        let work = BoxDownsampler.downsample(try scene.render(), orientation: .up, factor: 1)
        let toWork = work.toUpright.inverse
        let window = try #require(PrintTemplate(format: format).window(forCard: card))
        return BorderAppearance(image: work).score(card: card.mapped(toWork.apply), window: window.mapped(toWork.apply))
    }

    @Test("a glare streak across two sides of a green border: the four sides still agree")
    func streakedBorderAgrees() throws {
        let plain = try Self.appearance(Self.greenCard(streak: false), card: Self.card)
        let streaked = try Self.appearance(Self.greenCard(streak: true), card: Self.card)
        #expect(plain.consistency == 1)
        // Read by their medians, a streaked side is paler and brighter than the others (3 of 4 agreed).
        #expect(streaked.consistency == 1, "consistency \(streaked.consistency)")
    }

    /// A red-framed card beside the green one, streaked or not.
    static func twoCards(streak: Bool) -> (SceneMaker, red: Quad) {
        var scene = Self.greenCard(streak: streak)
        scene.width = 1000
        let step = (Self.card.topRight - Self.card.topLeft) * 1.1
        let red = Self.card.mapped { $0 + step }
        scene.prints.append(SceneMaker.Print(format: .polaroid600, corners: red, cardColor: (170, 60, 55), pictureSeed: 6))
        return (scene, red)
    }

    @Test("a quad from the sides of two cards, green and red: no border, and a streak does not make it one")
    func mixedQuadDisagrees() throws {
        // The quad runs from the green card's left side to the red card's right side: its band is
        // green on the left, red on the right. The streak washes part of its left and bottom sides.
        let (plainScene, red) = Self.twoCards(streak: false)
        let mixed = Quad(Self.card.topLeft, red.topRight, red.bottomRight, Self.card.bottomLeft)
        let plain = try Self.appearance(plainScene, card: mixed)
        let streaked = try Self.appearance(Self.twoCards(streak: true).0, card: mixed)
        #expect(plain.consistency < 1)
        #expect(streaked.consistency <= plain.consistency, "consistency \(plain.consistency) -> \(streaked.consistency)")
    }
}
