import Testing
@testable import InstantScan

/// The working copy's size: whole blocks where they leave at least 768 of the 1280 working pixels,
/// fractional ones (``AreaDownsampler``) to 960 where they would not (photos of 1281–1535 pixels).
@Suite("Working size")
struct WorkingSizeTests {
    @Test("whole blocks where they leave enough pixels, fractional ones where halving would not")
    func sizes() throws {
        let longest = DetectionOptions().workingLongSide
        let cases: [(PixelSize, Int, Double)] = [
            (PixelSize(width: 4032, height: 3024), 1008, 4),     // a 12 MP photo: blocks of 4
            (PixelSize(width: 3264, height: 2448), 1088, 3),
            (PixelSize(width: 1600, height: 1200), 800, 2),      // halving leaves 800: whole blocks
            (PixelSize(width: 1280, height: 960), 1280, 1),
            (PixelSize(width: 1411, height: 1058), 960, 1411.0 / 960), // halving would leave 705
        ]
        for (size, long, scale) in cases {
            let image = try PixelBuffer(width: size.width, height: size.height, format: .rgb8, filledWith: 90)
            let work = BoxDownsampler.workingImage(image, orientation: .up, maximumLongSide: longest)
            #expect(max(work.width, work.height) == long, "\(size)")
            #expect(abs(work.scale - scale) < 0.01, "\(size): scale \(work.scale)")
            #expect(abs(BoxDownsampler.workingScale(for: size, maximumLongSide: longest) - work.scale) < 0.01)
            // Every working pixel's weights sum to one: a flat photo stays flat.
            #expect(work.red.allSatisfy { abs($0 - 90) < 0.01 }, "\(size)")
        }
    }

    @Test("fractional blocks keep the orientation and map working pixels onto the photo", arguments: Orientation.allCases)
    func fractionalMap(_ orientation: Orientation) throws {
        // A stored 1411×1058 photo with one bright 30×20 block; its brightness-weighted centre in the
        // working copy must map onto the block's upright centre, and its total light be kept.
        let stored = try PixelBuffer(width: 1411, height: 1058, format: .rgba8, filledWith: 0)
        for y in 500..<520 { for x in 700..<730 { stored[x, y] = [255, 255, 255, 255] } }
        let work = BoxDownsampler.workingImage(stored, orientation: orientation, maximumLongSide: 1280)
        #expect(max(work.width, work.height) == 960)
        var sum = 0.0, cx = 0.0, cy = 0.0
        for i in 0..<(work.width * work.height) where work.red[i] > 0 {
            let v = Double(work.red[i])
            sum += v; cx += v * Double(i % work.width); cy += v * Double(i / work.width)
        }
        let centre = work.toUpright.apply(Point(cx / sum, cy / sum))
        let expected = orientation.storedToUpright(stored: stored.size).apply(Point(714.5, 509.5))
        #expect(centre.distance(to: expected) < 0.05, "centre \(centre), expected \(expected)")
        let area = work.scale * work.scale
        #expect(abs(sum * area / 255 - 600) < 600 * 0.01, "light \(sum * area / 255) of 600 pixels")
    }

    @Test("a print in a 1400-pixel photo is found at the corners as in a larger one")
    func messagingSizePhoto() throws {
        var scene = SceneMaker()
        scene.seed = 31
        scene.width = 1400
        scene.height = 1050
        scene.prints = [SceneMaker.Print(format: .instaxMini,
                                         corners: DetectionScenes.corners(.instaxMini, at: Point(700, 525), height: 430, rotation: 0.2))]
        let image = try scene.render()
        let trace = try PrintDetector().analyze(image, orientation: .up)
        #expect(trace.workingSize == PixelSize(width: 960, height: 720))
        let found = trace.prints
        #expect(found.count == 1)
        let print = try #require(found.first)
        #expect(print.format == .instaxMini)
        #expect(PrintDetectorTests.cornerError(print.card, scene.prints[0].corners) < PrintDetectorTests.tight)
    }
}
