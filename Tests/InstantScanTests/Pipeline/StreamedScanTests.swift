import Foundation
import Testing
@testable import InstantScan

/// A scan made band by band and deflated as it is made (``ScanOptions/streamedPNG``) writes the
/// PNG its whole image gives, byte for byte, with the same white balance and glare.
@Suite struct StreamedScanTests {
    /// A print on a table under a warm lamp, with a glare blob on its picture, as JPEG bytes.
    static func scene(format: PrintFormat, width: Int = 900, height: Int = 700, rotation: Double = 0.08,
                      glare: Bool = true, seed: UInt64 = 3) throws -> (jpeg: [UInt8], corners: Quad) {
        let corners = SceneMaker.corners(format: format, center: Point(Double(width) / 2, Double(height) / 2),
                                         height: Double(height) * 0.7, rotation: rotation, tilt: 0.2)
        var maker = SceneMaker(width: width, height: height, surface: .wood(angle: 0.3), seed: seed)
        maker.prints = [SceneMaker.Print(format: format, corners: corners, caption: true, pictureSeed: seed)]
        if glare {
            let (a, b) = (corners.corners[0], corners.corners[2])
            maker.glare = [SceneMaker.Glare(center: Point(a.x + 0.45 * (b.x - a.x), a.y + 0.45 * (b.y - a.y)), radius: 40)]
        }
        return (try JPEGEncoder.encode(try maker.render(), quality: 92), corners)
    }

    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var format: PrintFormat
        var crop: ScanOptions.Crop = .card
        var size: ScanOptions.OutputSize = .native
        var compression: PNGEncoder.Compression = .fast
        var whiteBalance: WhiteBalanceMode = .frame
        var profile: BuiltInProfile = .srgb
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Polaroid 600, card, native", format: .polaroid600),
        Case(name: "Instax Mini, window, odd size, balanced", format: .instaxMini, crop: .window,
             size: .exact(PixelSize(width: 301, height: 443)), compression: .balanced),
        Case(name: "Instax Wide, card, odd size, small, grey world", format: .instaxWide,
             size: .exact(PixelSize(width: 701, height: 557)), compression: .small, whiteBalance: .grayWorld),
        Case(name: "Instax Square, card, Display P3", format: .instaxSquare, profile: .displayP3),
        Case(name: "Polaroid Go, card, no white balance", format: .polaroidGo, whiteBalance: .none),
    ]

    @Test(arguments: cases)
    func theStreamedPNGIsTheWholeScansPNG(_ test: Case) throws {
        let (jpeg, corners) = try Self.scene(format: test.format)
        var options = ScanOptions()
        options.format = test.format
        options.crop = test.crop
        options.outputSize = test.size
        options.whiteBalance = test.whiteBalance
        options.outputProfile = test.profile
        let whole = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        options.streamedPNG = test.compression
        let streamed = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        #expect(streamed.streamed != nil, "the print was streamed")
        #expect(whole.streamed == nil)
        #expect(streamed.image.size == whole.image.size)
        #expect(streamed.whiteBalance == whole.whiteBalance)
        #expect(streamed.glare == whole.glare)
        let encoder = OutputEncoder(format: .png(test.compression))
        #expect(try encoder.encode(streamed) == encoder.encode(whole))
    }

    @Test func aDetectedPrintStreamsTheSameBytes() throws {
        let (jpeg, _) = try Self.scene(format: .instaxMini, width: 1000, height: 750)
        let whole = try PrintScanner().scan(jpeg)
        var options = ScanOptions()
        options.streamedPNG = .fast
        let streamed = try PrintScanner(options: options).scan(jpeg)
        #expect(whole.prints.count == 1)
        #expect(streamed.prints.count == whole.prints.count)
        let encoder = OutputEncoder(format: .png(.fast))
        for (a, b) in zip(streamed.prints, whole.prints) {
            #expect(a.streamed != nil)
            #expect(try encoder.encode(a) == encoder.encode(b))
            #expect(a.glare == b.glare)
        }
    }

    @Test func whatNeedsTheWholeScanTakesTheWholePath() throws {
        let (jpeg, corners) = try Self.scene(format: .instaxMini, glare: false)
        var options = ScanOptions()
        options.streamedPNG = .fast
        var stretched = options
        stretched.stretch = try EndsInStretch(percentLow: 1, percentHigh: 1)
        var bicubic = options
        bicubic.interpolation = .bicubic
        var shrunk = options
        // Too little for a smaller DCT scale, enough for the area prefilter.
        shrunk.outputSize = .longSide(300)
        for variant in [stretched, bicubic, shrunk] {
            let print = try #require(try PrintScanner(options: variant).scan(jpeg, corners: corners).prints.first)
            #expect(print.streamed == nil)
        }
    }

    /// The engine alone: odd sizes, deflate bands and chunks that divide nothing, a colour
    /// conversion and a light with falloff, against the whole-image path.
    @Test(arguments: [(3, 7), (1, 16), (5, 1)])
    func bandsAndChunksOfAnySizeJoinIntoTheWholeImage(bandCount: Int, chunkRows: Int) throws {
        let f = try StreamingEngineFixture()
        let expected = try PNGEncoder.encode(f.whole, iccProfile: nil, srgbIntent: true, compression: .balanced, bandCount: bandCount)
        let made = try f.scan.stream(compression: .balanced, correction: f.kernel, glare: f.sums, bandCount: bandCount,
                                     chunkRows: chunkRows)
        let png = try PNGEncoder.encode(size: f.size, streamed: made.bands, iccProfile: nil, srgbIntent: true, compression: .balanced)
        #expect(png == expected)
        #expect(made.clippedPixels == f.clipped)
        #expect(try f.sums.image(parts: made.glareParts).packedBytes() == f.detector.downsampled(f.whole).packedBytes())
    }

    /// White balance measured on rows warped as its samplers read them (two rows held at a time)
    /// equals the whole card's, light and frame chroma; on a card large enough for sparse grids
    /// fewer rows are warped than the card has.
    @Test(arguments: [1, 5])
    func theEstimateOnRowsWarpedAsTheyAreReadIsTheWholeCards(scale: Int) throws {
        let f = try StreamingEngineFixture()
        let s = 1 / Double(scale), m = f.map.m
        let map = Homography([m[0] * s, m[1] * s, m[2], m[3] * s, m[4] * s, m[5], m[6] * s, m[7] * s, m[8]])
        let size = PixelSize(width: f.size.width * scale, height: f.size.height * scale)
        let whole = try PerspectiveWarp().warp(f.source, outputSize: size, outputToSource: map)
        f.converter.convert(whole)
        let scan = StreamedScan(source: f.source, map: map, size: size, converter: f.converter)
        for format in [PrintFormat.polaroid600, .instaxMini, nil] {
            for mode in [WhiteBalanceMode.frame, .grayWorld] {
                let balance = WhiteBalance(mode: mode, profile: .displayP3)
                let rows = try WarpedCardRows(scan)
                let light = balance.estimate(card: whole, format: format, ring: nil)
                #expect(balance.estimate(card: rows, format: format, ring: nil) == light)
                let a = balance.frameChroma(card: rows, format: format, light: light)
                let b = balance.frameChroma(card: whole, format: format, light: light)
                #expect(a?.before == b?.before && a?.after == b?.after)
                if scale > 1 { #expect(rows.rowsMade < size.height, "only the rows read are warped") }
            }
        }
    }

    /// Each row white balance reads is the whole warp's row, and the last two rows read are held
    /// (a row and the one below it) without being warped again.
    @Test func warpedCardRowsAreTheWholeScansRowsAndHoldTheLastTwo() throws {
        let f = try StreamingEngineFixture()
        let whole = try PerspectiveWarp().warp(f.source, outputSize: f.size, outputToSource: f.map)
        f.converter.convert(whole)
        let rows = try WarpedCardRows(f.scan)
        let bytes = f.size.width * 4
        func same(_ y: Int) -> Bool {
            Array(UnsafeBufferPointer(start: rows.row(y), count: bytes))
                == Array(UnsafeBufferPointer(start: UnsafePointer(whole.rowPointer(y)), count: bytes))
        }
        #expect(same(3) && same(6) && rows.rowsMade == 2)
        #expect(same(3) && same(6) && rows.rowsMade == 2, "both rows still held")
        #expect(same(9) && rows.rowsMade == 3)
        #expect(same(3) && rows.rowsMade == 4, "the oldest row was dropped")
        #expect((0..<f.size.height).allSatisfy(same))
    }

    @Test func aStreamedScanIsWrittenOnlyAsItsPNG() throws {
        let (jpeg, corners) = try Self.scene(format: .instaxMini, width: 600, height: 450)
        var options = ScanOptions()
        options.streamedPNG = .fast
        let print = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        let folder = try TemporaryFolder()
        #expect(throws: CodecError.self) {
            try OutputEncoder(format: .jpeg(quality: 90)).write(print, to: folder.path("scan.jpg"))
        }
        #expect(throws: CodecError.self) {
            try OutputEncoder(format: .png(.small)).write(print, to: folder.path("scan.png"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing written")
        try OutputEncoder(format: .png(.fast)).write(print, to: folder.path("scan.png"))
        let decoded = try ImageReader.decode(try PhotoFile.read(folder.path("scan.png")))
        #expect(decoded.pixels.size == print.image.size)
    }

    @Test(.enabled(if: TmpfsMount.available, "needs root to mount a tmpfs"))
    func aStreamedScanOntoAFullDiskLeavesNoPartialFile() throws {
        let (jpeg, corners) = try Self.scene(format: .polaroid600, width: 900, height: 700)
        var options = ScanOptions()
        options.streamedPNG = .fast
        let print = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        let disk = try TmpfsMount(kilobytes: 48)
        let path = disk.path + "/scan.png"
        #expect(throws: AtomicFile.WriteError.self) {
            try OutputEncoder(format: .png(.fast)).write(print, to: path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty, "no output, no temporary")
    }
}
