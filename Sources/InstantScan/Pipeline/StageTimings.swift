/// Wall-clock time spent in each stage of a scan, in the order the stages first ran.
///
/// Wall time, not CPU time: the warp and colour stages run on several cores, and what a user waits
/// for is the wall. A stage that runs once per print (warp, colour) adds up across prints.
public struct StageTimings: Sendable {
    /// Stage names and seconds, in first-run order.
    public private(set) var stages: [(name: String, seconds: Double)] = []

    /// No stages yet.
    public init() {}

    /// Runs `body`, adding its duration to stage `name`.
    public mutating func measure<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        defer { add(name, seconds: (clock.now - start).seconds) }
        return try body()
    }

    /// Adds `seconds` to stage `name`.
    public mutating func add(_ name: String, seconds: Double) {
        if let i = stages.firstIndex(where: { $0.name == name }) {
            stages[i].seconds += seconds
        } else {
            stages.append((name, seconds))
        }
    }

    /// Seconds spent in `name` (0 if it did not run).
    public subscript(name: String) -> Double {
        stages.first { $0.name == name }?.seconds ?? 0
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
