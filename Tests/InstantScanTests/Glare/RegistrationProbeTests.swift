import Foundation
import Testing
@testable import InstantScan

/// Registration alone: a known shift of the neutral print, and shots without glare whose corners
/// are off by a known amount.
@Suite struct ShotAlignerTests {
    @Test func aKnownShiftIsFound() throws {
        let card = try GlarePrint().renderNeutral()
        let ref = FloatPlane.luma(of: card)
        var mov = FloatPlane(width: ref.width, height: ref.height)
        for y in 0..<ref.height { for x in 0..<ref.width { mov[x, y] = ref.clampedSample(Double(x) - 3, Double(y) + 2) } }
        let found = ShotAligner().align(reference: ref, moving: mov) { _, _ in 1 }.referenceToShot.apply(Point(100, 100))
        #expect(abs(found.x - 103) < 0.05 && abs(found.y - 98) < 0.05, "\(found)")
    }

    @Test func cornersOffByTwoPixelsAreRegistered() throws {
        let print = GlarePrint()
        var shots: [Shot] = []
        for i in [0, 2] {
            let layout = ShotMergerTests.layouts[i]
            let photo = try print.renderShot(corners: layout.corners, cast: [1, 0.8, 0.6], blobs: [], seed: 5)
            shots.append(Shot(data: try OutputEncoder(format: .png(.fast)).encode(photo, profile: .srgb), name: "s\(i)",
                              corners: Quad(corners: layout.corners.corners.map { Point($0.x + (i == 0 ? 2 : 0), $0.y) })))
        }
        let merged = try ShotMerger(options: ShotMergerTests.options).merge(shots)
        // 2 photo pixels at the first shot's scale (1.05) in the reference's output (1.08).
        #expect(abs(merged.shots[0].shift.x + 2 * 1.08 / 1.05) < 0.3, "\(merged.shots[0].shift)")
        #expect(abs(merged.shots[0].shift.y) < 0.3, "\(merged.shots[0].shift)")
    }
}
