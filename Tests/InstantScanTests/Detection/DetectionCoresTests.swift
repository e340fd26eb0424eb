import Foundation
import Testing
@testable import InstantScan

/// Detection shares its independent judgements (border bands, quads' templates, the outline
/// search's sizes and turns, prints' full-resolution edges) and its per-row passes (the working
/// copy, the gradient) among the cores: what it finds must not depend on how many there are.
@Suite("Detection on several cores")
struct DetectionCoresTests {
    @Test("a parallel map gives the serial map's results in index order")
    func mapKeepsOrder() {
        let serial = ProcessInfoCores.withLimit(1) { RowBands.map(257) { $0 * $0 - 3 } }
        let parallel = ProcessInfoCores.withLimit(2) { RowBands.map(257) { $0 * $0 - 3 } }
        #expect(serial == (0..<257).map { $0 * $0 - 3 })
        #expect(parallel == serial)
        #expect(RowBands.map(0) { $0 }.isEmpty)
    }

    @Test("both runs each body once and returns their results in order, on one core and on two")
    func bothKeepsOrder() {
        for cores in [1, 2] {
            let (squares, text) = ProcessInfoCores.withLimit(cores) {
                RowBands.both({ (0..<1000).map { $0 * $0 } }, { String(repeating: "ab", count: 3) })
            }
            #expect(squares == (0..<1000).map { $0 * $0 })
            #expect(text == "ababab")
        }
    }

    /// The segments' candidates come from a pass in bands of rows: joined in order, they must be
    /// the pixels one pass over every row finds, in index order, with the same counts.
    @Test("line-segment candidates are one pass's, on one core and on two")
    func segmentCandidatesSameOnAnyCores() throws {
        let stored = try WallRowScenes.patternedRow.renderStored(.right)
        let work = BoxDownsampler.workingImage(stored, orientation: .right, maximumLongSide: DetectionOptions().workingLongSide)
        let gradient = ColorGradient(work)
        let detector = LineSegmentDetector()
        var expected: [Int32] = []
        for y in 1..<(gradient.height - 1) {
            for x in 1..<(gradient.width - 1) {
                let i = y * gradient.width + x
                if gradient.ridge[i] != 0 && gradient.magnitude[i] >= detector.magnitudeThreshold { expected.append(Int32(i)) }
            }
        }
        #expect(expected.count > 1000)
        for cores in [1, 2] {
            let found = ProcessInfoCores.withLimit(cores) { detector.candidates(in: gradient) }
            #expect(found.pixels == expected)
            #expect(found.counts.reduce(0, +) == expected.count)
            #expect(found.counts == ProcessInfoCores.withLimit(1) { detector.candidates(in: gradient) }.counts)
        }
        let one = ProcessInfoCores.withLimit(1) { detector.detect(in: gradient) }
        let two = ProcessInfoCores.withLimit(2) { detector.detect(in: gradient) }
        #expect(!one.isEmpty)
        #expect("\(two)" == "\(one)")
    }

    @Test("costly bands cover every row once, in two bands a core, and one band on one core")
    func costlyBandsCoverRows() {
        for rows in [1..<2, 1..<599, 0..<31, 5..<800] {
            let bands = ProcessInfoCores.withLimit(2) { RowBands.costlyBands(rows) }
            #expect(bands.first?.lowerBound == rows.lowerBound && bands.last?.upperBound == rows.upperBound)
            #expect(zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(bands.allSatisfy { !$0.isEmpty })
            #expect(bands.count == max(1, min(4, rows.count / 32)))
            #expect(ProcessInfoCores.withLimit(1) { RowBands.costlyBands(rows) } == [rows])
        }
    }

    /// A wall row with striped and dotted frames: the template test, the ranking's border bands,
    /// the texture pass and the outline search all run; every print and candidate must come out
    /// the same to the last bit on one core and on two.
    @Test("a wall row is detected the same on one core and on two")
    func wallRowSameOnAnyCores() throws {
        let scene = WallRowScenes.patternedRow
        let stored = try scene.renderStored(.right)
        func trace(_ cores: Int) throws -> DetectionTrace {
            try ProcessInfoCores.withLimit(cores) { try PrintDetector().analyze(stored, orientation: .right) }
        }
        let one = try trace(1), two = try trace(2)
        #expect(!one.prints.isEmpty)
        #expect("\(two.prints)" == "\(one.prints)")
        #expect("\(two.candidates)" == "\(one.candidates)")
        #expect("\(two.quads)" == "\(one.quads)")
    }

    /// Three prints through the scaled decode: their full-resolution refinements run side by side.
    @Test("three prints refined at full resolution come out the same on one core and on two")
    func scaledDetectionSameOnAnyCores() throws {
        let data = try [UInt8](Data(contentsOf: Self.threePrints))
        func locate(_ cores: Int) throws -> [DetectedPrint] {
            try ProcessInfoCores.withLimit(cores) {
                var timings = StageTimings()
                let info = try ImageReader.info(of: data)
                return try #require(try ScaledDetection(detection: .init(), maximumPixels: 100_000_000)
                    .locate(data, info: info, timings: &timings)).prints
            }
        }
        let one = try locate(1), two = try locate(2)
        #expect(one.count == 3)
        #expect("\(two)" == "\(one)")
    }

    static var threePrints: URL {
        var root = URL(fileURLWithPath: #filePath)
        while root.lastPathComponent != "Tests" { root.deleteLastPathComponent() }
        return root.deletingLastPathComponent().appendingPathComponent("Samples/03-three-prints-cloth-fluorescent.jpg")
    }
}
