import Testing
@testable import InstantScan

/// A scan that detects its prints finds them on a DCT-scaled decode of a JPEG and decodes only the
/// band they cover at full resolution: the prints come out where detection on the whole decode puts
/// them, and the whole photo is never held at full resolution.
@Suite("Detection on a scaled decode")
struct ScaledDetectionTests {
    /// A wood-grain scene with one small Instax Mini off to one side, stored turned (EXIF orientation 6)
    /// as JPEG, and the print's truth (upright).
    static func photo() throws -> (jpeg: [UInt8], truth: SceneMaker.Print) {
        var scene = SceneMaker()
        // Grain across the card: this is about the two decodes agreeing, and a print this small
        // (60 working pixels wide) on grain along its sides is a detection gap of its own.
        scene.surface = .wood(angle: 0.4)
        scene.prints = [.init(format: .instaxMini,
                              corners: DetectionScenes.corners(.instaxMini, at: Point(330, 420), height: 380, rotation: 0.05),
                              cornerRadius: 3)]
        let stored = try scene.renderStored(.right)
        let jpeg = try JPEGEncoder.encode(stored, quality: 95, exif: CodecFixtures.tiff(orientation: 6, littleEndian: true))
        return (jpeg, scene.prints[0])
    }

    /// A detector working on a quarter of the scene's 1200 pixels, as it works on a 12 MP photo at
    /// its 1280: the scan detects on a 1/2 decode.
    static var options: ScanOptions {
        var options = ScanOptions()
        options.detection.workingLongSide = 300
        return options
    }

    static func locate(_ jpeg: [UInt8], onlyThePrint: Bool) throws -> PrintLocator.LocatedPhoto {
        var timings = StageTimings()
        return try PrintLocator(options: options).locate(jpeg, corners: nil, timings: &timings,
                                                         onlyThePrint: onlyThePrint) { _, _ in 1 }
    }

    @Test func theScaleLeavesTheDetectorBlocksToAverage() {
        #expect(ScaledDetection.scaleDenominator(for: PixelSize(width: 4032, height: 3024), workingLongSide: 1280) == 2)
        #expect(ScaledDetection.scaleDenominator(for: PixelSize(width: 8064, height: 6048), workingLongSide: 1280) == 2)
        #expect(ScaledDetection.scaleDenominator(for: PixelSize(width: 10240, height: 7680), workingLongSide: 1280) == 4)
        #expect(ScaledDetection.scaleDenominator(for: PixelSize(width: 3000, height: 2000), workingLongSide: 1280) == 1)
        #expect(ScaledDetection.scaleDenominator(for: PixelSize(width: 1200, height: 900), workingLongSide: 300) == 2)
    }

    @Test func aDetectedJPEGIsDecodedAsABandAndItsPrintFoundAsOnTheWholeDecode() throws {
        let (jpeg, truth) = try Self.photo()
        let lean = try Self.locate(jpeg, onlyThePrint: true)
        let whole = try Self.locate(jpeg, onlyThePrint: false)
        #expect(whole.decoded.band == nil)
        let band = try #require(lean.decoded.band)
        #expect(lean.decoded.scaleDenominator == 1)
        #expect(lean.decoded.pixels.size == PixelSize(width: band.columns.count, height: band.rows.count))
        #expect(band.rows.count * band.columns.count < 1200 * 900 * 3 / 4, "band \(band.rows) × \(band.columns)")
        #expect(lean.prints.count == 1 && whole.prints.count == 1)
        let print = try #require(lean.prints.first), reference = try #require(whole.prints.first)
        #expect(print.format == .instaxMini && reference.format == .instaxMini)
        let apart = PrintDetectorTests.cornerError(print.card, reference.card)
        #expect(apart <= 0.25, "lean and whole-decode cards \(apart) px apart")
        let error = PrintDetectorTests.cornerError(print.card, truth.corners)
        #expect(error <= PrintDetectorTests.tight, "card corners off by \(error) px")
        let windowError = PrintDetectorTests.cornerError(try #require(print.window), truth.window)
        #expect(windowError <= PrintDetectorTests.tight, "window corners off by \(windowError) px")
    }

    /// A Polaroid 600 whose top and bottom bow by about 1.4 mm (15 px at this photo's 11 px a
    /// millimetre, as a curled card shows on a 12 MP photo), detected as a 12 MP photo is: on a 1/2 decode, then once more at full resolution.
    /// The scaled decode puts the corners where the bowed sides meet; the full-resolution pass,
    /// which searches a few pixels about the straight sides between those corners, must not trade
    /// them for a straight fit to part of the bow.
    @Test func aCurledCardKeepsTheCornersWhereItsBowedSidesMeet() throws {
        var scene = SettingScenes.curledOnTable
        scene.width = 2400
        scene.height = 1800
        var print = scene.prints[0]
        print.corners = Quad(corners: print.corners.corners.map { $0 * 2 })
        print.bow = (top: 1.4, right: 0, bottom: -1.3, left: 0)
        scene.prints = [print]
        let jpeg = try JPEGEncoder.encode(try scene.render(), quality: 95)
        var options = ScanOptions()
        options.detection.workingLongSide = 640
        var timings = StageTimings()
        let lean = try PrintLocator(options: options).locate(jpeg, corners: nil, timings: &timings,
                                                             onlyThePrint: true) { _, _ in 1 }
        #expect(lean.decoded.band != nil, "found on the scaled decode")
        let found = try #require(PrintDetectorTests.match(print, in: lean.prints))
        let error = (0..<4).map { PrintDetectorTests.cornerError(found.card.rotatingOrder(by: $0), print.corners) }.min()!
        #expect(error <= 2, "card corners off by \(error) px")
    }

    @Test func aPhotoWithoutPrintsIsNotDecodedAgain() throws {
        var scene = SceneMaker()
        scene.surface = .wood(angle: 0.04)
        let jpeg = try JPEGEncoder.encode(try scene.render(), quality: 90)
        let lean = try Self.locate(jpeg, onlyThePrint: true)
        #expect(lean.prints.isEmpty)
        #expect(lean.decoded.scaleDenominator == 2 && lean.decoded.band == nil)
    }

    @Test func theScanFromTheBandIsTheScanFromTheWholeDecode() throws {
        let (jpeg, _) = try Self.photo()
        var options = Self.options
        let lean = try #require(try PrintScanner(options: options).scan(jpeg).prints.first)
        // A preview is drawn on the whole photo, so asking for one keeps the whole decode.
        options.previewLongSide = 64
        let whole = try #require(try PrintScanner(options: options).scan(jpeg).prints.first)
        #expect(lean.image.size == whole.image.size)
        let a = lean.image.packedBytes(), b = whole.image.packedBytes()
        guard a.count == b.count else { return }
        // Corners a fraction of a pixel apart move the resampling a little: on average well under a code.
        let mean = Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
        #expect(mean < 1, "mean difference \(mean) codes")
    }
}
