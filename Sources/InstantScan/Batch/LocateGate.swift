import Foundation

/// Lets a batch's jobs hold detection's working images together only as far as their memory
/// allows (``ScanOptions/locateGate``).
///
/// Detection's working images (a half-scale decode and the detector's planes, some 33 MB for a
/// 12 MP photo; a whole 8 MP decode and its planes some 53 MB) are a job's largest allocation; two
/// jobs detecting at once were a batch's peak. Each job enters the gate with an estimate of what it
/// will hold there (``DetectionFootprint``) and waits while the jobs inside and it would hold more
/// than ``budget`` together; a job alone always enters. The gate is held from the decode to the end
/// of detection on those images; the full-resolution band of the prints is decoded and refined
/// outside it, as the other job's scan is made: a job holds its band there as it does while its
/// scans stream. A photo decoded whole (no DCT-scaled detection: PNG, HEIF, a small JPEG, a batch
/// drawing previews) keeps the gate until its prints are found.
final class LocateGate: @unchecked Sendable {
    /// The bytes of working images the jobs inside may hold together: two 12 MP photos detecting
    /// on their half-scale decodes (32 MiB each by ``DetectionFootprint``), or a 12 MP and a 3 MP
    /// photo, with 2 MiB to spare; an 8 MP photo decoded whole (50 MiB) detects alone, as every
    /// photo did before. Measured on the benchmark's batch of 20 photos, two jobs: peak RSS within
    /// the range one photo detecting at a time reached beside the other job's scan (96.9 MiB at
    /// most in 25 batches then, 95.5 now; docs/Measurements.md).
    static let defaultBudget = 66 << 20

    /// The bytes of working images the jobs inside may hold together (``defaultBudget``).
    let budget: Int
    private let condition = NSCondition()
    private var held = 0
    private var inside = 0
    /// Jobs enter in the order they arrive: the ticket the next to arrive takes, and the one whose
    /// turn it is. Without the order, with more than two jobs (`--jobs` follows the cores: 8 or 16
    /// on a cluster node), small photos that fit beside the one inside would keep going in ahead of
    /// a large one (a PNG, an 8 MP photo) waiting for the gate to empty, and it would wait for most
    /// of the batch.
    private var nextTicket = 0
    private var serving = 0

    /// Jobs that arrived and wait for their turn or for room (for tests).
    var waiting: Int { condition.withLock { nextTicket - serving } }

    init(budget: Int = LocateGate.defaultBudget) {
        self.budget = budget
    }

    /// Runs `body` once the jobs that arrived before have gone in and the jobs inside the gate and
    /// `bytes` fit ``budget`` together, or no other job is inside; nil `bytes` (an estimate the
    /// header cannot give) counts as the whole budget: it waits until no other job is inside and
    /// keeps every other out.
    func pass<T>(holding bytes: Int?, _ body: () throws -> T) rethrows -> T {
        let bytes = bytes ?? budget
        condition.lock()
        let ticket = nextTicket
        nextTicket += 1
        while ticket != serving || (inside > 0 && held + bytes > budget) { condition.wait() }
        serving += 1
        held += bytes
        inside += 1
        // The next in line may fit beside this one.
        condition.broadcast()
        condition.unlock()
        defer {
            condition.lock()
            held -= bytes
            inside -= 1
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}

extension LocateGate? {
    /// Runs `body` inside the gate, holding `bytes` (``LocateGate/pass(holding:_:)``), or at once
    /// when there is none (a scan outside a batch).
    func pass<T>(holding bytes: Int?, _ body: () throws -> T) rethrows -> T {
        guard let gate = self else { return try body() }
        return try gate.pass(holding: bytes, body)
    }
}
