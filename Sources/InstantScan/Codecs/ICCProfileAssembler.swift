/// Puts an ICC profile back together from the chunks JPEG carries it in.
///
/// ICC.1 Annex B: each APP2 segment holds `ICC_PROFILE\0`, a 1-based sequence number, the chunk
/// count, then a piece of the profile. Chunks may arrive in any order; a set with a chunk missing,
/// duplicated or disagreeing on the count gives no profile, because half a profile is worse than
/// none (the image is then read as sRGB, with a warning).
struct ICCProfileAssembler {
    private var chunks: [Int: ArraySlice<UInt8>] = [:]
    private var declaredCounts: Set<Int> = []
    private var problems: [String] = []

    /// The 12-byte signature that starts an ICC APP2 payload.
    static let signature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// The most profile bytes one APP2 segment can carry: 65535 less the length field (2), the
    /// signature (12) and the sequence and count bytes (2).
    static let maximumChunkLength = 65_519

    /// True when an APP2 payload is an ICC chunk.
    static func isICCChunk(_ payload: ArraySlice<UInt8>) -> Bool {
        payload.count >= signature.count && payload.starts(with: signature)
    }

    /// Takes one APP2 payload that starts with the signature.
    mutating func add(payload: ArraySlice<UInt8>) {
        let header = payload.startIndex + Self.signature.count
        guard payload.count >= Self.signature.count + 2 else {
            problems.append("an ICC chunk is too short to hold its sequence number")
            return
        }
        let sequence = Int(payload[header]), count = Int(payload[header + 1])
        declaredCounts.insert(count)
        guard count > 0, sequence >= 1, sequence <= count else {
            problems.append("ICC chunk \(sequence) of \(count) is out of range")
            return
        }
        guard chunks[sequence] == nil else {
            problems.append("ICC chunk \(sequence) appears twice")
            return
        }
        chunks[sequence] = payload[(header + 2)...]
    }

    /// True when no chunk was seen.
    var isEmpty: Bool { chunks.isEmpty && problems.isEmpty && declaredCounts.isEmpty }

    /// The profile, or nil and why not.
    func assemble() -> (profile: [UInt8]?, warning: String?) {
        if isEmpty { return (nil, nil) }
        func failure(_ why: String) -> ([UInt8]?, String?) {
            (nil, "embedded ICC profile ignored: \(why)")
        }
        if let problem = problems.first { return failure(problem) }
        guard declaredCounts.count == 1, let count = declaredCounts.first else {
            return failure("its chunks disagree on the chunk count (\(declaredCounts.sorted()))")
        }
        let missing = (1...count).filter { chunks[$0] == nil }
        guard missing.isEmpty else {
            // A hostile count (255 with one chunk present) would make a list of 254 numbers.
            let shown = missing.prefix(5).map(String.init).joined(separator: ", ")
            let list = missing.count > 5 ? "\(shown)… (\(missing.count) chunks)" : shown
            return failure("chunk \(list) of \(count) missing")
        }
        var profile: [UInt8] = []
        profile.reserveCapacity(chunks.values.reduce(0) { $0 + $1.count })
        for sequence in 1...count { profile.append(contentsOf: chunks[sequence]!) }
        guard !profile.isEmpty else { return failure("its chunks are empty") }
        return (profile, nil)
    }
}
