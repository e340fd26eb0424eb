import Testing
@testable import InstantScan

/// A side's support given up part way, once it can no longer exceed a bar: the template test's
/// shifted sides that could not beat the template's own.
@Suite("Edge evidence given up part way")
struct EdgeEvidenceCutTests {
    /// Sides of every quad the line search finds in `scene`, each also moved a few pixels along its
    /// normal (most such sides lie beside an edge, some on texture, some on glare).
    static func sides(_ scene: SceneMaker) throws -> (EdgeEvidence, [(Point, Point)]) {
        let work = BoxDownsampler.workingImage(try scene.render(), orientation: .up, maximumLongSide: 1024)
        let gradient = ColorGradient(work)
        let lines = CollinearMerger().merge(LineSegmentDetector().detect(in: gradient))
        var generator = QuadHypothesisGenerator()
        generator.minimumSide = 12
        let quads = generator.hypotheses(from: lines, width: work.width, height: work.height)
        var sides: [(Point, Point)] = []
        for quad in quads.prefix(60).map(\.quad) {
            for i in 0..<4 {
                let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
                let d = b - a, length = (d.x * d.x + d.y * d.y).squareRoot()
                guard length > 0 else { continue }
                let normal = Point(-d.y / length, d.x / length)
                for shift in [0.0, 1.5, -3] { sides.append((a + normal * shift, b + normal * shift)) }
            }
        }
        return (EdgeEvidence(gradient: gradient, blind: work.clippedMask()), sides)
    }

    @Test("a side is given up only when its whole look would not exceed the bar, and is otherwise the whole look",
          arguments: ["three prints", "glare on an edge"])
    func givenUpOnlyWhenHopeless(_ name: String) throws {
        let (evidence, sides) = try Self.sides(name == "three prints" ? DetectionScenes.threePrints
                                                                         : DetectionScenes.glareOnEdge)
        #expect(sides.count > 100)
        var givenUp = 0, kept = 0
        for (a, b) in sides {
            for samples in [16, 64] {
                let whole = evidence.support(from: a, to: b, trim: 0.06, maximumSamples: samples)
                for bar in [0.1, 0.35, 0.6, 0.85, 0.95] {
                    if let cut = evidence.support(from: a, to: b, trim: 0.06, maximumSamples: samples, exceeding: bar) {
                        kept += 1
                        #expect(cut.supported == whole.supported && cut.visible == whole.visible
                                && cut.blind == whole.blind && cut.total == whole.total)
                    } else {
                        givenUp += 1
                        #expect(whole.fraction <= bar && whole.visibleFraction <= bar)
                    }
                }
            }
        }
        // Both answers come up, so both are tested.
        #expect(givenUp > 50 && kept > 50)
    }
}
