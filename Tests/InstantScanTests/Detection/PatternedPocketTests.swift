import Testing
@testable import InstantScan

/// Decorated prints in album pockets (issue 13, album pages): a striped band's stripes break the card's
/// edge against the page into pieces, while the pocket's outline and seams are clean lines all round.
/// The pocket then reads as a print's window, the print inside it as that window's picture.
@Suite("Patterned prints in sleeve pockets")
struct PatternedPocketTests {
    /// Four Polaroid Gos, each loose in a pocket some 8 % larger than its card, on a dim mauve page in
    /// clear sleeves with pale seams: three bands striped (green on mauve, pink on grey, white on
    /// teal), one plain white.
    static var patternedInPockets: SceneMaker {
        var s = SceneMaker()
        s.width = 1300
        s.height = 1000
        s.surface = .plain(96, 86, 102)
        s.shadow = 0.05
        let bands: [(card: (Double, Double, Double), stripe: (Double, Double, Double)?)] = [
            ((150, 122, 152), (150, 226, 150)), ((246, 244, 236), nil),
            ((120, 118, 120), (224, 120, 170)), ((70, 150, 150), (236, 236, 230)),
        ]
        var prints: [SceneMaker.Print] = []
        var pockets: [SceneMaker.Pocket] = []
        for (k, centre) in SceneMaker.gridCentres(rows: 2, columns: 2, around: Point(650, 500), spacing: Point(330, 420)).enumerated() {
            let pocket = SceneMaker.corners(aspect: PrintFormat.polaroidGo.cardAspect, center: centre,
                                            height: 392, rotation: 0.01, tilt: 0.1)
            // Each card a little off its pocket's middle, as prints slide in their sleeves.
            let card = SceneMaker.corners(format: .polaroidGo, center: centre + Point(3 - 2 * Double(k % 2), 5 - 3 * Double(k / 2)),
                                          height: 362, rotation: 0.01 + 0.008 * Double(k - 2), tilt: 0.1)
            var print = SceneMaker.Print(format: .polaroidGo, corners: card, cardColor: bands[k].card, pictureSeed: UInt64(k + 71))
            print.stripeColor = bands[k].stripe
            prints.append(print)
            pockets.append(.init(outline: pocket, haze: 0.06, seamWidth: 4))
        }
        s.prints = prints
        s.pockets = pockets
        return s
    }

    /// A striped Polaroid 600 (blue on white, as airmail) on a dark album page, in a pocket that
    /// leaves a band of page about 3 % of the card wide on its left, top and right, the card resting
    /// on the pocket's bottom.
    static var stripedInPocket: SceneMaker {
        var s = SceneMaker()
        s.width = 1200
        s.height = 1000
        s.surface = .plain(58, 56, 54)
        s.shadow = 0.1
        let (card, pocket) = SceneMaker.restingInPocket(format: .polaroid600, center: Point(600, 500), height: 640,
                                                        rotation: 0.02, tilt: 0.12, margin: 0.03)
        var print = SceneMaker.Print(format: .polaroid600, corners: card, cardColor: (238, 236, 232), pictureSeed: 47)
        print.stripeColor = (70, 90, 200)
        s.prints = [print]
        s.pockets = [.init(outline: pocket, haze: 0.1, seamWidth: 3)]
        return s
    }

    @Test("a striped card resting in its pocket is found at its own edges, not the pocket's")
    func stripedInItsPocket() throws {
        let scene = Self.stripedInPocket
        let truth = scene.prints[0]
        #expect(PrintDetectorTests.cornerError(scene.pockets[0].outline, truth.corners) > 12, "the pocket is a margin's width off")
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(truth, in: found))
        // The pocket's margin is 3 % of the card's width: the pocket read as the card is 2 % off.
        SettingDetectionTests.expectPlaced(print, truth, share: 0.005)
        #expect(print.format == .polaroid600)
    }

    @Test("a pocket's margin in the phone's shadow is read as the page's, the card's edge inside it")
    func marginHalfShaded() throws {
        // The phone's shadow falls across the pocket's top left corner: along the top margin the
        // page's light drops by more than the tolerance a pixel is held to (a quarter of its length
        // in shade), while across the margin, a few pixels wide, it stays one plain colour.
        var scene = Self.stripedInPocket
        let truth = scene.prints[0]
        let pocket = scene.pockets[0].outline
        scene.castShadow = SceneMaker.CastShadow(through: pocket.topLeft + Point(0, 220), into: Point(-1, -1),
                                                 kept: 0.88, penumbra: 30)
        var refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        refiner.patternedBorder = true
        guard case .pocket(let line, _) = refiner.patternedPocketSide(0, of: pocket) else {
            Issue.record("the top margin was not read as the page's")
            return
        }
        let (a, b) = (truth.corners.topLeft, truth.corners.topRight)
        #expect(abs(line.distance(a)) <= 1.5 && abs(line.distance(b)) <= 1.5,
                "the card's top edge off by \(line.distance(a)), \(line.distance(b)) px")
    }

    @Test("a striped card on a plain table keeps its own edges")
    func stripedOnATable() throws {
        var scene = Self.stripedInPocket
        scene.pockets = []
        let truth = scene.prints[0]
        var refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        refiner.patternedBorder = true
        let refined = refiner.refineInSleeve(card: truth.corners, window: truth.window, format: .polaroid600)
        #expect(!refined.movedInFromPocket)
        #expect(PrintDetectorTests.cornerError(refined.card, truth.corners) <= 1.5)
    }

    @Test("each decorated print is found at its own card, not its pocket's outline")
    func eachPrintAtItsCard() throws {
        let scene = Self.patternedInPockets
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.allSatisfy { f in scene.prints.contains { ConvexOverlap.iou(f.card, $0.corners) > 0.3 } })
        for (k, truth) in scene.prints.enumerated() {
            func check() throws {
                let print = try #require(PrintDetectorTests.match(truth, in: found))
                #expect(print.format == .polaroidGo)
                SettingDetectionTests.expectPlaced(print, truth, share: 0.01)
            }
            if k < 2 {
                try check()
            } else {
                // Stripes that alternate a colour near the page's with one near the picture's break the
                // card's and the window's edges into pieces one stripe long, too short to join into
                // lines: the pocket's outline is read as the card (pink on grey) or nothing is found.
                withKnownIssue("a band striped in the page's and the picture's colours, in a pocket") { try check() }
            }
        }
    }

    @Test func aPocketReadAsAPrintsWindowHoldsThePrint() {
        // The pocket read as the picture window of a larger print whose card the template extrapolated:
        // that window was seen all round, and it holds a card with a window of its own, which a
        // picture does not.
        let pocket = PictureContentTests.hypothesis(card: PictureContentTests.rectangle(40, 10, 560, 720),
                                                    window: PictureContentTests.rectangle(100, 50, 440, 560),
                                                    origin: .window, score: 0.95)
        let print = PictureContentTests.hypothesis(card: PictureContentTests.rectangle(112, 58, 416, 536),
                                                   window: PictureContentTests.rectangle(140, 90, 360, 350),
                                                   origin: .window, score: 0.88)
        let detector = PrintDetector()
        #expect(detector.nestedPrint(inside: pocket, among: [pocket, print])?.card == print.card)
        // A window the template placed on a side the photo does not show is no evidence of a pocket.
        var guessed = pocket
        guessed.windowSupport = [1, 1, 0.3, 1]
        #expect(detector.nestedPrint(inside: guessed, among: [guessed, print]) == nil)
    }
}
