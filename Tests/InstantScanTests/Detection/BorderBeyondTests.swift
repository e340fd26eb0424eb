import Testing
@testable import InstantScan

/// A card side put on the window's edge (a pale stretch of the picture joining the border hid the
/// window's edge at working resolution): the border band lies outside that side, and the card's
/// edge is where the band ends.
@Suite("A card side beyond its border band")
struct BorderBeyondTests {
    /// A Polaroid 600 with a cream frame on a painted wall, 5 px a millimetre (its top border 30 px).
    static func wallCard(surface: SceneMaker.Surface) -> SceneMaker {
        var s = SceneMaker()
        s.surface = surface
        s.shadow = 0.1
        s.noise = 1.5
        s.prints = [.init(format: .polaroid600,
                          corners: SceneMaker.corners(format: .polaroid600, center: Point(600, 450), height: 535,
                                                      rotation: 0.04, tilt: 0.1),
                          cardColor: (246, 240, 222), pictureSeed: 5)]
        return s
    }

    /// `card` with its top side moved onto the line through the window's top edge.
    static func topOnWindow(_ print: SceneMaker.Print) -> Quad {
        let card = print.corners, window = print.window
        let top = ImageLine(window.topLeft, window.topRight)
        let left = ImageLine(card.bottomLeft, card.topLeft), right = ImageLine(card.topRight, card.bottomRight)
        return Quad(left.intersection(top)!, top.intersection(right)!, card.bottomRight, card.bottomLeft)
    }

    static func refine(_ scene: SceneMaker, card: Quad) throws -> PrintRefiner.Refined {
        let image = try scene.render()
        let refiner = PrintRefiner(sampler: FullResolutionSampler(image, orientation: .up), workingScale: 4)
        return refiner.refineInSleeve(card: card, window: scene.prints[0].window, format: .polaroid600)
    }

    @Test("a top side on the window's edge moves out to the card's edge")
    func sideOnTheWindowEdge() throws {
        let scene = Self.wallCard(surface: .plain(150, 140, 118))
        let print = scene.prints[0]
        let proposed = Self.topOnWindow(print)
        #expect(PrintDetectorTests.cornerError(proposed, print.corners) > 25, "the proposal is a border's width off")
        let refined = try Self.refine(scene, card: proposed)
        #expect(refined.format == .polaroid600)
        let error = PrintDetectorTests.cornerError(refined.card, print.corners)
        #expect(error <= 1.5, "card corners off by \(error) px")
    }

    /// `card` with its left side moved onto the line through the window's left edge.
    static func leftOnWindow(_ print: SceneMaker.Print) -> Quad {
        let card = print.corners, window = print.window
        let left = ImageLine(window.bottomLeft, window.topLeft)
        let top = ImageLine(card.topLeft, card.topRight), bottom = ImageLine(card.bottomRight, card.bottomLeft)
        return Quad(left.intersection(top)!, card.topRight, card.bottomRight, bottom.intersection(left)!)
    }

    @Test("a card off its nominal size keeps the side measured beyond its border band")
    func offNominalCardWidens() throws {
        // A 600 two millimetres wider and 1.5 mm shorter than nominal (film generations and
        // trimmed cards differ so), its window centred across it: without its left band the card
        // is nearer the nominal shape than whole, and the shape must not veto the measured edge.
        var scene = Self.wallCard(surface: .plain(150, 140, 118))
        let (width, height) = (90.0, 105.5)
        scene.prints[0].corners = SceneMaker.corners(aspect: width / height, center: Point(600, 450), height: height * 5,
                                                     rotation: 0.04, tilt: 0.1)
        scene.prints[0].customGeometry = (card: (width: width, height: height),
                                          window: (x: (width - 79) / 2, y: 6, width: 79, height: 79))
        let print = scene.prints[0]
        let proposed = Self.leftOnWindow(print)
        #expect(PrintDetectorTests.cornerError(proposed, print.corners) > 25, "the proposal is a border's width off")
        let refined = try Self.refine(scene, card: proposed)
        #expect(refined.format == .polaroid600)
        let error = PrintDetectorTests.cornerError(refined.card, print.corners)
        #expect(error <= 1.5, "card corners off by \(error) px")
    }

    @Test("a side on the window's edge moves out also in a softened photo of a small print")
    func softSmallPrintWidens() throws {
        // A 600 some 215 px tall (as prints on a wall are), its side borders 9 px, and the photo
        // softened as shake or a resized photo does: the card's edge is a ramp of several pixels.
        var scene = Self.wallCard(surface: .plain(150, 140, 118))
        scene.prints[0].corners = SceneMaker.corners(format: .polaroid600, center: Point(600, 450), height: 107 * 2,
                                                     rotation: 0.04, tilt: 0.1)
        let print = scene.prints[0]
        let proposed = Self.leftOnWindow(print)
        #expect(PrintDetectorTests.cornerError(proposed, print.corners) > 7, "the proposal is a border's width off")
        let image = try ShotMergerTests.boxBlurred(try scene.render(), radius: 1)
        let refiner = PrintRefiner(sampler: FullResolutionSampler(image, orientation: .up), workingScale: 2)
        let refined = refiner.refineInSleeve(card: proposed, window: print.window, format: .polaroid600)
        let error = PrintDetectorTests.cornerError(refined.card, print.corners)
        #expect(error <= 1.5, "card corners off by \(error) px")
    }

    @Test("a card's own edge stays, also on a surface of the border's colour")
    func ownEdgeStays() throws {
        for surface in [SceneMaker.Surface.plain(150, 140, 118), .paleTable] {
            let scene = Self.wallCard(surface: surface)
            let print = scene.prints[0]
            let refined = try Self.refine(scene, card: print.corners)
            let error = PrintDetectorTests.cornerError(refined.card, print.corners)
            #expect(error <= 1.5, "card corners off by \(error) px")
        }
    }
}
