import Testing
@testable import InstantScan

/// The detector's parts on inputs whose answers are known exactly.
@Suite("Detection parts")
struct DetectionPartsTests {
    @Test("square-to-quad map agrees with the DLT homography")
    func squareToQuad() throws {
        let quad = Quad(Point(102.5, 40), Point(530, 88.25), Point(498, 610), Point(61, 540))
        let closed = try #require(SquareToQuadMap(quad))
        let dlt = try #require(Homography.mapping(PrintTemplate.unitCard.corners, to: quad.corners))
        for p in [Point(0, 0), Point(1, 1), Point(0.3, 0.7), Point(0.9, 0.05), Point(1.2, -0.1)] {
            #expect(closed.apply(p).distance(to: dlt.apply(p)) < 1e-9)
        }
    }

    @Test("template: card → window → card is the identity, for every format")
    func templateRoundTrip() throws {
        let card = Quad(Point(100, 80), Point(420, 110), Point(400, 520), Point(90, 500))
        for format in PrintFormat.allCases {
            let template = PrintTemplate(format: format)
            let window = try #require(template.window(forCard: card))
            let back = try #require(template.card(forWindow: window))
            for i in 0..<4 { #expect(back.corners[i].distance(to: card.corners[i]) < 1e-6) }
        }
    }

    @Test("robust line fit ignores a run of outliers (a caption on the border)")
    func robustLineFit() throws {
        var t: [Double] = [], s: [Double] = []
        for k in 0..<100 {
            let x = Double(k) * 3
            t.append(x)
            // A line with a little alternating noise, and a caption pulling 25 samples 6-9 px off.
            let noise = (k % 2 == 0 ? 0.1 : -0.1)
            s.append((30...54).contains(k) ? 6 + Double(k % 4) : 2.5 + 0.01 * x + noise)
        }
        let fit = try #require(RobustLineFit(t: t, s: s, weights: [Double](repeating: 1, count: t.count)))
        #expect(abs(fit.intercept - 2.5) < 0.05)
        #expect(abs(fit.slope - 0.01) < 0.0005)
        #expect(abs(fit.inlierFraction - 0.75) < 0.03)
    }

    @Test("convex overlap of two squares")
    func overlap() {
        let a = Quad(rectangleWidth: 10, height: 10)
        let b = a.mapped { Point($0.x + 5, $0.y + 5) }
        #expect(abs(ConvexOverlap.intersectionArea(a.corners, b.corners) - 25) < 1e-9)
        #expect(abs(ConvexOverlap.iou(a, b) - 25.0 / 175) < 1e-9)
        #expect(abs(ConvexOverlap.overlapOfSmaller(a, b) - 0.25) < 1e-9)
    }

    @Test("format classifier: the window's place in the card tells 600, Go and Square apart")
    func classifier() throws {
        // Cards seen in perspective; each format's own window must win, in the right turn.
        let card = Quad(Point(210, 95), Point(640, 130), Point(615, 660), Point(180, 610))
        let classifier = FormatClassifier(imageSize: PixelSize(width: 800, height: 800))
        for format in [PrintFormat.polaroid600, .polaroidGo, .instaxSquare] {
            let window = try #require(PrintTemplate(format: format).window(forCard: card))
            let best = try #require(classifier.classify(card: card, window: window).first)
            #expect(best.format == format)
            #expect(best.turn == 0)
            // Upside down: the same quads with the order turned by two.
            let turned = try #require(classifier.classify(card: card.rotatingOrder(by: 2),
                                                          window: window.rotatingOrder(by: 2)).first)
            #expect(turned.format == format)
            #expect(turned.turn == 2)
        }
    }

    @Test("box downsampling keeps orientation and the working→upright map", arguments: Orientation.allCases)
    func downsample(_ orientation: Orientation) throws {
        // A stored 12×8 image with one bright 3×3 block; after 3×3 boxes and turning upright, the block's
        // working pixel must map onto the block's upright centre.
        let stored = try PixelBuffer(width: 12, height: 9, format: .rgba8, filledWith: 0)
        for y in 3..<6 { for x in 6..<9 { stored[x, y] = [255, 255, 255, 255] } }
        let work = BoxDownsampler.downsample(stored, orientation: orientation, factor: 3)
        let brightest = (0..<(work.width * work.height)).max { work.red[$0] < work.red[$1] }!
        let p = Point(Double(brightest % work.width), Double(brightest / work.width))
        let upright = work.toUpright.apply(p)
        let expected = orientation.storedToUpright(stored: stored.size).apply(Point(7, 4))
        #expect(upright.distance(to: expected) < 1e-9)
        #expect(work.red[brightest] > 254.9)
    }

    @Test("edge refinement finds a slanted step edge to a tenth of a pixel")
    func edgeRefinement() throws {
        // A dark/light step along the line x = 200.3 + 0.05 y, anti-aliased by area.
        let image = try PixelBuffer(width: 400, height: 300, format: .rgba8, filledWith: 255)
        for y in 0..<300 {
            let edge = 200.3 + 0.05 * Double(y)
            for x in 0..<400 {
                let cover = min(1, max(0, Double(x) + 0.5 - edge))
                let v = UInt8((40 + 180 * cover).rounded())
                image[x, y] = [v, v, v, 255]
            }
        }
        let refiner = EdgeRefiner(sampler: FullResolutionSampler(image, orientation: .up))
        // Predicted 3 px off; the border (plain side) is the dark one, to the left.
        let result = try #require(refiner.refine(from: Point(203.3, 20), to: Point(203.3 + 0.05 * 260, 280),
                                                 towardBorder: Point(-1, 0), searchRadius: 8, trim: 0.05,
                                                 rule: .nearestToPrediction))
        for y in stride(from: 30.0, through: 270, by: 60) {
            let x = (result.line.offset - result.line.normal.y * y) / result.line.normal.x
            #expect(abs(x - (200.3 + 0.05 * y)) < 0.1)
        }
        #expect(result.inlierFraction > 0.9)
    }
}
