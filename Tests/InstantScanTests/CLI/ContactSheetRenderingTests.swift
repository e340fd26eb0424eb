import Foundation
import Testing
@testable import InstantScan

/// Renders a batch's contact sheet in headless Chromium, as a person would open it, and checks the
/// screenshot: the preview with its drawn quad and the scan's thumbnail must be on the page (data
/// URIs that a browser could not decode would leave blank boxes that no HTML check would notice).
@Suite struct ContactSheetRenderingTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: chromium != nil, "needs Debian's chromium package (make test installs it)"))
    func theReportShowsPreviewsAndThumbnails() throws {
        let input = try TemporaryFolder()
        try Data(try JPEGEncoder.encode(try DetectionScenes.woodGrain.render(), quality: 92))
            .write(to: input.url.appendingPathComponent("IMG_0001.jpg"))
        let output = try TemporaryFolder()
        let report = output.path("report.html")
        let run = try CLIRunner.run(["batch", input.url.path, "-o", output.path("scans"), "--report", report, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")

        let shot = output.path("shot.png")
        let browser = try ChildProcess.run(Self.chromium!, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                             "--window-size=1000,800", "--screenshot=\(shot)",
                                                             URL(fileURLWithPath: report).absoluteString])
        #expect(!browser.hung, "chromium still running after 600 s")
        let image = try ImageReader.decode(try PhotoFile.read(shot)).pixels

        // The preview: the card's outline in the overlay's green and the top-left corner's red dot.
        var green = 0, red = 0, colourfulRightOfPreview = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y].map(Int.init)
                if p[1] > 160 && p[1] - p[0] > 80 && p[1] - p[2] > 50 { green += 1 }
                if p[0] > 170 && p[0] - p[1] > 110 && p[0] - p[2] > 80 { red += 1 }
                // The scan's thumbnail sits right of the 480-pixel preview; the page there is white.
                if x > 540 && p.max()! - p.min()! > 40 { colourfulRightOfPreview += 1 }
            }
        }
        #expect(green > 300, "quad outline pixels: \(green)")
        #expect(red > 20, "top-left marker pixels: \(red)")
        #expect(colourfulRightOfPreview > 5000, "thumbnail pixels: \(colourfulRightOfPreview)")
    }
}
