import Foundation
import Testing
@testable import InstantScan

/// The album's PDF, read back: structure (xref, objects, trailer), page sizes from the scans'
/// physical sizes, images with their ICC profiles, failures and atomic writing.
@Suite struct AlbumBuilderTests {
    func build(_ paths: [String], options: AlbumOptions = AlbumOptions()) throws -> (AlbumFixtures.ParsedPDF, AlbumSummary) {
        var bytes: [UInt8] = []
        let summary = try AlbumBuilder(options: options).write(paths, sink: { bytes += $0 })
        return (try AlbumFixtures.ParsedPDF(bytes), summary)
    }

    static func points(_ mm: Double) -> Double { mm / 25.4 * 72 }

    @Test func pagesHaveTheirPrintsPhysicalSize() throws {
        let folder = try TemporaryFolder()
        let mini = folder.path("mini.png"), polaroid = folder.path("polaroid.jpg"), wide = folder.path("wide.png")
        try AlbumFixtures.writeScan(mini, format: .instaxMini, ppi: 300, date: CaptureDate(exif: "2024:05:03 10:00:00"))
        try AlbumFixtures.writeScan(polaroid, format: .polaroid600, ppi: 200, date: CaptureDate(exif: "2024:03:12 10:00:00"))
        try AlbumFixtures.writeScan(wide, format: .instaxWide, crop: .window, ppi: 250)
        let (pdf, summary) = try build([mini, polaroid, wide])

        #expect(pdf.bytes.starts(with: Array("%PDF-1.7\n".utf8)))
        #expect(pdf.text.hasSuffix("%%EOF\n"))
        // Every object the table lists starts where it says, and every number is accounted for.
        for (number, offset) in pdf.xref {
            #expect(pdf.text[pdf.index(offset)...].hasPrefix("\(number) 0 obj\n"), "object \(number) at \(offset)")
        }
        #expect(pdf.xref.count == pdf.size - 1, "no free entries: every reserved object was written")
        // 3 images + 1 shared sRGB profile + 3 contents + 3 pages + tree + catalog + info.
        #expect(pdf.size - 1 == 13)

        let boxes = pdf.mediaBoxes
        #expect(boxes.count == 3 && summary.pages == 3)
        // The recorded resolution is the stored pixels over the format's millimetres, so the page
        // is the card's (or window's) size to the PDF's 1/1000 pt, whatever the rounding to pixels.
        let expected: [(Double, Double)] = [(54, 86), (88, 107), (99, 62)]
        for (box, mm) in zip(boxes, expected) {
            #expect(abs(box.width - Self.points(mm.0)) < 0.002 && abs(box.height - Self.points(mm.1)) < 0.002, "\(box) vs \(mm)")
        }

        // Images: DCT-compressed, in an ICCBased space whose stream is 3-component RGB.
        let images = pdf.objects(containing: "/Subtype /Image")
        #expect(images.count == 3)
        for image in images {
            let dictionary = try #require(pdf.object(image))
            #expect(dictionary.contains("/Filter /DCTDecode") && dictionary.contains("/BitsPerComponent 8"))
            let profile = try #require(AlbumFixtures.ParsedPDF.integer(after: "/ICCBased ", in: dictionary))
            let profileObject = try #require(pdf.object(profile))
            #expect(profileObject.contains("/N 3") && profileObject.contains("/Alternate /DeviceRGB"))
            #expect(pdf.stream(profile) == BuiltInProfile.srgb.profile.iccData)
            let jpeg = try #require(pdf.stream(image))
            #expect(jpeg.starts(with: [0xFF, 0xD8]) && jpeg.suffix(2).elementsEqual([0xFF, 0xD9]))
        }
        // The JPEG scan went in unchanged; the PNGs were compressed.
        #expect(pdf.stream(images[1]) == (try PhotoFile.read(polaroid)))
        #expect(summary.entries.map(\.isPassthrough) == [false, true, false])
        #expect(summary.entries.allSatisfy { $0.size?.source == .recorded })
        // The title spans the photos' dates.
        #expect(summary.title == "12 March 2024 – 3 May 2024")
        #expect(pdf.text.contains("/Title <FEFF"))
    }

    @Test func displayP3ScansKeepTheirProfile() throws {
        let folder = try TemporaryFolder()
        let p3 = folder.path("p3.png"), srgb = folder.path("srgb.png")
        try AlbumFixtures.writeScan(p3, format: .instaxSquare, ppi: 150, profile: .displayP3)
        try AlbumFixtures.writeScan(srgb, format: .instaxSquare, ppi: 150)
        let (pdf, _) = try build([p3, srgb])
        let profiles = pdf.objects(containing: "/N 3").compactMap { pdf.stream($0) }
        #expect(profiles.count == 2)
        #expect(profiles.contains(BuiltInProfile.displayP3.profile.iccData))
        #expect(profiles.contains(BuiltInProfile.srgb.profile.iccData))
    }

    @Test func sheetsPackPrintsInRowsAtTheirSize() throws {
        let folder = try TemporaryFolder()
        let paths = try (1...10).map { index -> String in
            let path = folder.path("mini-\(index).png")
            try AlbumFixtures.writeScan(path, format: .instaxMini, ppi: 100)
            return path
        }
        var options = AlbumOptions()
        options.layout = .sheet
        // A4 less 10 mm margins is 190 × 277 mm: three 54 mm prints a row, three 86 mm rows a sheet.
        let (pdf, summary) = try build(paths, options: options)
        #expect(summary.pages == 2)
        #expect(summary.entries.map { $0.page! } == [1, 1, 1, 1, 1, 1, 1, 1, 1, 2])
        for box in pdf.mediaBoxes {
            #expect(abs(box.width - Self.points(210)) < 0.01 && abs(box.height - Self.points(297)) < 0.01)
        }
        // The first print: 54 mm wide at its place, the row centred ((190 − 172) / 2 + 10 = 19 mm).
        let content = try #require(pdf.objects(containing: "/Type /Page ").first.flatMap { pdf.object($0) })
        let contents = try #require(AlbumFixtures.ParsedPDF.integer(after: "/Contents ", in: content))
        let drawing = String(decoding: try #require(pdf.stream(contents)), as: UTF8.self)
        let first = drawing.split(separator: "\n")[0].split(separator: " ").compactMap { Double($0) }
        #expect(abs(first[0] - Self.points(54)) < 0.01, "\(drawing)")
        #expect(abs(first[4] - Self.points(19)) < 0.01, "\(drawing)")

        options.paper = .letter
        options.captions = true
        let (letter, _) = try build(paths, options: options)
        #expect(abs(letter.mediaBoxes[0].width - 612) < 0.01 && abs(letter.mediaBoxes[0].height - 792) < 0.01)
        #expect(letter.text.contains("/BaseFont /Helvetica /Encoding /WinAnsiEncoding"))
        #expect(letter.text.contains("(mini-1) Tj"), "no date: the caption is the file name")
    }

    @Test func captionsShowTheCaptureDate() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("a.png")
        try AlbumFixtures.writeScan(path, format: .polaroidGo, ppi: 120, date: CaptureDate(exif: "2020:02:29 23:59:59"))
        var options = AlbumOptions()
        options.captions = true
        let (pdf, summary) = try build([path], options: options)
        #expect(pdf.text.contains("(29 February 2020) Tj"))
        #expect(summary.title == "29 February 2020")
        // The page gains a 7 mm band for the caption below the print.
        let box = pdf.mediaBoxes[0]
        #expect(abs(box.height - Self.points(66.6 + 7)) < 0.01)
    }

    @Test func pdfStringsAreEscaped() {
        #expect(PDFText.winAnsiLiteral("a (b) \\ c") == "(a \\(b\\) \\\\ c)")
        #expect(PDFText.winAnsiLiteral("café – 5 €") == "(caf\\351 \\226 5 \\200)")
        #expect(PDFText.winAnsiLiteral("猫") == "(?)")
        #expect(PDFText.textString("Summer") == "(Summer)")
        #expect(PDFText.textString("é") == "<FEFF00E9>")
        #expect(PDFUnits.number(153.0708661) == "153.071" && PDFUnits.number(-0.0001) == "0" && PDFUnits.number(12) == "12")
    }

    @Test func sizesWithoutMetadataComeFromShapeFormatOrDPI() throws {
        let none = ScanMetadata()
        let mini = PhysicalSize.resolve(pixels: PixelSize(width: 540, height: 860), metadata: none, dpi: nil, format: nil)
        #expect(mini.source == .aspectRatio && mini.format == .instaxMini && mini.crop == .card)
        #expect(abs(mini.width - 54) < 1e-9 && abs(mini.height - 86) < 1e-9)
        #expect(mini.warning?.contains("--print-format") == true)
        // A square is a Polaroid 600's window or an Instax Square's: said so.
        let square = PhysicalSize.resolve(pixels: PixelSize(width: 800, height: 800), metadata: none, dpi: nil, format: nil)
        #expect(square.format == .polaroid600 && square.crop == .window && square.warning?.contains("instax-square window") == true)
        // Turned a quarter: a landscape scan of a Mini's card.
        let turned = PhysicalSize.resolve(pixels: PixelSize(width: 860, height: 540), metadata: none, dpi: nil, format: nil)
        #expect(turned.format == .instaxMini && abs(turned.width - 86) < 1e-9)
        // --format picks card or window by shape.
        let window = PhysicalSize.resolve(pixels: PixelSize(width: 620, height: 620), metadata: none, dpi: nil, format: .instaxSquare)
        #expect(window.source == .format && window.crop == .window && abs(window.width - 62) < 1e-9 && window.warning == nil)
        // A default 72 ppi is no print's size: ignored, with a word.
        let defaulted = ScanMetadata(pixelsPerInch: .init(x: 72, y: 72))
        let ignored = PhysicalSize.resolve(pixels: PixelSize(width: 1080, height: 1720), metadata: defaulted, dpi: nil, format: nil)
        #expect(ignored.source == .aspectRatio && ignored.warning?.contains("72 ppi") == true)
        // --dpi wins over everything.
        let forced = PhysicalSize.resolve(pixels: PixelSize(width: 600, height: 600), metadata: defaulted, dpi: 150, format: .instaxMini)
        #expect(forced.source == .option && abs(forced.width - 101.6) < 1e-9)
        // Nothing to go by: 300 ppi.
        let odd = PhysicalSize.resolve(pixels: PixelSize(width: 300, height: 900), metadata: none, dpi: nil, format: nil)
        #expect(odd.source == .assumed && abs(odd.width - 25.4) < 1e-9)
    }

    @Test func aBadScanIsLeftOutAndNamed() throws {
        let folder = try TemporaryFolder()
        let good = folder.path("good.png"), bad = folder.path("bad.png"), missing = folder.path("missing.jpg")
        try AlbumFixtures.writeScan(good, format: .instaxMini, ppi: 100)
        var damaged = try PhotoFile.read(good)
        damaged.removeLast(damaged.count / 2)
        try Data(damaged).write(to: URL(fileURLWithPath: bad))
        let (pdf, summary) = try build([bad, good, missing])
        #expect(summary.pages == 1 && pdf.mediaBoxes.count == 1)
        #expect(summary.failures.map(\.path) == [bad, missing])
        #expect(summary.failures[0].failure?.hasPrefix("\(bad): ") == true, "\(summary.failures[0].failure ?? "")")
        #expect(summary.failures[1].failure == "\(missing): no such file")
    }

    @Test func nothingIsWrittenWhenNoScanCanBeRead() throws {
        let folder = try TemporaryFolder()
        let junk = folder.path("junk.png"), output = folder.path("album.pdf")
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: junk))
        #expect(throws: AlbumError.self) { try AlbumBuilder().write([junk], to: output) }
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["junk.png"], "no temporary left")
    }

    @Test func anInputIsNeverOverwritten() throws {
        let folder = try TemporaryFolder()
        let scan = folder.path("scan.png")
        try AlbumFixtures.writeScan(scan, format: .instaxMini, ppi: 100)
        let before = try PhotoFile.read(scan)
        #expect(throws: AtomicFile.WriteError.wouldOverwriteInput(scan)) { try AlbumBuilder().write([scan], to: scan) }
        #expect(try PhotoFile.read(scan) == before)
    }

    /// Each image reaches the file before the next scan is read: memory holds one scan at a time.
    @Test func imagesAreWrittenAsTheyAreMade() throws {
        let folder = try TemporaryFolder()
        let paths = try (1...3).map { index -> String in
            let path = folder.path("s\(index).jpg")
            try AlbumFixtures.writeScan(path, format: .instaxSquare, ppi: 150)
            return path
        }
        var written = 0
        var writtenAtEachScan: [Int] = []
        var imageBytes = 0
        try AlbumBuilder().write(paths, sink: { written += $0.count }) { entry in
            imageBytes += entry.imageBytes
            writtenAtEachScan.append(written)
        }
        #expect(writtenAtEachScan.count == 3)
        for (index, bytes) in writtenAtEachScan.enumerated() {
            // By the time scan i is reported, its image (and those before it) are in the sink.
            let imagesSoFar = (try PhotoFile.read(paths[index])).count * (index + 1)
            #expect(bytes >= imagesSoFar, "scan \(index + 1): \(bytes) bytes written, images \(imagesSoFar)")
        }
    }
}
