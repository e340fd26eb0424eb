/// Warnings as a person should read them: each once, in the order first seen, with a count when
/// repeated. A PNG's header is read twice (its facts, then its pixels), so each of its warnings
/// came twice, and a file with 128 duplicate chunks gave 128 identical lines.
package enum WarningLines {
    package static func condensed(_ warnings: [String]) -> [String] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for warning in warnings {
            if counts[warning] == nil { order.append(warning) }
            counts[warning, default: 0] += 1
        }
        return order.map { warning in
            // Two in a row is the header read twice; more are the file's own repeats.
            let count = counts[warning] ?? 1
            return count > 2 ? "\(warning) (\(count) times)" : warning
        }
    }
}
