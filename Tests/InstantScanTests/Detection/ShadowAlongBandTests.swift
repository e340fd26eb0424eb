import Testing
@testable import InstantScan

/// A patterned print with the edge of the phone's shadow running along a band (between the band and
/// the picture) rather than across it: one side lit, the other three darker by one factor, and the
/// surface beyond each side darker by the same factor.
@Suite("A shadow's edge along a patterned band")
struct ShadowAlongBandTests {
    @Test("a striped Go whose top band alone is lit is found, in its format")
    func stripedGoFound() throws {
        let scene = EdgeOnCardTests.stripedGoInShadow()
        let card = scene.prints[0].corners
        let work = BoxDownsampler.downsample(try scene.render(), orientation: .up, factor: 1)
        let toWork = work.toUpright.inverse
        let window = try #require(PrintTemplate(format: .polaroidGo).window(forCard: card))
        let c = card.mapped(toWork.apply), w = window.mapped(toWork.apply)
        let appearance = BorderAppearance(image: work)
        // The band's sides agree once each is brought to the light of the others.
        let result = appearance.score(card: c, window: w)
        #expect(result.pattern > 0 && result.consistency == 1, "\(result)")
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        for print in found {
            #expect(ConvexOverlap.iou(print.card, card) > 0.95, "\(print.card)")
            #expect(print.format == .polaroidGo)
        }
    }

    @Test("a side darker by one factor is brought to the others' light only where the surface beyond it darkens as much")
    func oneFactorOnBandAndSurface() {
        let appearance = BorderAppearance(image: WorkingImage(width: 1, height: 1, red: [0], green: [0], blue: [0], toUpright: AffineMap.identity))
        let stripes: [BorderAppearance.Color] = (0..<20).map { $0 % 2 == 0 ? (200, 140, 100) : (240, 200, 160) }
        let table: [BorderAppearance.Color] = Array(repeating: (120, 120, 120), count: 12)
        func scaled(_ s: [BorderAppearance.Color], _ f: Float) -> [BorderAppearance.Color] { s.map { ($0.0 * f, $0.1 * f, $0.2 * f) } }
        // Three sides in a shadow keeping four tenths of the light, band and table alike.
        let band = [stripes] + Array(repeating: scaled(stripes, 0.4), count: 3)
        let shaded = [table] + Array(repeating: scaled(table, 0.4), count: 3)
        #expect(appearance.sidesInOneLight(band: band, outside: shaded) != nil)
        #expect(appearance.patternCredit(band: band, outside: shaded).agreement == 1)
        // The same band beside a table lit evenly: another material, not the light.
        let even = Array(repeating: table, count: 4)
        #expect(appearance.sidesInOneLight(band: band, outside: even) == nil)
        #expect(appearance.patternCredit(band: band, outside: even).agreement < 1)
    }
}
