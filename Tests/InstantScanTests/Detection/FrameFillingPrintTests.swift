import Testing
@testable import InstantScan

/// A print photographed close, filling the frame: its card's edges lie a few pixels from the photo's,
/// with only a sliver of the table beyond them. The step from card to table is in view there and is
/// the card's edge; the search across it must use the pixels the photo has, and the border's contrast
/// with the table must be read in that sliver.
@Suite("A print filling the frame")
struct FrameFillingPrintTests {
    /// A card of `format`, `height` pixels tall and square to the photo, with `margin` pixels of
    /// `surface` on every side of it.
    static func scene(_ format: PrintFormat, height: Double, margin: Double, surface: SceneMaker.Surface,
                      cardColor: (Double, Double, Double) = (246, 244, 236)) -> SceneMaker {
        let width = (height * format.cardAspect).rounded()
        var s = SceneMaker()
        s.width = Int(width + 2 * margin)
        s.height = Int(height + 2 * margin)
        s.surface = surface
        s.shadow = 0.15
        let card = Quad(Point(margin, margin), Point(margin + width, margin), Point(margin + width, margin + height),
                        Point(margin, margin + height))
        s.prints = [.init(format: format, corners: card, cardColor: cardColor, pictureSeed: 4)]
        return s
    }

    static let scenes: [(String, SceneMaker)] = [
        ("a Polaroid 600 on wood", scene(.polaroid600, height: 760, margin: 5, surface: .wood(angle: 0.1))),
        ("an Instax Mini on a dark table", scene(.instaxMini, height: 760, margin: 5, surface: .dark)),
        ("an Instax Square on cloth", scene(.instaxSquare, height: 700, margin: 6, surface: .cloth)),
    ]

    @Test("found and placed, each card side measured, 5–6 px of table beyond it",
          arguments: scenes.indices)
    func foundAtFullWorkingSize(_ index: Int) throws {
        let (name, scene) = Self.scenes[index]
        let found = try PrintDetectorTests.detect(scene)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found), "\(name): not found")
        #expect(found.count == 1, "\(name): \(found.count) prints")
        #expect(print.format == scene.prints[0].format, "\(name): \(String(describing: print.format))")
        #expect(print.measuredEdges.allSatisfy { $0 }, "\(name): edges measured \(print.measuredEdges)")
        SettingDetectionTests.expectPlaced(print, scene.prints[0], share: 0.003)
    }

    @Test("found and placed when the working image is a fraction of the photo (the table a pixel or two there)",
          arguments: scenes.indices)
    func foundOnASmallWorkingImage(_ index: Int) throws {
        let (name, scene) = Self.scenes[index]
        // A 12 MP photo is searched at about a third of its size: the same sliver of table is then
        // narrower than the strip the border's contrast is read at.
        let found = try PrintDetectorTests.detect(scene, options: DetectionOptions(workingLongSide: 300))
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found), "\(name): not found")
        #expect(print.format == scene.prints[0].format, "\(name): \(String(describing: print.format))")
        SettingDetectionTests.expectPlaced(print, scene.prints[0], share: 0.005)
    }
}
