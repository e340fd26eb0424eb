import Foundation
import Testing
@testable import CLISupport
@testable import instantscan
@testable import InstantScan

/// One print, the same keys wherever it appears.
@Suite struct PrintJSONTests {
    static let detected = DetectedPrint(format: .instaxMini, card: Quad(rectangleWidth: 54, height: 86), window: nil,
                                        confidence: 0.5, touchesImageBorder: true)

    func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(value.jsonString().utf8)) as? [String: Any])
    }

    @Test func aDetectedPrintHasTheModelsKeysInCamelCase() throws {
        let json = try object(PrintJSON(Self.detected))
        #expect(Set(json.keys) == ["format", "corners", "confidence", "touchesBorder", "uncertain", "aspectRatio", "edges"],
                "no window: left out")
        #expect(json["format"] as? String == "instax-mini")
        #expect((json["corners"] as? [[Double]])?[2] == [54, 86])
        #expect(json["touchesBorder"] as? Bool == true)
        #expect(json["edges"] as? [String: String] == ["top": "measured", "right": "measured", "bottom": "measured", "left": "measured"])
    }

    @Test func aDetectedWindowReportsWhichSidesWereMeasured() throws {
        var print = Self.detected
        print.window = Quad(Point(3, 3), Point(51, 3), Point(51, 65), Point(3, 65))
        print.measuredEdges = [true, true, false, true]
        print.measuredWindowEdges = [false, true, true, true]
        let json = try object(PrintJSON(print))
        #expect(json["windowEdges"] as? [String: String] == ["top": "inferred", "right": "measured", "bottom": "measured", "left": "measured"])
        #expect(json["edges"] as? [String: String] == ["top": "measured", "right": "measured", "bottom": "inferred", "left": "measured"],
                "the card's sides apart from the window's")
        print.measuredWindowEdges = [true, true, true, true]
        #expect(try object(PrintJSON(print))["windowEdges"] as? [String: String]
                == ["top": "measured", "right": "measured", "bottom": "measured", "left": "measured"])
    }

    @Test func aBatchLineCarriesThePrintsKeysBesideItsOwn() throws {
        let print = ScannedPrint(image: try PixelBuffer(width: 4, height: 6), profile: .srgb, card: Self.detected.card,
                                 window: nil, format: .instaxMini, confidence: 0.5)
        let line = BatchLine.Line(photo: "p.jpg", output: "out/p.png",
                                  print: PrintJSON(PhotoOutcome.Print(path: "out/p.png", scanned: print, thumbnail: nil)))
        let json = try object(line)
        #expect(Set(json.keys) == ["photo", "output", "format", "corners", "confidence"])
        let scanned = try object(ScanReport.Output(path: "out/p.png", print: print))
        #expect(Set(scanned.keys) == ["path", "format", "corners", "confidence", "width", "height"])
    }
}
