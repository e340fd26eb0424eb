import Testing
@testable import InstantScan

/// The detector on the settings and frames of ``SettingScenes``: every print found where its card's
/// visible edges are, whatever the frame's colour, and nothing else.
@Suite("Print detection in real settings")
struct SettingDetectionTests {
    /// Corners within `share` of the card's diagonal, in any turn (a frame that hides its thick border
    /// may be read upside down) — the product's measure.
    static func expectPlaced(_ print: DetectedPrint, _ truth: SceneMaker.Print, share: Double,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let off = PrintDetectorTests.diagonalShare(of: print, from: truth)
        #expect(off <= share, "card off by \(off * 100) % of the diagonal", sourceLocation: sourceLocation)
    }

    @Test("a wall of nine small prints leaning back, frames of every colour")
    func wall() throws {
        let scene = SettingScenes.wall
        let found = try PrintDetectorTests.detect(scene)
        // Every print found is placed, and nothing else is reported.
        let matched = PrintDetectorTests.matchedCount(of: scene.prints, in: found)
        let placed = PrintDetectorTests.placedCount(of: scene.prints, in: found, share: 0.01)
        #expect(matched == found.count, "\(found.count - matched) false prints")
        // All nine within 1%: the striped frame, whose edges give no quad at this tilt, is found by its
        // outline in the shape its neighbours in the row bracket.
        #expect(placed == scene.prints.count)
    }

    @Test("frames of any colour: white, yellowed, black, red, teal", arguments: 0..<5)
    func frameColour(_ index: Int) throws {
        let scene = SettingScenes.frame(SettingScenes.frames[index])
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        Self.expectPlaced(print, scene.prints[0], share: 0.002)
        #expect(print.format == .instaxSquare)
        #expect(print.measuredEdges == [true, true, true, true])
        #expect(!print.isUncertain)
    }

    @Test("a card off its nominal size: its visible edges win over the template")
    func offNominalCard() throws {
        let scene = SettingScenes.offNominalCard
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        let error = (0..<4).map { PrintDetectorTests.cornerError(print.card.rotatingOrder(by: $0), scene.prints[0].corners) }.min()!
        // The template would put the right and bottom edges some 8 px off.
        #expect(error <= 1.5, "card corners off by \(error) px")
        #expect(print.measuredEdges.allSatisfy { $0 })
    }

    @Test("Polaroid Image/Spectra is recognised")
    func spectra() throws {
        let scene = SettingScenes.spectra
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        #expect(print.format == .polaroidSpectra)
        #expect(PrintDetectorTests.cornerError(print.card, scene.prints[0].corners) <= PrintDetectorTests.loose)
        #expect(abs(print.measuredAspect / PrintFormat.polaroidSpectra.cardAspect - 1) < 0.02)
    }

    @Test("a thumb over the bottom edge: found, placed, the edge still measured beside the thumb")
    func thumbOverEdge() throws {
        let scene = SettingScenes.thumbOverEdge
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        Self.expectPlaced(print, scene.prints[0], share: 0.005)
    }

    @Test("an album page: nine prints in clear sleeves, found inside the page's many quads, nothing false")
    func albumPage() throws {
        let scene = SettingScenes.albumPage
        let found = try PrintDetectorTests.detect(scene)
        // Nothing reported outside the prints (the page, a seam, two pockets).
        #expect(found.allSatisfy { f in scene.prints.contains { ConvexOverlap.iou(f.card, $0.corners) > 0.3 } })
        let placed = PrintDetectorTests.placedCount(of: scene.prints, in: found, share: 0.01)
        // The page's and the seams' closings used to fill the quad list (a release build of main from
        // before per-place quads found none here). Five are placed within 1% at 680ab92, a floor
        // against regressions; the others are read with their pocket or missed.
        #expect(placed >= 5)
        withKnownIssue("prints whose frame is close to the page or the haze are missed or taken with their pocket") {
            #expect(placed == scene.prints.count)
        }
    }

    @Test("a slightly curled card on a table: corners where the bowed sides meet")
    func curledOnTable() throws {
        let scene = SettingScenes.curledOnTable
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        // A straight line through each bowed side would put the corners several pixels off.
        Self.expectPlaced(print, scene.prints[0], share: 0.002)
        #expect(print.format == .polaroid600)
        #expect(print.measuredEdges == [true, true, true, true])
    }

    @Test("a curled card in a hand, a thumb over its border")
    func curledInHand() throws {
        let scene = SettingScenes.curledInHand
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        // Straight sides through the bowed long ones would put the corners several pixels off.
        Self.expectPlaced(print, scene.prints[0], share: 0.002)
        #expect(print.format == .instaxMini)
    }

    @Test("a decorated frame of dots cut by the card's and the window's edges")
    func dottedFrame() throws {
        let scene = SettingScenes.dottedFrame
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        Self.expectPlaced(print, scene.prints[0], share: 0.002)
        #expect(print.format == .instaxSquare)
    }

    @Test("a decorated frame of stripes")
    func patternedFrame() throws {
        let scene = SettingScenes.patternedFrame
        let found = try PrintDetectorTests.detect(scene)
        // Nothing false, at least.
        #expect(found.allSatisfy { PrintDetectorTests.match(scene.prints[0], in: [$0]) != nil })
        // Where the stripes' light colour meets a pale table the card's edge is broken into dashes
        // too short to make lines, so no quad closes around the card.
        withKnownIssue("a striped frame on a pale table is missed") {
            let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
            Self.expectPlaced(print, scene.prints[0], share: 0.01)
        }
    }
}
