import Foundation
import Testing
@testable import InstantScan

/// A print's format named by its window's size rather than where the window sits: a Polaroid Go
/// whose window sits 1.3 mm low (2 % of its card's height, as real prints' windows sit off their
/// nominal spot) has its window's top and bottom nearer an Instax Square's, but its size is a Go's.
@Suite("Format from the window's size")
struct WindowSizeFormatTests {
    private static let upright = PixelSize(width: 1200, height: 900)
    private static let card = SceneMaker.corners(format: .polaroidGo, center: Point(600, 450), height: 520, rotation: 0.08)

    /// `format`'s nominal window in `card`, moved by `shift` (shares of the card's width and height).
    private static func window(_ format: PrintFormat, shift: Point = Point(0, 0)) -> Quad {
        let map = Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners)!
        return Quad(corners: format.normalizedWindow.corners.map { map.apply($0 + shift) })
    }

    private static func print(named format: PrintFormat, measured: Quad) -> DetectedPrint {
        var print = DetectedPrint(format: format, card: card, window: PrintTemplate(format: format).window(forCard: card),
                                  confidence: 0.9, touchesImageBorder: false)
        print.measuredWindow = measured
        return print
    }

    @Test("holding the window to its nominal place names the low Go window an Instax Square")
    func premise() {
        let low = Self.window(.polaroidGo, shift: Point(0, 0.02))
        #expect(FormatClassifier(imageSize: Self.upright).classify(card: Self.card, window: low).first?.format == .instaxSquare)
    }

    @Test("a Go whose window sits low is named a Go, its card and turn unchanged")
    func lowWindow() throws {
        let low = Self.window(.polaroidGo, shift: Point(0, 0.02))
        let named = PrintDetector().namingFormatByWindowSize(Self.print(named: .instaxSquare, measured: low), upright: Self.upright)
        #expect(named.format == .polaroidGo)
        #expect(named.card == Self.card)
        let expected = try #require(PrintTemplate(format: .polaroidGo).window(forCard: Self.card))
        #expect(named.window == expected)
    }

    @Test("a window at its nominal place keeps the format it names")
    func nominalWindow() {
        let named = PrintDetector().namingFormatByWindowSize(
            Self.print(named: .polaroidGo, measured: Self.window(.polaroidGo)), upright: Self.upright)
        #expect(named.format == .polaroidGo)
    }

    @Test("a print of the format most of the photo's prints share keeps it")
    func sharedFormatKept() {
        let low = Self.window(.polaroidGo, shift: Point(0, 0.02))
        let named = PrintDetector().namingFormatByWindowSize(Self.print(named: .instaxSquare, measured: low),
                                                              upright: Self.upright, shared: .instaxSquare)
        #expect(named.format == .instaxSquare)
    }

    @Test("the shared format needs a clear majority: three prints and 60 %")
    func sharedFormat() {
        #expect(PrintDetector.sharedFormat(of: [.polaroid600, .polaroid600, .polaroid600, .instaxSquare]) == .polaroid600)
        #expect(PrintDetector.sharedFormat(of: [.polaroid600, .polaroid600, .instaxSquare]) == nil)
        #expect(PrintDetector.sharedFormat(of: [.polaroid600, .polaroid600, .polaroid600, .instaxSquare, .polaroidGo, nil]) == nil)
    }

    @Test("a print without a measured window is left as it is")
    func noMeasuredWindow() {
        var print = Self.print(named: .instaxSquare, measured: Self.window(.polaroidGo, shift: Point(0, 0.02)))
        print.measuredWindow = nil
        #expect(PrintDetector().namingFormatByWindowSize(print, upright: Self.upright).format == .instaxSquare)
    }
}
