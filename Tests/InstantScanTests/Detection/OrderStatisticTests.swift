import Testing
@testable import InstantScan

/// Detection reads its medians by selection instead of sorting; a median that differed from the
/// sorted array's middle would move edges and change every result.
@Suite("Order statistic")
struct OrderStatisticTests {
    /// Values of a seeded generator, from few distinct levels (many ties) or many.
    private static func values(count: Int, levels: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int(state >> 33) % levels) * 0.37
        }
    }

    @Test("selects what the sorted values hold at every index, with and without ties",
          arguments: [1, 2, 3, 7, 20, 61, 200], [2, 5, 1000])
    func matchesSorted(count: Int, levels: Int) {
        for seed in UInt64(1)...5 {
            let v = Self.values(count: count, levels: levels, seed: seed &* 7919 &+ UInt64(count))
            let sorted = v.sorted()
            for k in 0..<count {
                var work = v
                #expect(OrderStatistic.select(&work, k) == sorted[k])
                // Only reordered: the same values remain.
                #expect(work.sorted() == sorted)
            }
        }
    }

    @Test("already ordered and reversed inputs")
    func orderedInputs() {
        let ascending = (0..<50).map(Double.init)
        var a = ascending, d = Array(ascending.reversed())
        #expect(OrderStatistic.select(&a, 25) == 25)
        #expect(OrderStatistic.select(&d, 0) == 0)
        var e = Array(repeating: 4.5, count: 9)
        #expect(OrderStatistic.select(&e, 4) == 4.5)
    }
}
