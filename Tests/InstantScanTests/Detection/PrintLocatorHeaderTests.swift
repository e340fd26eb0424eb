import Testing
@testable import InstantScan

/// A scan reads the photo's header once (for the colour conversion it builds early) and hands it
/// to the locator, which then decodes by that header rather than parsing the photo's again.
@Suite("The locator and the header it is handed")
struct PrintLocatorHeaderTests {
    @Test func theLocatorDecodesByTheHeaderItIsHanded() throws {
        let jpeg = try JPEGEncoder.encode(try TestImages.smoothTexture(width: 320, height: 240), quality: 90)
        var header = try ImageReader.info(of: jpeg)
        #expect(header.orientation == .up)
        let corners = Quad(corners: [Point(40, 40), Point(200, 40), Point(200, 200), Point(40, 200)])
        let locator = PrintLocator(options: ScanOptions())

        var timings = StageTimings()
        let parsed = try locator.locate(jpeg, corners: corners, timings: &timings) { _, _ in 1 }
        #expect(parsed.upright == PixelSize(width: 320, height: 240))
        #expect(timings.stages.contains { $0.name == "header" })

        // A header that says the photo is stored turned: only the one handed over says so.
        header.orientation = .right
        var handedTimings = StageTimings()
        let handed = try locator.locate(jpeg, header: header, corners: corners, timings: &handedTimings) { _, _ in 1 }
        #expect(handed.upright == PixelSize(width: 240, height: 320))
        #expect(!handedTimings.stages.contains { $0.name == "header" })
    }
}
