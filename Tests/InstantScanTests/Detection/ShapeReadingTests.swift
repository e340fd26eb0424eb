import Foundation
import Testing
@testable import InstantScan

/// A place whose measured card has another format's shape than the format it was first read as: a
/// Polaroid Go whose window glare half hid was taken for a Spectra, whose card is a third wider, and
/// the shape rule then dropped the print under the confidence floor.
@Suite("Readings chosen by the measured card's shape")
struct ShapeReadingTests {
    /// A Polaroid Go on a table, as the suite's scenes place one.
    private static let scene: SceneMaker = {
        var s = SceneMaker()
        s.surface = .plain(120, 110, 100)
        s.prints = [SceneMaker.Print(format: .polaroidGo,
                                     corners: SceneMaker.corners(format: .polaroidGo, center: Point(600, 450),
                                                                 height: 500, rotation: -0.1))]
        return s
    }()

    private static let bench = SelectionBench(scene: scene)
    private static var upright: PixelSize { bench.upright }
    private static var card: Quad { scene.prints[0].corners }

    private static func hypothesis(_ format: PrintFormat, score: Double) -> PrintHypothesis {
        bench.hypothesis(format, card: card, score: score)
    }

    private static func select(_ ranked: [PrintHypothesis], consistent: @escaping (PrintHypothesis) -> Bool = { _ in true })
        -> [(PrintHypothesis, DetectedPrint)] {
        bench.select(ranked, consistent: consistent)
    }

    private static func shapeFactor(_ format: PrintFormat) -> Double {
        PrintDetector().shapeFactor(of: DetectedPrint(format: format, card: card, window: card, confidence: 1,
                                                      touchesImageBorder: false), upright: upright)
    }

    @Test("the Go's card is no Spectra's shape")
    func premise() {
        #expect(Self.shapeFactor(.polaroidGo) == 1)
        #expect(Self.shapeFactor(.polaroidSpectra) < 1)
    }

    @Test("a near tie goes to the format whose shape the card has")
    func nearTie() throws {
        let chosen = Self.select([Self.hypothesis(.polaroidSpectra, score: 0.639),
                                  Self.hypothesis(.polaroidGo, score: 0.638)])
        try #require(chosen.count == 1)
        #expect(chosen[0].1.format == .polaroidGo)
        #expect(chosen[0].0.score == 0.638)
    }

    @Test("an alternative worth less than the penalised reading does not displace it")
    func weakAlternative() throws {
        let chosen = Self.select([Self.hypothesis(.polaroidSpectra, score: 0.95),
                                  Self.hypothesis(.polaroidGo, score: 0.7)])
        try #require(chosen.count == 1)
        #expect(chosen[0].1.format == .polaroidSpectra)
    }

    @Test("an alternative that does not refine consistently does not displace it")
    func inconsistentAlternative() throws {
        let chosen = Self.select([Self.hypothesis(.polaroidSpectra, score: 0.639),
                                  Self.hypothesis(.polaroidGo, score: 0.638)]) { $0.format != .polaroidGo }
        try #require(chosen.count == 1)
        #expect(chosen[0].1.format == .polaroidSpectra)
    }
}
