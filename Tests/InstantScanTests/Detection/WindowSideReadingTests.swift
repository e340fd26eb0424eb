import Foundation
import Testing
@testable import InstantScan

/// How a picture's edge is read on a small or soft print: where a blurred step lies, and when a
/// side seen on only part of its length, or known to a pixel at its ends, is taken from the photo.
@Suite("Window side reading")
struct WindowSideReadingTests {
    /// A vertical step at x = `edge` from a dark picture (left) to a pale border (right), blurred in
    /// linear light by a lens of `blur` px (Gaussian sigma) and encoded on the sRGB curve, as a
    /// camera records it.
    static func blurredStep(edge: Double, blur: Double) throws -> PixelBuffer {
        let image = try PixelBuffer(width: 120, height: 80, format: .rgba8, filledWith: 255)
        let dark = 0.02, pale = 0.72  // linear light: a dark picture, a white border in the shade
        for x in 0..<120 {
            let share = 0.5 * (1 + erf((Double(x) - edge) / (blur * 2.0.squareRoot())))
            let v = LinearLight.code(linear: dark + (pale - dark) * share)
            for y in 0..<80 { image[x, y] = [v, v, v, 255] }
        }
        return image
    }

    /// The x where `line` crosses the middle row.
    static func x(of line: ImageLine) -> Double {
        (line.offset - line.normal.y * 40) / line.normal.x
    }

    @Test("a blurred step is read where the light is halfway, not on its dark side")
    func stepInLinearLight() throws {
        let edge = 60.3
        var refiner = EdgeRefiner(sampler: FullResolutionSampler(try Self.blurredStep(edge: edge, blur: 2.5), orientation: .up))
        func read() throws -> Double {
            let found = try #require(refiner.refine(from: Point(61, 2), to: Point(61, 78), towardBorder: Point(1, 0),
                                                    searchRadius: 7, trim: 0.06, rule: .firstFromBorder))
            return Self.x(of: found.line)
        }
        // The premise: on code values the step reads well inside the dark picture.
        #expect(try read() < edge - 0.4)
        refiner.locatesInLinearLight = true
        #expect(abs(try read() - edge) < 0.15)
    }

    /// A refiner whose sampler is never read: the sides are given.
    static func refiner() throws -> PrintRefiner {
        PrintRefiner(sampler: FullResolutionSampler(try PixelBuffer(width: 8, height: 8, format: .rgba8, filledWith: 0),
                                                    orientation: .up), workingScale: 1)
    }

    /// A measured window side through two points of the unit card mapped by `map`.
    static func side(_ a: Point, _ b: Point, on map: Homography, found: Double = 1, inliers: Double = 1) -> EdgeRefiner.Result {
        EdgeRefiner.Result(line: ImageLine(map.apply(a), map.apply(b)), inlierFraction: inliers, foundFraction: found,
                           strength: 40, scale: 0.3, noise: 1)
    }

    @Test("a side seen on part of its length is taken when the rest of it shows no step at all")
    func partlySeenSide() throws {
        let card = SceneMaker.corners(format: .instaxWide, center: Point(600, 450), height: 500, rotation: 0.05)
        let map = try #require(Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners))
        let w = PrintFormat.instaxWide.normalizedWindow.corners
        let inside = Point(-0.015, 0)
        // A third of its profiles on the line, the others flat (a pale wall meeting a pale border).
        let flatElsewhere = Self.side(w[1] + inside, w[2] + inside, on: map, found: 0.35)
        // As many on the line, but a fifth of the profiles with a step somewhere else.
        let straysElsewhere = Self.side(w[1] + inside, w[2] + inside, on: map, found: 0.55, inliers: 0.64)
        let refiner = try Self.refiner()
        let taken = try #require(refiner.windowFromVisibleSides(edges: [nil, flatElsewhere, nil, nil], card: card, format: .instaxWide))
        #expect(taken.measured == [false, true, false, false])
        let right = ImageLine(taken.window.corners[1], taken.window.corners[2])
        #expect(abs(right.distance(map.apply(Point(w[1].x + inside.x, 0.5)))) < 0.05)
        let left = try #require(refiner.windowFromVisibleSides(edges: [nil, straysElsewhere, nil, nil], card: card, format: .instaxWide))
        #expect(left.measured == [false, false, false, false])
    }

    @Test("a small print's side may differ by a pixel at its ends and lie 2 mm off its place")
    func smallPrintSide() throws {
        let w = PrintFormat.instaxMini.normalizedWindow.corners
        let refiner = try Self.refiner()
        // Its ends 1.1 % of the card's width apart, 2 mm (3.7 %) inside the template's place.
        let tilt = Point(0.011, 0), inside = Point(-2.0 / 54, 0)
        func read(height: Double) throws -> [Bool] {
            let card = SceneMaker.corners(format: .instaxMini, center: Point(600, 450), height: height, rotation: 0.1)
            let map = try #require(Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners))
            let right = Self.side(w[1] + inside + tilt, w[2] + inside, on: map)
            return try #require(refiner.windowFromVisibleSides(edges: [nil, right, nil, nil], card: card, format: .instaxMini)).measured
        }
        // A card 85 px wide: the ends differ by under a pixel, within what a soft edge is known to.
        #expect(try read(height: 135) == [false, true, false, false])
        // A card 540 px wide: by 6 px, a slant the picture's square cut does not have.
        #expect(try read(height: 860) == [false, false, false, false])
        // 4 mm inside is no picture edge of this card, however small.
        let card = SceneMaker.corners(format: .instaxMini, center: Point(600, 450), height: 135, rotation: 0.1)
        let map = try #require(Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners))
        let far = Self.side(w[1] + inside * 2, w[2] + inside * 2, on: map)
        #expect(try #require(refiner.windowFromVisibleSides(edges: [nil, far, nil, nil], card: card, format: .instaxMini)).measured
                == [false, false, false, false])
    }
}
