import Testing
@testable import InstantScan

/// A print with a patterned band whose reading took another format's template (issue 13: a striped
/// airmail-frame 600 read as a Spectra on a dim photo, then dropped for its card's shape): its card,
/// measured on all four sides, names the format.
@Suite("Patterned readings named by their card's shape")
struct CardShapeReadingTests {
    static let upright = PixelSize(width: 1600, height: 1600)
    static let card = SceneMaker.corners(format: .polaroid600, center: Point(800, 800), height: 900, rotation: 0.3)

    /// A refined reading of `format` on `card`, with that format's template window, as a hypothesis
    /// of that format on a patterned band refines.
    static func reading(card: Quad = card, format: PrintFormat = .polaroidSpectra, patterned: Bool = true,
                        measured: [Bool] = [true, true, true, true]) throws -> DetectedPrint {
        let window = try #require(PrintTemplate(format: format).window(forCard: card))
        var print = DetectedPrint(format: format, card: card, window: window, confidence: 0.66, touchesImageBorder: false)
        print.patternedBorder = patterned
        print.measuredEdges = measured
        return print
    }

    @Test("a 600's card read as a Spectra is a print of the 600's shape, its window the template's")
    func namedByShape() throws {
        let detector = PrintDetector()
        let reading = try Self.reading()
        #expect(detector.shapeFactor(of: reading, upright: Self.upright) < 1, "the Spectra reading is condemned by its shape")
        let named = try #require(detector.cardShapeReading(reading, upright: Self.upright))
        // A 600 and a Go differ by 1.6 % in shape; the Spectra's template window, all the reading
        // has, sits nearer a Go's (a neighbour's scale names it later where the photo has one).
        let format = try #require(named.format)
        #expect([.polaroid600, .polaroidGo].contains(format))
        #expect(detector.shapeFactor(of: named, upright: Self.upright) == 1)
        #expect(Set(named.card.corners.map { [$0.x, $0.y] }) == Set(Self.card.corners.map { [$0.x, $0.y] }))
        #expect(named.window == PrintTemplate(format: format).window(forCard: named.card))
        // Which way is up is the card's own: the 600's thick border stays at the bottom.
        #expect(named.card == Self.card)
    }

    @Test("a plain band, a side not measured, or a card of no format's shape is left as it is")
    func leftAlone() throws {
        let detector = PrintDetector()
        #expect(detector.cardShapeReading(try Self.reading(patterned: false), upright: Self.upright) == nil)
        #expect(detector.cardShapeReading(try Self.reading(measured: [true, true, false, true]), upright: Self.upright) == nil)
        let wide = SceneMaker.corners(aspect: 1.5, center: Point(800, 800), height: 700, rotation: 0.3)
        #expect(detector.cardShapeReading(try Self.reading(card: wide), upright: Self.upright) == nil)
    }
}
