import Testing
@testable import InstantScan

/// A card read on a wrong line (a shadow's or a background stripe's edge below the print, or the
/// picture's edge on a white print on white paper) puts its format's window off the picture: the
/// picture's edges are found beside the template's sides, but at angles and offsets that do not
/// close into a window near it. The window judged is then the template's own, and its fit to the
/// format (nought) must not count as the best fit when that card competes with the right one.
@Suite("A window whose found sides go astray")
struct AstrayWindowFitTests {
    /// A Polaroid Go on a plain table, 5.6 px a millimetre.
    static var scene: SceneMaker {
        var s = SceneMaker()
        s.surface = .plain(120, 128, 140)
        s.shadow = 0.1
        s.noise = 1.5
        s.prints = [.init(format: .polaroidGo,
                          corners: SceneMaker.corners(format: .polaroidGo, center: Point(600, 450), height: 380,
                                                      rotation: -0.1),
                          pictureSeed: 11)]
        return s
    }

    /// `card` with its bottom side slanted out: the bottom-left corner `out` of the card's height
    /// further down its left side, the bottom-right one `inward` up its right side.
    static func slantedBottom(_ card: Quad, out: Double, inward: Double) -> Quad {
        let left = card.bottomLeft - card.topLeft, right = card.bottomRight - card.topRight
        return Quad(card.topLeft, card.topRight, card.bottomRight - right * inward, card.bottomLeft + left * out)
    }

    @Test("sides that do not close leave the fit unknown, not perfect")
    func astraySidesAreNoFit() throws {
        let scene = Self.scene
        let truth = scene.prints[0]
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        let right = refiner.refine(card: truth.corners, window: truth.window, format: .polaroidGo)
        #expect(right.windowSidesClose)
        #expect(right.windowFit < 0.01, "\(right.windowFit)")
        let wrongCard = Self.slantedBottom(truth.corners, out: 0.12, inward: 0.03)
        let wrongWindow = try #require(PrintTemplate(format: .polaroidGo).window(forCard: wrongCard))
        let wrong = refiner.refine(card: wrongCard, window: wrongWindow, format: .polaroidGo)
        #expect(!wrong.windowSidesClose)
        // The right card's window, measured on all four sides, fits its format better than any
        // reading whose window is only the template's.
        #expect(right.windowFit < wrong.windowFit,
                "right \(right.windowFit) wrong \(wrong.windowFit) close \(wrong.windowSidesClose) verdict \(String(describing: wrong.verdict?.windowError))")
    }

    @Test("sides that close far from the old quad give no quad")
    func closedQuadRejectsAstraySides() {
        let old = Quad(Point(100, 100), Point(300, 100), Point(300, 400), Point(100, 400))
        func side(_ a: Point, _ b: Point) -> EdgeRefiner.Result {
            EdgeRefiner.Result(line: ImageLine(a, b), inlierFraction: 1, foundFraction: 1, strength: 40, scale: 0.5)
        }
        // Sides a few pixels off close near it.
        let near: [EdgeRefiner.Result?] = [side(Point(100, 103), Point(300, 102)), nil,
                                           side(Point(300, 398), Point(100, 397)), nil]
        let closed = PrintRefiner.closedQuad(from: near, around: old)
        #expect(closed != nil)
        #expect(PrintRefiner.quad(from: near, fallback: old) == closed)
        // A bottom side slanted across the card moves a corner far beyond a sliver of it.
        let astray: [EdgeRefiner.Result?] = [nil, nil, side(Point(300, 330), Point(100, 460)), nil]
        #expect(PrintRefiner.closedQuad(from: astray, around: old) == nil)
        #expect(PrintRefiner.quad(from: astray, fallback: old) == old)
    }
}
