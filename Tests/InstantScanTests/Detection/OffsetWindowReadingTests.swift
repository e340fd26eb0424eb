import Testing
@testable import InstantScan

/// A print whose window sits a little off its format's nominal spot (a trimmed card, a film batch,
/// a curl) is still its format when the chosen reading of its place is condemned by its card's shape
/// (issue 13): the alternative reading with the right shape must not be lost because refinement,
/// holding the window to its nominal place, called it a print of no format.
@Suite("Readings with an offset window")
struct OffsetWindowReadingTests {
    static let upright = PixelSize(width: 1600, height: 1600)
    static let card = SceneMaker.corners(format: .polaroidGo, center: Point(800, 800), height: 900, rotation: 0.08)

    /// A refined reading of no format: `card`, and `format`'s window moved by `shift` of the card's
    /// width along the card's top edge, scaled by `scale` about its centre.
    static func reading(card: Quad = card, window format: PrintFormat = .polaroidGo, shift: Double,
                        scale: Double = 1) throws -> DetectedPrint {
        let nominal = try #require(PrintTemplate(format: format).window(forCard: card))
        let along = (card.topRight - card.topLeft) * shift
        let centre = nominal.centroid
        let window = nominal.mapped { centre + ($0 - centre) * scale + along }
        var print = DetectedPrint(format: nil, card: card, window: window, confidence: 0.64, touchesImageBorder: false)
        print.measuredWindow = window
        return print
    }

    @Test("a Go card whose window sits 3.5 % of its width off the nominal spot is read as a Go, its window kept")
    func offsetWindowNamesItsFormat() throws {
        let reading = try Self.reading(shift: -0.035)
        // Refinement's own test, the window held to its spot as tightly as to its size, names no format.
        let window = try #require(reading.window)
        let strict = try #require(FormatClassifier(imageSize: Self.upright).classify(card: reading.card, window: window).first)
        #expect(strict.cost > PrintRefiner.defaultUnknownCost, "cost \(strict.cost)")
        let named = try #require(PrintDetector().offsetWindowReading(reading, as: .polaroidGo, upright: Self.upright))
        #expect(named.format == .polaroidGo)
        #expect(named.card == reading.card)
        #expect(named.window == reading.window)
    }

    @Test("a window of another size, or far off its spot, or in a card of another shape names nothing")
    func otherWindowsNameNothing() throws {
        let detector = PrintDetector()
        // The window 8 % larger than a Go's: not a Go's window wherever it sits.
        #expect(detector.offsetWindowReading(try Self.reading(shift: 0, scale: 1.08), as: .polaroidGo, upright: Self.upright) == nil)
        // A tenth of the card off its spot: more than real prints stray.
        #expect(detector.offsetWindowReading(try Self.reading(shift: -0.1), as: .polaroidGo, upright: Self.upright) == nil)
        // A 3:2 card: no Go, whatever its window.
        let wide = SceneMaker.corners(aspect: 1.5, center: Point(800, 800), height: 700, rotation: 0.08)
        #expect(detector.offsetWindowReading(try Self.reading(card: wide, shift: 0), as: .polaroidGo, upright: Self.upright) == nil)
        // A reading that has a format already is left to the rules that gave it.
        var named = try Self.reading(shift: -0.025)
        named.format = .instaxSquare
        #expect(detector.offsetWindowReading(named, as: .polaroidGo, upright: Self.upright) == nil)
    }
}
