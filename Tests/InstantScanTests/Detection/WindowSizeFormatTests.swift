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

    /// A Mini-shaped card (a speaker's driver plate, a panel) whose measured window is a wide opening
    /// with thin side bands: near where a Polaroid 600's template puts its window in a card, far from
    /// a Mini's (a speaker photographed so read 0.02 and 0.04 of the card off them).
    private static let miniCard = SceneMaker.corners(format: .instaxMini, center: Point(600, 450), height: 600, rotation: 0.05)

    private static var wideOpeningInMiniCard: DetectedPrint {
        let map = Homography.mapping(PrintTemplate.unitCard.corners, to: miniCard.corners)!
        var print = DetectedPrint(format: .instaxMini, card: miniCard,
                                  window: PrintTemplate(format: .instaxMini).window(forCard: miniCard),
                                  confidence: 0.7, touchesImageBorder: false)
        let opening = Quad(Point(0.04, 0.045), Point(0.96, 0.045), Point(0.96, 0.8), Point(0.04, 0.8))
        print.measuredWindow = opening.mapped(map.apply)
        return print
    }

    @Test("a wide opening in a Mini's card names a 600 by its size alone")
    func wideOpeningPremise() {
        let print = Self.wideOpeningInMiniCard
        let verdict = FormatClassifier(imageSize: Self.upright).classify(card: print.card, window: print.measuredWindow!).first
        #expect(verdict?.format == .polaroid600)
    }

    @Test("a window does not rename a card to a format of another shape, and denies the card")
    func windowOfAnotherShape() {
        let print = Self.wideOpeningInMiniCard
        #expect(PrintDetector().namingFormatByWindowSize(print, upright: Self.upright).format == .instaxMini)
        #expect(PrintDetector().windowDeniesCard(print, upright: Self.upright))
    }

    @Test("a window naming a format of the card's own shape does not deny it")
    func windowOfTheSameShape() {
        let low = Self.window(.polaroidGo, shift: Point(0, 0.02))
        #expect(!PrintDetector().windowDeniesCard(Self.print(named: .instaxSquare, measured: low), upright: Self.upright))
        #expect(!PrintDetector().windowDeniesCard(Self.wideOpeningInMiniCard, upright: Self.upright, shared: .instaxMini))
    }
}
