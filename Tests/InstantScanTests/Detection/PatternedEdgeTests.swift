import Testing
@testable import InstantScan

/// A card whose border is printed with oblique stripes, on a dark table: coming from the border,
/// the first strong change in each profile is a stripe's edge, at a different place in every
/// profile, while the card's own edge is the one line all profiles share.
@Suite("Patterned border edges")
struct PatternedEdgeTests {
    /// The card's edge: x = 200.3 + 0.02 y; the border (right of it) striped
    /// obliquely, at a period the profiles' spacing does not alias into a line of its own.
    static func stripedBorder() throws -> PixelBuffer {
        let image = try PixelBuffer(width: 400, height: 300, format: .rgba8, filledWith: 255)
        for y in 0..<300 {
            let edge = 200.3 + 0.02 * Double(y)
            for x in 0..<400 {
                let stripe: Double = (Double(x) + 0.37 * Double(y)).truncatingRemainder(dividingBy: 12.6) < 6.3 ? 235 : 130
                let cover = min(1, max(0, Double(x) + 0.5 - edge))
                let v = UInt8((50 + (stripe - 50) * cover).rounded())
                image[x, y] = [v, v, v, 255]
            }
        }
        return image
    }

    static func worstMiss(_ line: ImageLine) -> Double {
        stride(from: 30.0, through: 270, by: 20).map { y in
            abs((line.offset - line.normal.y * y) / line.normal.x - (200.3 + 0.02 * y))
        }.max() ?? .infinity
    }

    static func refine(_ refiner: EdgeRefiner) -> EdgeRefiner.Result? {
        refiner.refine(from: Point(203, 0), to: Point(203 + 0.02 * 300, 300), towardBorder: Point(1, 0),
                       searchRadius: 8, trim: 0.05, rule: .firstFromBorder)
    }

    @Test("the first change from a striped border is a stripe's, not the card's edge")
    func firstFromBorderMisreads() throws {
        let refiner = EdgeRefiner(sampler: FullResolutionSampler(try Self.stripedBorder(), orientation: .up))
        #expect(refiner.consensusBelow == nil)
        if let result = Self.refine(refiner) {
            #expect(Self.worstMiss(result.line) > 1)
            #expect(result.scale >= 1 || result.inlierFraction < 0.6)
        }
    }

    @Test("the line the profiles share is the card's edge, to a fifth of a pixel")
    func consensusFindsTheCardEdge() throws {
        var refiner = EdgeRefiner(sampler: FullResolutionSampler(try Self.stripedBorder(), orientation: .up))
        refiner.consensusBelow = 0.6
        let result = try #require(Self.refine(refiner))
        #expect(Self.worstMiss(result.line) < 0.2)
        #expect(result.inlierFraction >= 0.8)
    }

    @Test("a plain border keeps its first change even where a stronger line lies beyond")
    func plainBorderKeepsFirstChange() throws {
        // A plain light border from x = 200.3, a grey pocket margin, then the page's darker edge at 196.
        let image = try PixelBuffer(width: 400, height: 300, format: .rgba8, filledWith: 255)
        for y in 0..<300 {
            for x in 0..<400 {
                let v: UInt8 = x >= 200 ? 225 : (x >= 196 ? 150 : 20)
                image[x, y] = [v, v, v, 255]
            }
        }
        var refiner = EdgeRefiner(sampler: FullResolutionSampler(image, orientation: .up))
        refiner.consensusBelow = 0.6
        let result = try #require(refiner.refine(from: Point(201, 0), to: Point(201, 300), towardBorder: Point(1, 0),
                                                 searchRadius: 8, trim: 0.05, rule: .firstFromBorder))
        let x = result.line.offset / result.line.normal.x
        #expect(abs(x - 199.5) < 0.3)
    }
}
