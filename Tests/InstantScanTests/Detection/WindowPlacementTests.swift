import Testing
@testable import InstantScan

/// A print's picture window where the photo shows it: prints of one format place their window a
/// millimetre or so off the format's nominal spot, and a scan cropped to the window (`--crop window`)
/// would otherwise keep a strip of border at one end and cut the picture at the other.
@Suite("Picture window placement")
struct WindowPlacementTests {
    /// A Polaroid 600 whose window sits 1.2 mm lower than nominal, 600 px tall on wood.
    static var lowWindow: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.4)
        let geometry = (card: (width: 88.0, height: 107.0), window: (x: 4.5, y: 7.2, width: 79.0, height: 79.0))
        s.prints = [.init(format: .polaroid600,
                          corners: SceneMaker.corners(format: .polaroid600, center: DetectionScenes.centre, height: 600, rotation: -0.12),
                          customGeometry: geometry)]
        return s
    }

    @Test("a window 1.2 mm low is reported where it is, not where the template puts it")
    func lowWindowMeasured() throws {
        let scene = Self.lowWindow
        let truth = scene.prints[0]
        let found = try PrintDetectorTests.detect(scene)
        try #require(found.count == 1)
        let print = found[0]
        #expect(print.format == .polaroid600)
        #expect(PrintDetectorTests.cornerError(print.card, truth.corners) <= PrintDetectorTests.tight)
        let template = try #require(PrintTemplate(format: .polaroid600).window(forCard: print.card))
        // The premise: the nominal window is several pixels off this one.
        #expect(PrintDetectorTests.cornerError(template, truth.window) > 4)
        let window = try #require(print.window)
        #expect(PrintDetectorTests.cornerError(window, truth.window) <= PrintDetectorTests.loose)
    }

    @Test("a print named anew after refinement has its window read as the new format's, where the photo shows it")
    func renamedPrintWindowRead() throws {
        let scene = Self.lowWindow
        let truth = scene.prints[0]
        // As the neighbours' scale or the window's size leave a renamed print: the new format's
        // template window in the card, no side of it measured.
        let template = try #require(PrintTemplate(format: .polaroid600).window(forCard: truth.corners))
        #expect(PrintDetectorTests.cornerError(template, truth.window) > 4)
        let renamed = DetectedPrint(format: .polaroid600, card: truth.corners, window: template, confidence: 0.9,
                                    touchesImageBorder: false)
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        let read = PrintDetector().readingWindowAgain(renamed, refiner: refiner)
        #expect(read.format == .polaroid600)
        #expect(read.card == truth.corners)
        #expect(read.measuredWindowEdges == [true, true, true, true])
        let window = try #require(read.window)
        #expect(PrintDetectorTests.cornerError(window, truth.window) <= PrintDetectorTests.loose)
        // A print kept at its measured window is left as it is.
        var kept = renamed
        kept.measuredWindow = template
        #expect(PrintDetector().readingWindowAgain(kept, refiner: refiner).window == template)
    }

    /// A Polaroid 600 whose picture is 1.8 mm narrower (its right side in) and 1.2 mm shorter (its
    /// bottom up) than its format's: a window of another size than the template's, which the
    /// all-four-sides check of size against the format turns down.
    static var narrowWindow: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.3)
        let geometry = (card: (width: 88.0, height: 107.0), window: (x: 4.5, y: 6.0, width: 77.2, height: 77.8))
        s.prints = [.init(format: .polaroid600,
                          corners: SceneMaker.corners(format: .polaroid600, center: DetectionScenes.centre, height: 620, rotation: 0.1),
                          pictureSeed: 4, customGeometry: geometry)]
        return s
    }

    /// A black-framed Instax Square on dark wood whose picture sits 1.2 mm right and 1 mm low
    /// and is 1.5 mm narrower than its format's: the picture's edge is a step up from the black
    /// border, not down from a white one.
    static var blackFrameOffsetWindow: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.2)
        let geometry = (card: (width: 72.0, height: 86.0), window: (x: 6.2, y: 8.0, width: 60.5, height: 61.0))
        s.prints = [.init(format: .instaxSquare,
                          corners: SceneMaker.corners(format: .instaxSquare, center: DetectionScenes.centre, height: 600, rotation: -0.2),
                          cardColor: (28, 28, 30), pictureSeed: 9, customGeometry: geometry)]
        return s
    }

    /// Detects `scene`'s one print and checks its card is placed, that the template's window is
    /// off the true one (the premise), and that the reported window is on it.
    private func expectWindowFromPhoto(_ scene: SceneMaker, format: PrintFormat) throws {
        let truth = scene.prints[0]
        let found = try PrintDetectorTests.detect(scene)
        try #require(found.count == 1)
        let print = found[0]
        #expect(print.format == format)
        #expect(PrintDetectorTests.cornerError(print.card, truth.corners) <= PrintDetectorTests.tight)
        let template = try #require(PrintTemplate(format: format).window(forCard: print.card))
        #expect(PrintDetectorTests.cornerError(template, truth.window) > 6)
        let window = try #require(print.window)
        #expect(PrintDetectorTests.cornerError(window, truth.window) <= PrintDetectorTests.loose)
    }

    @Test("a window 1.8 mm narrower and 1.2 mm shorter than its format's is reported where it is")
    func narrowWindowMeasured() throws {
        try expectWindowFromPhoto(Self.narrowWindow, format: .polaroid600)
    }

    @Test("a black frame's window off its format's size and place is reported where it is")
    func blackFrameWindowMeasured() throws {
        try expectWindowFromPhoto(Self.blackFrameOffsetWindow, format: .instaxSquare)
    }

    @Test("a window side slanted across the card is not taken for the picture's edge")
    func slantedSideNotRead() throws {
        let scene = Self.narrowWindow
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        let card = scene.prints[0].corners
        let template = try #require(PrintTemplate(format: .polaroid600).window(forCard: card))
        let map = try #require(Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners))
        func side(_ a: Point, _ b: Point) -> EdgeRefiner.Result { Self.side(a, b, on: map) }
        let w = PrintFormat.polaroid600.normalizedWindow.corners
        // Square to the card but 2 mm off the template's place (another format's window): kept.
        let top = side(w[0] + Point(0, 0.02), w[1] + Point(0, 0.02))
        // Its ends 1.2 % of the card apart: a little more than the reported window allows, within
        // what a side's measurement on a tilted card may show.
        let right = side(w[1] + Point(-0.012, 0), w[2])
        // A roof line meeting the border: one end 5 % of the card lower than the other.
        let bottom = side(w[2], w[3] + Point(0, -0.05))
        let kept = refiner.squareToCard([top, right, bottom, nil], predicted: template, card: card)
        #expect(kept.map { $0 != nil } == [true, true, false, false])
        #expect(kept[0]?.line == top.line)

        // A window at the format's place but for one slanted side still names the card's format;
        // one slanting on two sides does not, nor one with no slanted side (nothing to replace).
        let classifier = FormatClassifier(imageSize: refiner.sampler.uprightSize)
        let square = (0..<4).map { side(w[$0], w[($0 + 1) % 4]) }
        let slantedTop = side(w[0] + Point(0, 0.05), w[1])
        let slantedLeft = side(w[3], w[0] + Point(0.05, 0))
        #expect(refiner.fitsFormatWithoutSlantedSides([slantedTop, square[1], square[2], square[3]],
                                                      predicted: template, card: card, classifier: classifier))
        #expect(!refiner.fitsFormatWithoutSlantedSides([slantedTop, square[1], square[2], slantedLeft],
                                                       predicted: template, card: card, classifier: classifier))
        #expect(!refiner.fitsFormatWithoutSlantedSides(square, predicted: template, card: card, classifier: classifier))
    }

    @Test("a window side is taken from the photo only when seen along its length, straight and square to the card")
    func sidesTakenWhereSeen() throws {
        let scene = Self.narrowWindow
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        let card = scene.prints[0].corners
        let template = try #require(PrintTemplate(format: .polaroid600).window(forCard: card))
        let map = try #require(Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners))
        // Sides as lines through two unit-card points, moved across the card by shares of it.
        func side(_ a: Point, _ b: Point, inliers: Double = 1) -> EdgeRefiner.Result {
            Self.side(a, b, on: map, inliers: inliers)
        }
        let w = PrintFormat.polaroid600.normalizedWindow.corners
        let top = side(w[0] + Point(0, 0.01), w[1] + Point(0, 0.01))            // 1 mm low, square: seen
        let right = side(w[1] + Point(-0.02, 0), w[2] + Point(-0.005, 0))        // slanted: a shape in the picture
        let bottom = side(w[2] + Point(0, -0.06), w[3] + Point(0, -0.06))        // 6 mm up: not the picture's edge
        let left = side(w[3] + Point(0.01, 0), w[0] + Point(0.01, 0), inliers: 0.4)  // scattered: not seen
        let built = try #require(refiner.windowFromVisibleSides(edges: [top, right, bottom, left], card: card, format: .polaroid600))
        #expect(built.measured == [true, false, false, false])
        let topLine = ImageLine(built.window.corners[0], built.window.corners[1])
        #expect(abs(topLine.distance(map.apply(Point(0.5, w[0].y + 0.01)))) < 0.05)
        // The other sides are the template's.
        for i in 1..<4 {
            let line = ImageLine(built.window.corners[i], built.window.corners[(i + 1) % 4])
            let mid = (template.corners[i] + template.corners[(i + 1) % 4]) * 0.5
            #expect(abs(line.distance(mid)) < 0.05)
        }
        let none = try #require(refiner.windowFromVisibleSides(edges: [nil, nil, nil, nil], card: card, format: .polaroid600))
        #expect(PrintDetectorTests.cornerError(none.window, template) < 1e-6)
    }

    /// ``lowWindow`` turned by `rotation` on the table, its picture's top edge hidden (`hideTop`) by
    /// glare over it or by a light blue frame the colour of the picture's sky, whose step into the
    /// sky then vanishes.
    static func lowWindow(rotation: Double, hideTop: TopHidden?) -> SceneMaker {
        var s = lowWindow
        s.prints[0].corners = SceneMaker.corners(format: .polaroid600, center: DetectionScenes.centre, height: 600,
                                                 rotation: rotation)
        switch hideTop {
        case .glare:
            let w = s.prints[0].window
            s.glare = [.init(center: (w.corners[0] + w.corners[1]) * 0.5, radius: 170, strength: 0.95)]
        case .skyFrame:
            s.prints[0].cardColor = (182, 210, 234)
        case nil:
            break
        }
        return s
    }

    enum TopHidden { case glare, skyFrame }

    @Test("each window side is reported measured where the photo shows it, inferred where the template placed it",
          arguments: [(-0.12, nil), (-0.12, .glare), (1.45, .skyFrame), (3.05, .glare)] as [(Double, TopHidden?)])
    func windowSidesReported(rotation: Double, hideTop: TopHidden?) throws {
        let scene = Self.lowWindow(rotation: rotation, hideTop: hideTop)
        let truth = scene.prints[0]
        let found = try PrintDetectorTests.detect(scene)
        try #require(found.count == 1)
        let print = found[0]
        #expect(print.format == .polaroid600)
        #expect(PrintDetectorTests.cornerError(print.card, truth.corners) <= PrintDetectorTests.tight,
                "the card in the upright print's corner order")
        let window = try #require(print.window)
        let template = try #require(PrintTemplate(format: .polaroid600).window(forCard: print.card))
        // Sides named top, right, bottom, left of the upright print, whichever way it lies on the table.
        #expect(print.measuredWindowEdges == [hideTop == nil, true, true, true])
        for i in 0..<4 {
            let line = ImageLine(window.corners[i], window.corners[(i + 1) % 4])
            let onTruth = abs(line.distance((truth.window.corners[i] + truth.window.corners[(i + 1) % 4]) * 0.5))
            let onTemplate = abs(line.distance((template.corners[i] + template.corners[(i + 1) % 4]) * 0.5))
            if print.measuredWindowEdges[i] {
                #expect(onTruth <= PrintDetectorTests.loose, "a measured side \(i) lies on the picture's edge")
            } else {
                // The window sits 1.2 mm (about 7 px) lower than the template's: the hidden top is
                // the template's, not the picture's.
                #expect(onTemplate <= PrintDetectorTests.loose && onTruth > 4, "an inferred side \(i) is the template's")
            }
        }
    }

    /// Where a point of a curled card (millimetres on the flat card) lies on the photo: the card's
    /// bow as ``SceneMaker`` draws it, its corners staying put, carries the picture with it.
    static func seen(_ p: Point, on print: SceneMaker.Print) -> Point {
        let c = print.cardSize, b = print.bow
        let toImage = Homography.mapping([Point(0, 0), Point(c.width, 0), Point(c.width, c.height), Point(0, c.height)],
                                         to: print.corners.corners)!
        let x = p.x / c.width, y = p.y / c.height
        let du = 4 * y * (1 - y) * (-b.left * (1 - x) + b.right * x)
        let dv = 4 * x * (1 - x) * (-b.top * (1 - y) + b.bottom * y)
        return toImage.apply(Point(p.x + du, p.y + dv))
    }

    /// The picture's corners on the photo of a curled card.
    static func seenWindow(_ print: SceneMaker.Print) -> Quad {
        let w = print.windowRect
        return Quad(corners: [Point(w.x, w.y), Point(w.x + w.width, w.y), Point(w.x + w.width, w.y + w.height),
                              Point(w.x, w.y + w.height)].map { seen($0, on: print) })
    }

    /// A curled print (`format`, bent about one axis, two opposite sides bowing the same way by
    /// `bow` mm) on wood, `height` px tall.
    static func curled(_ format: PrintFormat, height: Double, bow: Double, acrossWidth: Bool, rotation: Double,
                       cardColor: (Double, Double, Double)? = nil) -> SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.5)
        var print = SceneMaker.Print(format: format, corners: SceneMaker.corners(format: format, center: DetectionScenes.centre,
                                                                                 height: height, rotation: rotation),
                                     pictureSeed: 6)
        if let cardColor { print.cardColor = cardColor }
        print.bow = acrossWidth ? (top: bow, right: 0, bottom: -0.9 * bow, left: 0) : (top: 0, right: bow, bottom: 0, left: -0.9 * bow)
        s.prints = [print]
        return s
    }

    @Test("a curled print's window: corners where its bowed sides meet, not on lines through their middles",
          arguments: [(PrintFormat.polaroid600, 640.0, 1.3, true, 0.1), (.instaxMini, 700, 1.2, false, -0.15),
                      (.instaxSquare, 620, 1.2, true, 1.62)])
    func curledWindow(format: PrintFormat, height: Double, bow: Double, acrossWidth: Bool, rotation: Double) throws {
        let scene = Self.curled(format, height: height, bow: bow, acrossWidth: acrossWidth, rotation: rotation)
        let truth = scene.prints[0]
        let found = try PrintDetectorTests.detect(scene)
        try #require(found.count == 1)
        let print = found[0]
        #expect(print.format == format)
        let corners = Self.seenWindow(truth)
        // The premise: the picture's sides bow well clear of the lines through their ends.
        let w = truth.windowRect
        let middles = [Point(w.x + w.width / 2, w.y), Point(w.x + w.width, w.y + w.height / 2),
                       Point(w.x + w.width / 2, w.y + w.height), Point(w.x, w.y + w.height / 2)]
        let sagitta = (0..<4).map { i in
            abs(ImageLine(corners.corners[i], corners.corners[(i + 1) % 4]).distance(Self.seen(middles[i], on: truth)))
        }
        #expect(sagitta.max()! > 4)
        let window = try #require(print.window)
        #expect(PrintDetectorTests.cornerError(window, corners) <= PrintDetectorTests.loose)
    }

    @Test("the size and displacement of a window relative to its format's")
    func residual() throws {
        let card = SceneMaker.corners(format: .polaroidGo, center: Point(600, 450), height: 500, rotation: 0.1)
        let map = try #require(Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners))
        let shifted = Quad(corners: PrintFormat.polaroidGo.normalizedWindow.corners.map { map.apply($0 + Point(0.01, 0.02)) })
        let r = try #require(FormatClassifier.windowResidual(window: shifted, card: card, format: .polaroidGo))
        #expect(r.size < 1e-6)
        #expect(abs(r.offset - (0.01 * 0.01 + 0.02 * 0.02).squareRoot()) < 1e-6)
        let other = try #require(FormatClassifier.windowResidual(window: shifted, card: card, format: .instaxSquare))
        #expect(other.size > 0.01)
    }

    /// A clear measured window side through two points of the unit card mapped by `map` onto the photo.
    static func side(_ a: Point, _ b: Point, on map: Homography, inliers: Double = 1) -> EdgeRefiner.Result {
        EdgeRefiner.Result(line: ImageLine(map.apply(a), map.apply(b)), inlierFraction: inliers, foundFraction: 1,
                           strength: 40, scale: 0.3, noise: 1)
    }
}
