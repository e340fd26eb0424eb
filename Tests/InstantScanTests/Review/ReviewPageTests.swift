import Foundation
import Testing
@testable import InstantScan
@testable import instantscan_review

/// The review page in headless Chromium, driven as a person would (real pointer and key events
/// over the DevTools protocol): drag a wrong corner onto the print's true corner, press Re-scan,
/// and check what the server and the batch then hold; and a screenshot for the drawn quads.
@Suite struct ReviewPageTests {
    @Test(.enabled(if: DevToolsBrowser.executable != nil, "needs Debian's chromium package (make test installs it)"))
    func dragACornerOntoThePrintAndRescan() async throws {
        let f = try await ReviewFixture.make()
        let id = try #require(try await f.photos()["IMG_0001.jpg"]?["id"] as? String)
        // A deliberately wrong quad: the top-left corner 70 pixels right of and 50 below the truth.
        let truth = ReviewFixture.truth.corners
        var wrong = truth
        wrong[0] = wrong[0] + Point(70, 50)
        let placed = try await f.put(id, ["prints": [["corners": ReviewFixture.json(Quad(corners: wrong))]]])
        #expect(placed.status == 200, "\(placed.text)")
        let before = try Data(contentsOf: URL(fileURLWithPath: f.scans + "/IMG_0001-1.png"))

        let browser = try DevToolsBrowser(url: "http://127.0.0.1:\(f.port)/?token=\(ReviewFixture.token.value)", width: 1400, height: 900)
        try await browser.waitUntil("document.querySelectorAll('#photos button').length === 2")
        // The photo without a scan comes first; J goes on to the one with the print.
        try await browser.waitUntil("document.querySelector('#photos button.current .name').textContent === 'IMG_0002.jpg'")
        try await browser.press("j", code: "KeyJ", keyCode: 74)
        try await browser.waitUntil("document.querySelector('#photos button.current .name').textContent === 'IMG_0001.jpg' && document.getElementById('preview').complete && document.querySelectorAll('#overlay circle.corner').length === 4")

        let shot = try ImageReader.decode(Array(try await browser.screenshot())).pixels
        #expect(Self.count(in: shot) { p in p[2] > 180 && p[2] - p[0] > 120 && p[1] > 80 && p[1] < 150 } > 400,
                "the card's outline (blue: set by hand) is drawn")

        // Where the handle is, and where the true corner is, in page pixels.
        let handle = try #require(try await browser.evaluate(
            "(() => { const r = document.querySelector('#overlay circle.corner.tl').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()") as? [Double])
        let target = try #require(try await browser.evaluate(
            "(() => { const m = document.getElementById('overlay').getScreenCTM(); const x = \(truth[0].x), y = \(truth[0].y); return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]; })()") as? [Double])
        #expect(hypot(handle[0] - target[0], handle[1] - target[1]) > 20, "the wrong corner is away from the truth")

        try await browser.mouse("mousePressed", x: handle[0], y: handle[1], pressed: true)
        for step in 1...8 {
            let t = Double(step) / 8
            try await browser.mouse("mouseMoved", x: handle[0] + (target[0] - handle[0]) * t, y: handle[1] + (target[1] - handle[1]) * t, pressed: true)
        }
        #expect(try await browser.evaluate("!document.getElementById('magnifier').hidden") as? Bool == true, "the magnifier shows while dragging")
        try await browser.mouse("mouseReleased", x: target[0], y: target[1], pressed: false)
        #expect(try await browser.evaluate("document.getElementById('magnifier').hidden") as? Bool == true)

        let rescan = try #require(try await browser.evaluate(
            "(() => { const r = document.getElementById('rescan').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()") as? [Double])
        try await browser.click(x: rescan[0], y: rescan[1])
        try await browser.waitUntil("document.getElementById('hint').textContent.startsWith('Re-scanned')")
        #expect(try await browser.evaluate("document.querySelector('#scan-list img').src.includes('/scan/\(id)/1')") as? Bool == true)

        // The server re-scanned the photo at the dragged corner: within a few photo pixels of
        // the truth (a screen pixel is about one here), the other three as they were.
        let photo = try #require(try await f.photos()["IMG_0001.jpg"])
        let corners = try #require((photo["prints"] as? [[String: Any]])?.first?["corners"] as? [[Double]])
        #expect(hypot(corners[0][0] - truth[0].x, corners[0][1] - truth[0].y) < 3, "\(corners[0]) vs \(truth[0])")
        for k in 1..<4 {
            #expect(hypot(corners[k][0] - wrong[k].x, corners[k][1] - wrong[k].y) < 1e-6)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.scans + "/IMG_0001-1.png")) != before, "the scan was written again")
        let entry = try #require(try BatchManifest(outputFolder: f.scans).entries["IMG_0001.jpg"])
        #expect(entry.state == .done && entry.prints?.first?.manual == true)
    }

    /// A false detection: select the print (Tab), delete it, Accept. The server then records that
    /// the photo has no print and its scan is gone.
    @Test(.enabled(if: DevToolsBrowser.executable != nil, "needs Debian's chromium package (make test installs it)"))
    func deletingTheLastPrintThenAcceptRecordsNone() async throws {
        let f = try await ReviewFixture.make()
        let browser = try DevToolsBrowser(url: "http://127.0.0.1:\(f.port)/?token=\(ReviewFixture.token.value)", width: 1400, height: 900)
        try await browser.waitUntil("document.querySelectorAll('#photos button').length === 2")
        try await browser.press("j", code: "KeyJ", keyCode: 74)
        try await browser.waitUntil("document.querySelector('#photos button.current .name').textContent === 'IMG_0001.jpg' && document.querySelectorAll('#overlay circle.corner').length === 4")
        try await browser.press("Tab", code: "Tab", keyCode: 9)
        try await browser.press("Delete", code: "Delete", keyCode: 46)
        try await browser.waitUntil("document.querySelectorAll('#overlay circle.corner').length === 0")
        #expect(try await browser.evaluate("document.getElementById('hint').textContent.includes('Accept')") as? Bool == true)
        try await browser.press("Enter", code: "Enter", keyCode: 13)
        try await browser.waitUntil("document.getElementById('hint').textContent.startsWith('Recorded: this photo has no print') || document.getElementById('hint').textContent.startsWith('That was the last photo')")
        #expect(!FileManager.default.fileExists(atPath: f.scans + "/IMG_0001-1.png"))
        let photo = try #require(try await f.photos()["IMG_0001.jpg"])
        #expect(photo["status"] as? String == "fixed" && (photo["prints"] as? [Any])?.isEmpty == true)
    }

    static func count(in image: PixelBuffer, where test: ([Int]) -> Bool) -> Int {
        var n = 0
        for y in 0..<image.height {
            for x in 0..<image.width where test(image[x, y].map(Int.init)) { n += 1 }
        }
        return n
    }
}
