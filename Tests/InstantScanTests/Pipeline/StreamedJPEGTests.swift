import Foundation
import Testing
@testable import InstantScan

/// A scan made chunk by chunk and compressed row by row into a JPEG (``ScanOptions/streamedJPEG``)
/// writes the JPEG its whole image gives, byte for byte, with the same metadata, white balance
/// and glare; and the scan's pixels are never kept.
@Suite struct StreamedJPEGTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var format: PrintFormat
        var crop: ScanOptions.Crop = .card
        var size: ScanOptions.OutputSize = .native
        var quality = 92
        var whiteBalance: WhiteBalanceMode = .frame
        var profile: BuiltInProfile = .srgb
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Polaroid 600, card, native, 4:4:4", format: .polaroid600),
        Case(name: "Instax Mini, window, odd size, 4:2:0", format: .instaxMini, crop: .window,
             size: .exact(PixelSize(width: 301, height: 443)), quality: 75),
        Case(name: "Instax Wide, odd size, grey world, quality 89", format: .instaxWide,
             size: .exact(PixelSize(width: 701, height: 557)), quality: 89, whiteBalance: .grayWorld),
        Case(name: "Instax Square, Display P3, quality 100", format: .instaxSquare, quality: 100, profile: .displayP3),
        Case(name: "Polaroid Go, no white balance, quality 1", format: .polaroidGo, quality: 1, whiteBalance: .none),
    ]

    @Test(arguments: cases)
    func theStreamedJPEGIsTheWholeScansJPEG(_ test: Case) throws {
        let (jpeg, corners) = try StreamedScanTests.scene(format: test.format)
        var options = ScanOptions()
        options.format = test.format
        options.crop = test.crop
        options.outputSize = test.size
        options.whiteBalance = test.whiteBalance
        options.outputProfile = test.profile
        let whole = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        options.streamedJPEG = test.quality
        var streamed = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        #expect(streamed.streamedJPEG != nil, "the print was streamed")
        #expect(streamed.streamed == nil && whole.streamedJPEG == nil)
        #expect(streamed.image.size == whole.image.size)
        #expect(streamed.whiteBalance == whole.whiteBalance)
        #expect(streamed.glare == whole.glare)
        // The capture date goes into EXIF at write time, as for a whole scan.
        let date = try #require(CaptureDate(year: 2024, month: 7, day: 14, hour: 16, minute: 5, second: 9))
        var dated = whole
        dated.captureDate = date
        streamed.captureDate = date
        let encoder = OutputEncoder(format: .jpeg(quality: test.quality))
        let bytes = try encoder.encode(streamed)
        #expect(bytes == (try encoder.encode(dated)))
        #expect(EmbeddedMetadata(reading: bytes).exif?.captureDate == date)
    }

    @Test func aStreamedJPEGIsWrittenOnlyAtItsQuality() throws {
        let (jpeg, corners) = try StreamedScanTests.scene(format: .instaxMini, glare: false)
        var options = ScanOptions()
        options.streamedJPEG = 80
        let print = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        #expect(print.streamedJPEG?.quality == 80)
        #expect(throws: CodecError.self) { try OutputEncoder(format: .jpeg(quality: 81)).encode(print) }
        #expect(throws: CodecError.self) { try OutputEncoder(format: .png(.fast)).encode(print) }
        // A PNG setting wins: one scan is streamed into one file.
        options.streamedPNG = .fast
        let png = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        #expect(png.streamed != nil && png.streamedJPEG == nil)
    }

    /// The writer alone, against TurboJPEG's whole-image encode: odd sizes, chunks that divide
    /// nothing, RGBA and grey, both subsamplings.
    @Test(arguments: [(1, 92), (7, 75), (16, 90), (33, 50)])
    func rowsInAnyChunksMakeTurboJPEGsFile(chunkRows: Int, quality: Int) throws {
        let image = try TestImages.smoothTexture(width: 157, height: 131)
        let grey = try PixelBuffer(width: 157, height: 131, format: .gray8)
        for y in 0..<131 { for x in 0..<157 { grey[x, y] = [image[x, y][1]] } }
        for picture in [image, grey] {
            let writer = try JPEGScanlineWriter(size: picture.size, format: picture.format, quality: quality)
            for start in stride(from: 0, to: picture.height, by: chunkRows) {
                let count = min(chunkRows, picture.height - start)
                try writer.append(UnsafePointer(picture.rowPointer(start)), stride: picture.bytesPerRow, count: count)
            }
            #expect(try writer.finish() == JPEGEncoder.encode(picture, quality: quality))
        }
    }

    @Test func theWriterRefusesMissingOrExtraRows() throws {
        let image = try TestImages.smoothTexture(width: 40, height: 20)
        let short = try JPEGScanlineWriter(size: image.size, format: .rgba8, quality: 90)
        try short.append(UnsafePointer(image.rowPointer(0)), stride: image.bytesPerRow, count: 19)
        #expect(throws: CodecError.self) { try short.finish() }
        let long = try JPEGScanlineWriter(size: PixelSize(width: 40, height: 10), format: .rgba8, quality: 90)
        #expect(throws: CodecError.self) {
            try long.append(UnsafePointer(image.rowPointer(0)), stride: image.bytesPerRow, count: 11)
        }
        #expect(throws: CodecError.self) { try JPEGScanlineWriter(size: image.size, format: .rgba8, quality: 0) }
    }

    /// The streaming engine alone: chunks that divide nothing, a colour conversion, a light with
    /// falloff and the glare sums, against the whole-image path.
    @Test(arguments: [1, 5, 32])
    func chunksOfAnySizeJoinIntoTheWholeImagesJPEG(chunkRows: Int) throws {
        let f = try StreamingEngineFixture()
        let made = try f.scan.streamJPEG(quality: 85, correction: f.kernel, glare: f.sums, chunkRows: chunkRows)
        #expect(made.bytes == (try JPEGEncoder.encode(f.whole, quality: 85)))
        #expect(made.clippedPixels == f.clipped)
        #expect(try f.sums.image(parts: made.glareParts).packedBytes() == f.detector.downsampled(f.whole).packedBytes())
    }
}
