import Testing
@testable import InstantScan

/// A white print photographed in good light often has its border at the top of the range: the
/// phone exposes for the picture and the paper clips to 255 (issue 13). Clipped samples are
/// left out of the border's colour, as glare is, but a side clipped white all along is still white
/// against the table and the picture: its edges must count, or the clearest prints of all score as
/// if their window had no edge.
@Suite("Border bands clipped white")
struct ClippedWhiteBorderTests {
    static let card = SceneMaker.corners(format: .instaxMini, center: Point(300, 300), height: 440, rotation: 0.05)

    /// An Instax Mini on a mid-grey table; `paper` is the border's colour before clipping, the light
    /// neutral and even.
    static func scene(paper: Double, surface: SceneMaker.Surface = .plain(120, 112, 100)) -> SceneMaker {
        var s = SceneMaker()
        s.width = 600
        s.height = 600
        s.surface = surface
        s.cast = (1, 1, 1)
        s.falloff = 0
        s.prints = [SceneMaker.Print(format: .instaxMini, corners: card, cardColor: (paper, paper, paper), pictureSeed: 3)]
        return s
    }

    static func appearance(_ scene: SceneMaker, card: Quad) throws -> BorderAppearance.Result {
        try BorderSheenTests.appearance(scene, card: card, format: .instaxMini)
    }

    @Test("a border clipped white keeps its card and window edges, as an unclipped one does")
    func clippedBorderKeepsItsEdges() throws {
        let unclipped = try Self.appearance(Self.scene(paper: 235), card: Self.card)
        let clipped = try Self.appearance(Self.scene(paper: 290), card: Self.card)
        #expect(unclipped.cardContrast == 1 && unclipped.windowContrast == 1)
        #expect(clipped.cardContrast == 1, "card contrast \(clipped.cardContrast)")
        #expect(clipped.windowContrast == 1, "window contrast \(clipped.windowContrast)")
        #expect(clipped.factor >= 0.9 * unclipped.factor, "factor \(unclipped.factor) -> \(clipped.factor)")
    }

    @Test("a quad on a sheet of paper clipped white is not a border: no colour change across its edges")
    func clippedSheetHasNoCardEdges() throws {
        // No print: the "card" is cut out of a surface clipped white everywhere.
        var sheet = Self.scene(paper: 290, surface: .plain(290, 290, 290))
        sheet.prints = []
        let result = try Self.appearance(sheet, card: Self.card)
        #expect(result.cardContrast == 0, "card contrast \(result.cardContrast)")
        #expect(result.factor < 0.2, "factor \(result.factor)")
    }

    @Test("the print with a clipped border is detected, sure of itself")
    func clippedPrintIsSure() throws {
        try Self.expectOneSureMini(in: Self.scene(paper: 290))
    }

    /// The scene's one print detected as a Mini at `card`, not uncertain.
    static func expectOneSureMini(in scene: SceneMaker) throws {
        let prints = try PrintDetectorTests.detect(scene)
        let found = try #require(prints.first)
        #expect(prints.count == 1)
        #expect(found.format == .instaxMini)
        #expect(!found.isUncertain, "confidence \(found.confidence)")
        let error = PrintDetectorTests.cornerError(found.card, card)
        #expect(error < 2, "corner error \(error) px")
    }

    /// `print` alone on a white table the exposure burnt out: the phone exposed for the print, and
    /// everything around it is at 255, the card's soft shadow too.
    static func burntTable(_ print: SceneMaker.Print) -> SceneMaker {
        var s = Self.scene(paper: 235, surface: .plain(290, 290, 290))
        s.shadow = 0
        s.prints = [print]
        return s
    }

    /// A purple-framed Mini on the burnt-out table.
    static func purpleOnBurntTable() -> SceneMaker {
        burntTable(SceneMaker.Print(format: .instaxMini, corners: card, cardColor: (170, 60, 200), pictureSeed: 3))
    }

    @Test("a coloured border on a table clipped white keeps its card edges: white against its colour")
    func colouredBorderOnClippedTable() throws {
        let result = try Self.appearance(Self.purpleOnBurntTable(), card: Self.card)
        #expect(result.cardContrast == 1, "card contrast \(result.cardContrast)")
        #expect(result.factor >= 0.7, "factor \(result.factor)")
    }

    @Test("the coloured print on a table clipped white is detected, sure of itself")
    func colouredPrintOnClippedTableIsSure() throws {
        try Self.expectOneSureMini(in: Self.purpleOnBurntTable())
    }

    @Test("a dark frame round a burnt-out white has no window edge read from it: a lit phone screen looks so")
    func burntWindowStaysUnread() throws {
        let screen = Self.burntTable(SceneMaker.Print(format: .instaxMini, corners: Self.card, cardColor: (25, 25, 28),
                                                      isDistractor: true, blankPicture: (290, 290, 290)))
        let result = try Self.appearance(screen, card: Self.card)
        #expect(result.cardContrast == 1, "card contrast \(result.cardContrast)")
        #expect(result.windowContrast == 0, "window contrast \(result.windowContrast)")
    }
}
