import Foundation
import Testing
@testable import InstantScan

/// Prints hung in a row on a wall seen at an angle: the scale (pixels per millimetre) falls across the
/// row, and a Polaroid 600 whose window read as an Instax Square's is still a 600's size there.
@Suite("Formats named by the neighbours' scale")
struct NeighbourScaleTests {
    /// Pixels per millimetre at `x`: the wall recedes to the right.
    private static func scale(at x: Double) -> Double { 1.1 - 0.0004 * x }

    /// A card of `size` (its format's, or another's) centred at `x` on the row, named `format`.
    private static func print(_ format: PrintFormat, size: PrintFormat? = nil, x: Double, y: Double = 600) -> DetectedPrint {
        let mm = (size ?? format).cardSize
        let height = mm.height * scale(at: x)
        let card = SceneMaker.corners(aspect: mm.width / mm.height, center: Point(x, y), height: height, rotation: 0.02)
        return DetectedPrint(format: format, card: card, window: PrintTemplate(format: format).window(forCard: card),
                             confidence: 0.9, touchesImageBorder: false)
    }

    private static let xs: [Double] = [300, 420, 540, 660, 780, 900]

    @Test("a 600's card read as a Square in a row of 600s is named a 600")
    func renamedInRow() throws {
        var prints = Self.xs.map { Self.print(.polaroid600, x: $0) }
        prints[3] = Self.print(.instaxSquare, size: .polaroid600, x: Self.xs[3])
        let named = PrintDetector.namingFormatsByNeighbourScale(prints)
        #expect(named.map(\.format) == Array(repeating: .polaroid600, count: 6))
        #expect(named[3].card == prints[3].card, "the card stays where it was found")
        #expect(named[3].window == PrintTemplate(format: .polaroid600).window(forCard: prints[3].card))
    }

    @Test("a Go's card read as one, in the same row, is named a 600 only if it has a 600's size")
    func goInRow() throws {
        var prints = Self.xs.map { Self.print(.polaroid600, x: $0) }
        prints[1] = Self.print(.polaroidGo, size: .polaroid600, x: Self.xs[1])
        prints[4] = Self.print(.polaroidGo, x: Self.xs[4])
        let named = PrintDetector.namingFormatsByNeighbourScale(prints)
        #expect(named[1].format == .polaroid600)
        #expect(named[4].format == .polaroidGo, "a real Go is a fifth smaller than a 600 and keeps its name")
    }

    @Test("a real Square among 600s keeps its name")
    func realSquareKept() {
        var prints = Self.xs.map { Self.print(.polaroid600, x: $0, y: 400 + 0.3 * $0) }
        prints[2] = Self.print(.instaxSquare, x: Self.xs[2], y: 400 + 0.3 * Self.xs[2])
        #expect(PrintDetector.namingFormatsByNeighbourScale(prints).map(\.format) == prints.map(\.format))
    }

    @Test("neighbours that do not agree on a scale, or no majority, settle nothing")
    func noAgreement() {
        // Every other card twice as near: not one wall.
        var prints = Self.xs.enumerated().map { i, x -> DetectedPrint in
            var p = Self.print(.polaroid600, x: x)
            let centre = p.card.centroid
            if i % 2 == 1 { p.card = p.card.mapped { centre + ($0 - centre) * 1.4 } }
            return p
        }
        prints[2] = Self.print(.instaxSquare, size: .polaroid600, x: Self.xs[2])
        #expect(PrintDetector.namingFormatsByNeighbourScale(prints)[2].format == .instaxSquare)

        let mixed = [Self.print(.polaroid600, x: 300), Self.print(.polaroid600, x: 500),
                     Self.print(.instaxSquare, size: .polaroid600, x: 700), Self.print(.instaxSquare, x: 900)]
        #expect(PrintDetector.namingFormatsByNeighbourScale(mixed).map(\.format) == mixed.map(\.format))
    }

    @Test("the plane recovers a wall's scale from cards spread over it, and from a row")
    func planeFit() throws {
        func wallScale(_ p: Point) -> Double { 0.9 + 0.0003 * p.x - 0.0002 * p.y }
        let centres = [Point(200, 300), Point(800, 320), Point(300, 900), Point(850, 880), Point(520, 600)]
        let cards = centres.map { c -> (card: Quad, format: PrintFormat) in
            let mm = PrintFormat.instaxSquare.cardSize
            return (SceneMaker.corners(format: .instaxSquare, center: c, height: mm.height * wallScale(c)), .instaxSquare)
        }
        let plane = try #require(ScalePlane(fitting: cards))
        let probe = Point(600, 450)
        #expect(abs(plane.pixelsPerMillimetre(at: probe) / wallScale(probe) - 1) < 0.01)

        let row = Self.xs.prefix(3).map { x -> (card: Quad, format: PrintFormat) in
            (SceneMaker.corners(format: .polaroid600, center: Point(x, 600),
                                height: PrintFormat.polaroid600.cardSize.height * Self.scale(at: x)), .polaroid600)
        }
        let line = try #require(ScalePlane(fitting: Array(row)))
        #expect(abs(line.pixelsPerMillimetre(at: Point(900, 600)) / Self.scale(at: 900) - 1) < 0.01)
        #expect(ScalePlane(fitting: Array(row.prefix(2))) == nil)
    }
}
