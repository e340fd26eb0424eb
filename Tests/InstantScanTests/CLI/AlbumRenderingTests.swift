import Foundation
import Testing
@testable import InstantScan

/// Renders albums with poppler's `pdftoppm`, as a PDF viewer would, and compares every page with
/// its scan: the page must be the print's physical size at the rendering resolution, and the
/// picture the scan's, colours included (ICCBased profiles honoured).
@Suite struct AlbumRenderingTests {
    static let pdftoppm: String? = ["/usr/bin/pdftoppm", "/usr/local/bin/pdftoppm"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Renders every page of `pdf` at `dpi` and decodes them, in page order.
    static func render(_ pdf: String, dpi: Int, in folder: TemporaryFolder) throws -> [PixelBuffer] {
        // A missing renderer is a failure, not a skip: CI installs it (make test), and a silently
        // skipped rendering check would let a PDF no viewer can show pass.
        let tool = try #require(pdftoppm, "pdftoppm not found: install Debian's poppler-utils (`make test` does)")
        let run = try ChildProcess.run(tool, ["-r", String(dpi), "-png", pdf, folder.path("page")])
        #expect(run.status == 0 && run.stderr.isEmpty && !run.hung, "pdftoppm: \(run.standardError)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0.hasPrefix("page-") && $0.hasSuffix(".png") }.sorted()
        return try pages.map { try ImageReader.decode(try PhotoFile.read(folder.path($0))).pixels }
    }

    /// `image` resampled as a page at `dpi` shows it when the image spans `mm` there (area-averaged
    /// when shrinking): the part that falls in the first `size` pixels of the page.
    static func resample(_ image: PixelBuffer, spanning mm: (Double, Double), dpi: Double, to size: PixelSize) throws -> PixelBuffer {
        let sx = Double(image.width) / (mm.0 / 25.4 * dpi), sy = Double(image.height) / (mm.1 / 25.4 * dpi)
        let map = Homography.affine(scaleX: sx, scaleY: sy, translateX: 0.5 * sx - 0.5, translateY: 0.5 * sy - 0.5)
        return try PerspectiveWarp().warp(image, outputSize: size, outputToSource: map)
    }

    /// The top-left `size` of `image`.
    static func crop(_ image: PixelBuffer, to size: PixelSize, x: Int = 0, y: Int = 0) throws -> PixelBuffer {
        let out = try PixelBuffer(width: size.width, height: size.height)
        for row in 0..<size.height {
            for column in 0..<size.width { out[column, row] = image[x + column, y + row] }
        }
        return out
    }

    /// Mean over 16×16 blocks of ΔE00 between block means, and the pixel PSNR.
    static func compare(_ a: PixelBuffer, _ b: PixelBuffer) -> (deltaE: Double, psnr: Double) {
        let blocks = CIEDE2000.blockDifferences(PixelBufferReader(a), PixelBufferReader(b), x: 2..<(a.width - 2), y: 2..<(a.height - 2))
        return (blocks.reduce(0, +) / Double(blocks.count), TestImages.psnr(a, b, margin: 2))
    }

    /// Pages at the scans' own resolution: a page is the scan nearly pixel for pixel (the
    /// physical size is a fraction of a pixel off the stored size), compared after resampling the
    /// scan exactly as the page maps it.
    @Test func pagesRenderAsTheirScans() throws {
        let folder = try TemporaryFolder()
        let mini = folder.path("mini.png"), square = folder.path("square.jpg"), p3 = folder.path("wide-p3.png")
        let miniImage = try AlbumFixtures.writeScan(mini, format: .instaxMini, ppi: 100)
        let squareImage = try AlbumFixtures.writeScan(square, format: .instaxSquare, ppi: 100)
        // A Display P3 scan: the renderer must convert it through its embedded profile, so the
        // page matches the scan converted to sRGB, not its raw P3 numbers.
        let p3Image = try AlbumFixtures.writeScan(p3, format: .instaxWide, crop: .window, ppi: 100, profile: .displayP3)
        let p3AsSRGB = try PixelBuffer(width: p3Image.width, height: p3Image.height, packed: p3Image.packedBytes())
        try ColorConverter(from: BuiltInProfile.displayP3.profile, to: BuiltInProfile.srgb.profile).convert(p3AsSRGB)

        let pdf = folder.path("album.pdf")
        let run = try CLIRunner.run(["album", mini, square, p3, "-o", pdf, "--quality", "95"])
        #expect(run.status == 0, "\(run.stderr)")
        let pages = try Self.render(pdf, dpi: 100, in: try TemporaryFolder())
        try #require(pages.count == 3)

        let expectations: [(PixelBuffer, (Double, Double), String)] = [
            (miniImage, (54, 86), "mini"), (squareImage, (72, 86), "square"), (p3AsSRGB, (99, 62), "wide window, P3"),
        ]
        for (page, (scan, mm, name)) in zip(pages, expectations) {
            // The page is the print's physical size at 100 dpi.
            #expect(abs(Double(page.width) - mm.0 / 25.4 * 100) <= 1 && abs(Double(page.height) - mm.1 / 25.4 * 100) <= 1,
                    "\(name): page \(page.width)×\(page.height)")
            let common = PixelSize(width: min(page.width, scan.width), height: min(page.height, scan.height))
            let expected = try Self.resample(scan, spanning: mm, dpi: 100, to: common)
            let (deltaE, psnr) = Self.compare(try Self.crop(page, to: common), expected)
            print("album rendering, \(name): page \(page.width)×\(page.height), scan \(scan.width)×\(scan.height), mean ΔE00 \(deltaE), PSNR \(psnr) dB")
            // Poppler snaps an image to whole device pixels, so the page and the exactly resampled
            // scan differ by up to half a pixel at the far edge: on this texture that is ~1.5 ΔE00.
            #expect(deltaE < 2, "\(name): mean ΔE00 \(deltaE)")
            #expect(psnr > 30, "\(name): PSNR \(psnr) dB")
        }
        // The P3 page's mean colour is the converted scan's, and far from the raw P3 numbers':
        // the profile was used, not ignored (means do not depend on where pixels land).
        let page = PixelBufferReader(pages[2]), all = (x: 2..<(p3Image.width - 2), y: 2..<(p3Image.height - 2))
        let shown = CIEDE2000.lab(srgb: page.mean(x: all.x, y: all.y))
        let converted = CIEDE2000.difference(shown, CIEDE2000.lab(srgb: PixelBufferReader(p3AsSRGB).mean(x: all.x, y: all.y)))
        let raw = CIEDE2000.difference(shown, CIEDE2000.lab(srgb: PixelBufferReader(p3Image).mean(x: all.x, y: all.y)))
        print("album rendering, P3 page mean colour: ΔE00 \(converted) from the scan converted to sRGB, \(raw) from its raw numbers")
        #expect(converted < 0.5 && raw > 2, "ΔE00 of the mean: \(converted) converted, \(raw) raw: ICC profile ignored?")
    }

    /// A real scan from a sample photo, rendered at a lower resolution than its own: the page,
    /// against the scan shrunk to the page's size.
    @Test func aSampleScanRendersAtItsPhysicalSize() throws {
        let folder = try TemporaryFolder()
        var root = URL(fileURLWithPath: #filePath)
        while root.lastPathComponent != "Tests" { root.deleteLastPathComponent() }
        let photo = root.deletingLastPathComponent().appendingPathComponent("Samples/01-polaroid600-wood-tungsten-exif6.jpg").path
        let scan = folder.path("scan.png")
        let scanned = try CLIRunner.run(["scan", photo, "-o", scan])
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let pdf = folder.path("album.pdf")
        let run = try CLIRunner.run(["album", scan, "-o", pdf, "--captions"])
        #expect(run.status == 0, "\(run.stderr)")

        let page = try #require(try Self.render(pdf, dpi: 150, in: try TemporaryFolder()).first)
        // 88 × 107 mm and the 7 mm caption band, at 150 dpi.
        #expect(abs(Double(page.width) - 88 / 25.4 * 150) <= 1 && abs(Double(page.height) - 114 / 25.4 * 150) <= 1,
                "page \(page.width)×\(page.height)")
        let image = try ImageReader.decode(try PhotoFile.read(scan)).pixels
        let printSize = PixelSize(width: page.width, height: Int((107 / 25.4 * 150).rounded()))
        let (deltaE, psnr) = Self.compare(try Self.crop(page, to: printSize), try Self.resample(image, spanning: (88, 107), dpi: 150, to: printSize))
        print("album rendering, sample 01 at 150 dpi: page \(page.width)×\(page.height) from \(image.width)×\(image.height), mean ΔE00 \(deltaE), PSNR \(psnr) dB")
        #expect(deltaE < 1.5, "mean ΔE00 \(deltaE)")
        #expect(psnr > 25, "PSNR \(psnr) dB")
        // The caption band is white paper with dark text in it.
        var dark = 0
        for y in printSize.height..<page.height { for x in 0..<page.width where page[x, y][1] < 128 { dark += 1 } }
        #expect(dark > 20, "caption pixels: \(dark)")
    }

    /// A contact sheet: A4 at 50 dpi, the first print where the layout puts it.
    @Test func sheetsRenderOnA4() throws {
        let folder = try TemporaryFolder()
        let scans = try (1...4).map { index -> (String, PixelBuffer) in
            let path = folder.path("mini-\(index).png")
            return (path, try AlbumFixtures.writeScan(path, format: .instaxMini, ppi: 50))
        }
        let pdf = folder.path("sheet.pdf")
        let run = try CLIRunner.run(["album"] + scans.map(\.0) + ["-o", pdf, "--layout", "sheet", "--paper", "a4", "--quality", "95"])
        #expect(run.status == 0, "\(run.stderr)")
        let pages = try Self.render(pdf, dpi: 50, in: try TemporaryFolder())
        try #require(pages.count == 1, "four Minis fit one A4 sheet")
        #expect(abs(pages[0].width - 413) <= 1 && abs(pages[0].height - 585) <= 1, "A4 at 50 dpi: \(pages[0].width)×\(pages[0].height)")
        // First row centred: (190 − 3 × 54 − 2 × 5) / 2 + 10 = 19 mm from the left, 10 mm from the top.
        let x = Int((19 / 25.4 * 50).rounded()), y = Int((10 / 25.4 * 50).rounded())
        let scan = scans[0].1
        let size = PixelSize(width: scan.width - 2, height: scan.height - 2)
        let expected = try Self.resample(scan, spanning: (54, 86), dpi: 50, to: size)
        let (deltaE, psnr) = Self.compare(try Self.crop(pages[0], to: size, x: x, y: y), expected)
        print("album rendering, sheet at 50 dpi: mean ΔE00 \(deltaE), PSNR \(psnr) dB")
        #expect(deltaE < 2 && psnr > 22, "ΔE00 \(deltaE), PSNR \(psnr) dB")
    }
}
