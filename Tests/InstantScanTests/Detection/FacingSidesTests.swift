import Foundation
import Testing
@testable import InstantScan

/// A black print on a dark surface under camera shake: the card's two sides along the shake stay
/// sharp, the two across it smear over the shake's length and fade into the surface, so the quad
/// search finds no three corners to walk between. The two sharp sides alone close the card.
@Suite("Cards closed from two facing sides")
struct FacingSidesTests {
    static let card = SceneMaker.corners(format: .polaroidGo, center: Point(560, 430), height: 420, rotation: 0.06)

    /// The print (or, without it, the bare surface) on dark wood whose grain runs along the shake,
    /// smeared sideways by `shake` pixels, as a hand-held photo indoors.
    static func photo(print: Bool = true, shake: Int = 9) throws -> PixelBuffer {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.02)
        s.cast = (0.8, 0.69, 0.61)
        s.shadow = 0.1
        s.noise = 1.5
        if print {
            s.prints = [SceneMaker.Print(format: .polaroidGo, corners: card, cardColor: (40, 38, 42), pictureSeed: 5,
                                         pictureBrightness: 0.35)]
        }
        return try smeared(s.render(), along: shake)
    }

    /// `image` averaged over `length` pixels along its rows: a straight camera shake.
    static func smeared(_ image: PixelBuffer, along length: Int) throws -> PixelBuffer {
        let out = try PixelBuffer(width: image.width, height: image.height, format: .rgba8, filledWith: 255)
        for y in 0..<image.height {
            for x in 0..<image.width {
                var sum = [0, 0, 0]
                for k in 0..<length {
                    let p = image[min(image.width - 1, max(0, x + k - length / 2)), y]
                    for c in 0..<3 { sum[c] += Int(p[c]) }
                }
                out[x, y] = sum.map { UInt8(($0 + length / 2) / length) } + [255]
            }
        }
        return out
    }

    @Test("a smeared black print is found from its two sharp sides, its card where it lies")
    func smearedBlackPrint() throws {
        let photo = try Self.photo()
        if let folder = ProcessInfo.processInfo.environment["INSTANTSCAN_SCENE_DUMP"] {
            let png = try PNGEncoder.encode(photo, iccProfile: nil, srgbIntent: false)
            try Data(png).write(to: URL(fileURLWithPath: folder).appendingPathComponent("facing-sides-smeared.png"))
        }
        let found = try PrintDetector().detect(in: photo, orientation: .up)
        let print = try #require(found.first, "no print found")
        #expect(found.count == 1)
        #expect(print.format == .polaroidGo)
        // Every corner within 1 % of the photo's diagonal (15 px), the corners in upright order.
        let error = zip(print.card.corners, Self.card.corners).map { $0.distance(to: $1) }.max() ?? .infinity
        #expect(error < 15, "\(print.card) vs \(Self.card)")
    }

    @Test("the same grain, smeared alike, closes no card")
    func bareGrain() throws {
        #expect(try PrintDetector().detect(in: try Self.photo(print: false), orientation: .up).isEmpty)
    }

    @Test("two facing runs close a quad only at a card's proportions and with both ends seen")
    func closerNeedsBothEnds() throws {
        // Two parallel edges 100 px apart, 160 px long: a step from dark to pale on each, joined at
        // both ends by fainter steps, all in a plain image.
        func image(ends: Bool) throws -> PixelBuffer {
            let image = try PixelBuffer(width: 300, height: 260, format: .rgba8, filledWith: 40)
            for y in 0..<260 {
                for x in 0..<300 {
                    let band = y >= 80 && y < 180
                    let v: UInt8 = band && (!ends || (x >= 70 && x < 230)) ? 200 : 40
                    image[x, y] = [v, v, v, 255]
                }
            }
            return image
        }
        func quads(_ image: PixelBuffer) -> [QuadHypothesis] {
            let work = BoxDownsampler.workingImage(image, orientation: .up, maximumLongSide: 1280)
            let gradient = ColorGradient(work)
            func line(_ a: Point, _ b: Point) -> SupportedLine {
                var moments = PointMoments()
                for k in 0...40 {
                    let p = a + (b - a) * (Double(k) / 40)
                    moments.add(p.x, p.y, weight: 1)
                }
                return SupportedLine(LineSegment(line: ImageLine(a, b), start: a, end: b, moments: moments,
                                                 pixelCount: Int(a.distance(to: b)), meanMagnitude: 40))
            }
            let top = line(Point(72, 79.5), Point(228, 79.5)), bottom = line(Point(72, 179.5), Point(228, 179.5))
            return FacingSidesCloser().quads(from: [top, bottom], evidence: EdgeEvidence(gradient: gradient))
        }
        let closed = quads(try image(ends: true))
        let quad = try #require(closed.first, "the pair closed no quad")
        #expect(closed.count == 1)
        // The closing sides found at the card's ends, x = 69.5 and 229.5, to the pixel or two the
        // edge evidence looks across a side (refinement then places them).
        let xs = quad.quad.corners.map(\.x).sorted()
        #expect(abs(xs[0] - 69.5) <= 2 && abs(xs[3] - 229.5) <= 2, "\(quad.quad)")
        // The same pair with no step at its ends (a pale stripe running on) closes nothing.
        #expect(quads(try image(ends: false)).isEmpty)
    }
}
