import Testing
@testable import InstantScan

@Suite struct GeometryTests {
    @Test func placeholder() { #expect(Homography.identity.apply(Point(1, 2)) == Point(1, 2)) }
}
