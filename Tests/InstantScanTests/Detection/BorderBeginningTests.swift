import Testing
@testable import InstantScan

/// Where a border's colour begins in a profile read inward from a pocket's edge (album pages): the
/// first sample within the limit of the border's colour after which a share of the next samples
/// are too. A sleeve's haze makes the first pixels inside a dark card waver about the limit.
@Suite("Where a border's colour begins in a pocket side's profiles")
struct BorderBeginningTests {
    /// The rule as the sleeve reading states it, sample by sample.
    static func reference(_ off: [Float], limit: Float, run: Int, lasting: Double) -> Int? {
        let needed = Int((lasting * Double(2 * run)).rounded(.up))
        guard off.count > 2 * run + 1 else { return nil }
        return (1..<(off.count - 2 * run)).first { j in
            off[j] < limit && off[j..<(j + 2 * run)].filter { $0 < limit }.count >= needed
        }
    }

    @Test("a clean step: the first sample of the border")
    func cleanStep() {
        let off: [Float] = [60, 58, 61, 59, 57, 4, 3, 5, 2, 4, 3, 5, 4, 3]
        let begins = PrintRefiner.borderBegins([off], along: [0.5], limit: 30, run: 3, lasting: 1)
        #expect(begins.map(\.at) == [5])
        #expect(begins.map(\.t) == [0.5])
    }

    @Test("a wavering edge: all the next samples, or only most of them under a haze")
    func waveringEdge() {
        // Within the limit at 3, out at 5 and 8: every one of the next six within it only from 9.
        let off: [Float] = [60, 58, 45, 20, 25, 35, 22, 18, 33, 9, 8, 7, 9, 8, 6, 7, 8]
        #expect(PrintRefiner.borderBegins([off], along: [0], limit: 30, run: 3, lasting: 1).map(\.at) == [9])
        // Under a haze five of the six suffice: from 6 (8 out), not yet from 3 or 4 (5 and 8 out).
        #expect(PrintRefiner.borderBegins([off], along: [0], limit: 30, run: 3,
                                          lasting: PrintRefiner.hazedBorderLasting).map(\.at) == [6])
    }

    @Test("no beginning, a profile too short, and many profiles as the rule says")
    func againstTheRule() {
        let never: [Float] = [60, 50, 20, 50, 20, 50, 20, 50, 20, 50]
        let short: [Float] = [60, 5, 5, 5]
        #expect(PrintRefiner.borderBegins([never, short], along: [0, 1], limit: 30, run: 3, lasting: 1).isEmpty)
        // Profiles of every pattern of in and out over twelve samples, against the rule itself.
        var profiles: [[Float]] = []
        for bits in stride(from: 0, to: 1 << 12, by: 7) {
            profiles.append((0..<12).map { (bits >> $0) & 1 == 1 ? 10 : 50 })
        }
        let along = profiles.indices.map(Double.init)
        for (run, lasting) in [(2, 1.0), (3, 0.75), (2, 0.5), (4, 0.75)] {
            let found = PrintRefiner.borderBegins(profiles, along: along, limit: 30, run: run, lasting: lasting)
            let expected = zip(along, profiles).compactMap { t, off in
                Self.reference(off, limit: 30, run: run, lasting: lasting).map { (t, $0) }
            }
            #expect(found.map(\.t) == expected.map(\.0))
            #expect(found.map(\.at) == expected.map(\.1))
        }
    }
}
