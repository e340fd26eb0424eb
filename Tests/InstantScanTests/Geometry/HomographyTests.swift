import Testing
@testable import InstantScan

@Suite struct HomographyTests {
    let square = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]

    @Test func fourPointFitIsExactForPhotoSizedCoordinates() throws {
        let source = [Point(0, 0), Point(2399, 0), Point(2399, 2899), Point(0, 2899)]
        let target = [Point(812.4, 633.9), Point(3011.25, 701.5), Point(2877.0, 3540.75), Point(655.5, 3399.1)]
        let h = try #require(Homography.mapping(source, to: target))
        for (s, t) in zip(source, target) {
            #expect(h.apply(s).distance(to: t) < 1e-6)
        }
    }

    @Test func inverseUndoesTheMap() throws {
        let h = try #require(Homography.mapping(square, to: [Point(10, 20), Point(300, 35), Point(280, 400), Point(5, 380)]))
        let inv = try #require(h.inverse)
        for p in [Point(0.3, 0.7), Point(0.9, 0.1), Point(-2, 5)] {
            #expect(inv.apply(h.apply(p)).distance(to: p) < 1e-9)
        }
    }

    @Test func compositionAppliesRightThenLeft() throws {
        let a = Homography.affine(scaleX: 2, scaleY: 3, translateX: 1, translateY: -1)
        let b = try #require(Homography.mapping(square, to: [Point(0, 0), Point(4, 1), Point(5, 6), Point(-1, 4)]))
        let p = Point(0.25, 0.6)
        #expect(a.composed(after: b).apply(p).distance(to: a.apply(b.apply(p))) < 1e-9)
    }

    @Test func collinearPointsHaveNoHomography() {
        let collinear = [Point(0, 0), Point(1, 1), Point(2, 2), Point(0, 1)]
        #expect(Homography.mapping(square, to: collinear) == nil)
        #expect(Homography([1, 2, 3, 2, 4, 6, 0, 0, 1]).inverse == nil)
    }
}
