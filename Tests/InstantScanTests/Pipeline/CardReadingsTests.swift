import Testing
@testable import InstantScan

/// White balance reads a streamed scan's card three ways (the frame's samples, the scene's light,
/// the picture's samples); on two cores the scene's reading runs beside the others through a second
/// reader of the card. What it measures must not depend on that.
@Suite("Card readings side by side")
struct CardReadingsTests {
    @Test("a second reader of a streamed card is its own: fresh rows, the same bytes")
    func secondReaderIsIndependent() throws {
        let f = try StreamingEngineFixture()
        let rows = try WarpedCardRows(f.scan)
        let first = Array(UnsafeBufferPointer(start: rows.row(40), count: 4 * rows.width))
        let second = try #require(rows.concurrentReader())
        #expect(second !== rows)
        #expect(second.rowsMade == 0)
        let again = Array(UnsafeBufferPointer(start: second.row(40), count: 4 * second.width))
        #expect(again == first)
        #expect(rows.rowsMade == 1 && second.rowsMade == 1, "each reader warps the rows it is asked for")
    }

    /// The frame's light fit runs beside the scene's passes on two cores, and comes with them.
    @Test("the frame, scene and picture readings and the frame's fit are the same on one core and on two")
    func readingsSameOnAnyCores() throws {
        let f = try StreamingEngineFixture()
        let space = WorkingSpace(.displayP3)
        let locus = PlanckianLocus(space: space)
        func readings(_ cores: Int) throws -> String {
            try ProcessInfoCores.withLimit(cores) {
                "\(WhiteBalance.readings(of: try WarpedCardRows(f.scan), format: .polaroid600, ring: nil, space: space, locus: locus))"
            }
        }
        let one = try readings(1), two = try readings(2)
        #expect(two == one)
        let rows = try WarpedCardRows(f.scan)
        let fit = ProcessInfoCores.withLimit(2) {
            WhiteBalance.readings(of: rows, format: .polaroid600, ring: nil, space: space, locus: locus).3
        }
        #expect(fit != nil, "the fixture's white frame gives a fit")
        // And from the whole-image path's card, which is its own second reader.
        let card = try PerspectiveWarp().warp(f.source, outputSize: f.size, outputToSource: f.map)
        f.converter.convert(card)
        let held = ProcessInfoCores.withLimit(2) {
            "\(WhiteBalance.readings(of: card, format: .polaroid600, ring: nil, space: space, locus: locus))"
        }
        #expect(held == one)
    }

    @Test("the light estimated on a streamed card is the same on one core and on two")
    func estimateSameOnAnyCores() throws {
        let f = try StreamingEngineFixture()
        let balance = WhiteBalance(profile: .displayP3)
        func light(_ cores: Int) throws -> String {
            try ProcessInfoCores.withLimit(cores) {
                "\(balance.estimate(card: try WarpedCardRows(f.scan), format: .instaxMini, ring: nil))"
            }
        }
        #expect(try light(2) == light(1))
    }
}
