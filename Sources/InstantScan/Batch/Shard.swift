/// One deterministic share of a batch, for running a batch as the tasks of a Kubernetes Indexed
/// Job or a Slurm array: shard `index` of `count` (1-based, `--shard 2/3`).
///
/// A photo belongs to the shard picked by its path relative to the input folder, never by its
/// position in the listing: every photo is in exactly one shard, every run splits alike, and a
/// photo added later leaves every other photo where it was. The assignment, for tools that want to
/// predict it:
///
///     shard = 1 + jump(fnv1a64(UTF-8 bytes of the relative path, "/" between folders), count)
///
/// where `fnv1a64` is 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3) and
/// `jump` is Lamping and Veach's jump consistent hash. Swift's `Hasher` would not do: it is
/// seeded anew in every process. Jump hash also keeps most photos in their shard when `count`
/// changes (going from N to N + 1 moves about 1/(N + 1) of them).
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// The shard, from 1 to ``count``.
    public let index: Int
    /// How many shards the batch is split into.
    public let count: Int

    /// Why a shard cannot be chosen.
    public struct ShardError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, naming the value or variable at fault.
        public var description: String
    }

    /// Shard `index` of `count`; throws unless `1 ≤ index ≤ count`.
    public init(index: Int, count: Int) throws {
        guard count >= 1 else { throw ShardError(description: "the shard count must be at least 1, not \(count)") }
        guard (1...count).contains(index) else {
            throw ShardError(description: "shard \(index) is out of range: shards are numbered 1 to \(count)")
        }
        self.index = index
        self.count = count
    }

    /// Reads `K/N` (1-based), as `--shard` takes it.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ShardError(description: "'\(text)' is not a shard: write K/N, e.g. 2/3 for the second of three (1-based)")
        }
        try self.init(index: index, count: count)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// True when the photo at `relativePath` (relative to the input folder) is this shard's.
    public func contains(relativePath: String) -> Bool {
        Self.index(of: relativePath, count: count) == index
    }

    /// This shard's photos of `photos`, in their order.
    public func share(of photos: [PhotoFinder.Photo]) -> [PhotoFinder.Photo] {
        photos.filter { contains(relativePath: $0.relativePath) }
    }

    /// The shard (1-based) of the photo at `relativePath` when the batch is split `count` ways.
    public static func index(of relativePath: String, count: Int) -> Int {
        // The name's bytes as the system gives them (UTF-8 for UTF-8 names): a name that is not
        // UTF-8 hashes the same on every machine, whatever its display form.
        return 1 + jumpConsistentHash(key: fnv1a64(SystemPath.bytes(relativePath)), buckets: count)
    }

    /// The manifest a shard keeps in the output folder, beside those of the other shards:
    /// `.instantscan-batch.shard-2-of-3.jsonl`.
    public var manifestFileName: String { ".instantscan-batch.shard-\(index)-of-\(count).jsonl" }

    /// 64-bit FNV-1a of `bytes`: the shard hash, and the stable photo id of `instantscan review`.
    package static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Lamping and Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm" (2014): a bucket in
    /// `0..<buckets`.
    static func jumpConsistentHash(key: UInt64, buckets: Int) -> Int {
        var key = key
        var b: Int64 = -1
        var j: Int64 = 0
        while j < Int64(buckets) {
            b = j
            key = key &* 2_862_933_555_777_941_757 &+ 1
            j = Int64(Double(b + 1) * (Double(Int64(1) << 31) / Double((key >> 33) + 1)))
        }
        return Int(b)
    }
}
