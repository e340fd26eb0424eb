/// The secret that proves a request comes from the person who started `instantscan review` (the
/// page it opened, or a script given the URL it printed): any other local program or web page
/// can reach the port, but not read the token.
struct ReviewToken: Sendable, Equatable {
    /// 64 hexadecimal digits.
    let value: String

    init(_ value: String) {
        self.value = value
    }

    /// 256 bits from the system's cryptographic generator (getrandom on Linux).
    static func random() -> ReviewToken {
        var generator = SystemRandomNumberGenerator()
        let words = (0..<4).map { _ in generator.next() as UInt64 }
        return ReviewToken(words.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined())
    }

    /// True when `candidate` is the token; takes as long for every wrong candidate of the same
    /// length, so the response time does not reveal how much of it was right.
    func matches(_ candidate: Substring?) -> Bool {
        guard let candidate else { return false }
        let a = Array(value.utf8), b = Array(candidate.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices { difference |= a[i] ^ b[i] }
        return difference == 0
    }
}
