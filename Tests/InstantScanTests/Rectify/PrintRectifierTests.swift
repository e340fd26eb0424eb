import Testing
@testable import InstantScan

/// The rectify stage's decisions, apart from the warp: which region, how large, from which DCT scale.
@Suite struct PrintRectifierTests {
    /// A 600×400 card, seen straight on, with its window known from the format.
    static let print = DetectedPrint(format: nil, card: Quad(rectangleWidth: 600, height: 400),
                                     window: Quad(Point(50, 40), Point(550, 40), Point(550, 300), Point(50, 300)),
                                     confidence: 1, touchesImageBorder: false)
    static let photo = PixelSize(width: 2000, height: 1500)

    func rectifier(_ configure: (inout ScanOptions) -> Void) -> PrintRectifier {
        var options = ScanOptions()
        configure(&options)
        return PrintRectifier(options: options)
    }

    @Test func theNativeSizeKeepsTheLongerSideOfEachPair() {
        // Top 400 and bottom 600 long; left 300 and right √(200² + 300²) ≈ 360.6 long.
        let quad = Quad(Point(0, 0), Point(400, 0), Point(600, 300), Point(0, 300))
        let right = (200.0 * 200 + 300 * 300).squareRoot()
        // A ratio narrower than 600 : 360.6 heightens the output rather than shrinking its width.
        let narrow = PrintRectifier.nativeSize(quad: quad, aspect: 1)
        #expect(narrow.width == 600 && narrow.height == 600)
        // A wider one widens it rather than shrinking its height.
        let wide = PrintRectifier.nativeSize(quad: quad, aspect: 3)
        #expect(abs(wide.width - 3 * right) < 1e-9 && wide.height == right)
    }

    @Test func outputSizesFollowTheOptions() throws {
        let card = try rectifier { _ in }.region(of: Self.print, photo: Self.photo)
        #expect(try rectifier { _ in }.size(of: card) == PixelSize(width: 600, height: 400))
        #expect(try rectifier { $0.outputSize = .longSide(300) }.size(of: card) == PixelSize(width: 300, height: 200))
        #expect(try rectifier { $0.outputSize = .exact(PixelSize(width: 7, height: 9)) }.size(of: card) == PixelSize(width: 7, height: 9))
        #expect(throws: ScanError.invalidOutputSize("long side 0")) { try rectifier { $0.outputSize = .longSide(0) }.size(of: card) }
        let window = try rectifier { $0.crop = .window }.region(of: Self.print, photo: Self.photo)
        #expect(window.quad == Self.print.window)
        var noWindow = Self.print
        noWindow.window = nil
        #expect(throws: ScanError.windowNeedsFormat) { try rectifier { $0.crop = .window }.region(of: noWindow, photo: Self.photo) }
    }

    @Test func theDecodeScaleIsTheLargestThatKeepsTheOutputsResolution() {
        #expect(rectifier { _ in }.decodeScale(for: Self.print, photo: Self.photo) == 1, "native size needs every pixel")
        #expect(rectifier { $0.outputSize = .longSide(150) }.decodeScale(for: Self.print, photo: Self.photo) == 4)
        #expect(rectifier { $0.outputSize = .longSide(299) }.decodeScale(for: Self.print, photo: Self.photo) == 2)
        #expect(rectifier { $0.outputSize = .longSide(301) }.decodeScale(for: Self.print, photo: Self.photo) == 1)
    }

    @Test func theInsetPutsCornerPixelsHalfAPixelInside() {
        let inset = PrintRectifier.insetCorners(Quad(rectangleWidth: 100, height: 50), width: 100, height: 50)
        let expected = [Point(0.5, 0.5), Point(99.5, 0.5), Point(99.5, 49.5), Point(0.5, 49.5)]
        for (corner, want) in zip(inset.corners, expected) {
            #expect(abs(corner.x - want.x) < 1e-9 && abs(corner.y - want.y) < 1e-9, "\(corner)")
        }
    }

    @Test func aWindowWithoutAFormatIsPlacedFromItsCorners() throws {
        let unit = try #require(PrintRectifier.windowInCard(Self.print))
        #expect(abs(unit.corners[0].x - 50.0 / 600) < 1e-9 && abs(unit.corners[2].y - 300.0 / 400) < 1e-9)
    }
}
