import Foundation
import Testing
@testable import InstantScan

/// Detection on the photos in Samples/ against their ground truth (written by
/// Samples/make_samples.py from the geometry it rendered with).
@Suite struct SampleGoldenCornersTests {
    struct Truth: Decodable {
        struct Print: Decodable {
            var format: String
            var corners: [[Double]]
            var window: [[Double]]
        }
        var image: String
        var size: [Int]
        var prints: [Print]
    }

    static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("Samples")
    }()

    static let samples: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }()

    static func quad(_ points: [[Double]]) -> Quad {
        Quad(corners: points.map { Point($0[0], $0[1]) })
    }

    @Test func thereAreSamples() {
        #expect(Self.samples.count >= 4)
    }

    /// Every print found, none extra; each card's corners in the right order within 1 % of its
    /// diagonal (the issue's bar), its format right, its window within 1.5 %.
    @Test(arguments: samples)
    func detectionMatchesTheGoldenCorners(sample: String) throws {
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: Self.folder.appendingPathComponent(sample)))
        let decoded = try ImageReader.decode(try PhotoFile.read(Self.folder.appendingPathComponent(truth.image).path))
        #expect(decoded.orientation.uprightSize(stored: decoded.pixels.size) == PixelSize(width: truth.size[0], height: truth.size[1]))
        let found = try PrintDetector().detect(in: decoded.pixels, orientation: decoded.orientation)
        #expect(found.count == truth.prints.count, "\(sample): found \(found.count) prints")
        for print in truth.prints {
            let card = Self.quad(print.corners)
            let diagonal = card.topLeft.distance(to: card.bottomRight)
            guard let match = found.min(by: { $0.card.centroid.distance(to: card.centroid) < $1.card.centroid.distance(to: card.centroid) }) else {
                Issue.record("\(sample): no print found near \(card.centroid)")
                continue
            }
            let error = zip(match.card.corners, card.corners).map { $0.distance(to: $1) }.max()!
            #expect(error <= 0.01 * diagonal, "\(sample) \(print.format): corner error \(error) px (diagonal \(diagonal))")
            #expect(match.format?.rawValue == print.format, "\(sample): format \(String(describing: match.format))")
            if let window = match.window {
                let truthWindow = Self.quad(print.window)
                let windowError = zip(window.corners, truthWindow.corners).map { $0.distance(to: $1) }.max()!
                #expect(windowError <= 0.015 * diagonal, "\(sample): window error \(windowError) px")
            } else {
                Issue.record("\(sample): no window for the \(print.format)")
            }
        }
    }
}
