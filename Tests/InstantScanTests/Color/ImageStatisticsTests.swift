import Foundation
import Testing
@testable import InstantScan

/// The colour-constancy statistics keep 8-bit codes rather than arrays of doubles (a scan's peak
/// memory): every cue must still be exactly the one the arrays of doubles gave.
@Suite struct ImageStatisticsTests {
    /// The statistics as they were computed before: linear values and edge differences as doubles,
    /// appended in grid order.
    struct Reference {
        var linear: [[Double]] = [[], [], []]
        var edges: [[Double]] = [[], [], []]

        init(image: PixelBuffer, step: Int, includes: (Int, Int) -> Bool) {
            func read(_ x: Int, _ y: Int) -> [Double]? {
                guard x < image.width, y < image.height, includes(x, y) else { return nil }
                let p = image[x, y]
                guard p[0] < FrameLightFit.clipCode, p[1] < FrameLightFit.clipCode, p[2] < FrameLightFit.clipCode
                else { return nil }
                return (0..<3).map { Double(LinearLight.decodeTable[Int(p[$0])]) }
            }
            for y in stride(from: step / 2, to: image.height, by: step) {
                for x in stride(from: step / 2, to: image.width, by: step) {
                    guard let here = read(x, y) else { continue }
                    for c in 0..<3 { linear[c].append(here[c]) }
                    for neighbour in [read(x + step, y), read(x, y + step)] {
                        guard let neighbour else { continue }
                        for c in 0..<3 { edges[c].append(abs(neighbour[c] - here[c])) }
                    }
                }
            }
        }

        static func minkowski(_ values: [[Double]], _ p: Double) -> LightChroma? {
            guard let n = values.first?.count, n > 0 else { return nil }
            let power: (Double) -> Double = p == 6 ? { let cube = $0 * $0 * $0; return cube * cube } : { pow($0, p) }
            let means = values.map { pow($0.reduce(0) { $0 + power($1) } / Double(n), 1 / p) }
            return means.allSatisfy({ $0 > 1e-6 }) ? LightChroma(rgb: means) : nil
        }

        func nearNeutral(from start: LightChroma, in space: WorkingSpace) -> LightChroma? {
            var chromas: [LightChroma] = [], weights: [Double] = []
            let y = (space.toXYZ[3], space.toXYZ[4], space.toXYZ[5])
            for i in linear[0].indices where linear[0][i] > 0.01 && linear[1][i] > 0.01 && linear[2][i] > 0.01 {
                chromas.append(LightChroma(rg: log(linear[0][i] / linear[1][i]), bg: log(linear[2][i] / linear[1][i])))
                weights.append(y.0 * linear[0][i] + y.1 * linear[1][i] + y.2 * linear[2][i])
            }
            var centre = start
            for radius in [0.4, 0.25, 0.15] {
                var sum = LightChroma(rg: 0, bg: 0), total = 0.0, n = 0
                for (c, w) in zip(chromas, weights) where c.distance(to: centre) < radius {
                    sum = sum + c * w
                    total += w
                    n += 1
                }
                guard n >= 50, total > 0 else { return radius == 0.4 ? nil : centre }
                centre = sum * (1 / total)
            }
            return centre
        }
    }

    static func images() throws -> [PixelBuffer] {
        [try TestImages.smoothTexture(width: 211, height: 157),
         try ColorTestImages.random(width: 97, height: 61, seed: 7)]
    }

    @Test(arguments: [1, 3])
    func theCuesAreTheDoublesOfBefore(step: Int) throws {
        for image in try Self.images() {
            // A window with a margin, as the picture's cues use, so edges at its border drop out.
            let includes: (Int, Int) -> Bool = { x, y in x >= 9 && x < image.width - 11 && y >= 7 && y < image.height - 5 }
            let statistics = ImageStatistics(image: image, step: step, includes: includes)
            let reference = Reference(image: image, step: step, includes: includes)
            #expect(statistics.count == reference.linear[0].count && statistics.count > 0)
            #expect(statistics.edgeCount == reference.edges[0].count)
            for p in [2.0, 6.0] {
                #expect(statistics.shadesOfGray(p) == Reference.minkowski(reference.linear, p))
                #expect(statistics.grayEdge(p) == Reference.minkowski(reference.edges, p))
            }
            let start = try #require(Reference.minkowski(reference.linear, 2))
            #expect(statistics.nearNeutral(from: start, in: .srgb) == reference.nearNeutral(from: start, in: .srgb))
        }
    }

    /// White balance reads the scene's grid in parts of its rows on two cores and joins them: every
    /// cue must be the one a single reading of the whole grid gives (samples and edges in order,
    /// each part's last row reading its edges down into the next part).
    @Test(arguments: [1, 3])
    func partsJoinedAreTheWholeGrid(step: Int) throws {
        for image in try Self.images() {
            let (columns, rows) = (9..<(image.width - 11), 7..<(image.height - 5))
            let includes: (Int, Int) -> Bool = { x, y in columns.contains(x) && rows.contains(y) }
            let whole = ImageStatistics(image: image, step: step, columns: columns, rows: rows, includes: includes)
            // Cuts on and off the grid's rows, and an empty part.
            let cuts = [rows.lowerBound, rows.lowerBound + 10, rows.lowerBound + 10, rows.lowerBound + 23, rows.upperBound]
            let parts = zip(cuts, cuts.dropFirst()).map { ImageStatistics(image: image, step: step, columns: columns, rows: $0..<$1,
                                                                          includes: includes) }
            let joined = ImageStatistics(joining: parts)
            #expect(parts.filter { $0.count > 0 }.count == 3)
            #expect(joined.count == whole.count && joined.count > 0)
            #expect(joined.edgeCount == whole.edgeCount && joined.gridPoints == whole.gridPoints)
            for p in [2.0, 6.0] {
                #expect(joined.shadesOfGray(p) == whole.shadesOfGray(p))
                #expect(joined.grayEdge(p) == whole.grayEdge(p))
            }
            let start = try #require(whole.shadesOfGray(2))
            #expect(joined.nearNeutral(from: start, in: .srgb) == whole.nearNeutral(from: start, in: .srgb))
        }
    }
}
