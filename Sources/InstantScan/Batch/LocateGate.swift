import Foundation

/// Lets one batch job at a time decode and detect a photo (``ScanOptions/locateGate``).
///
/// Detection's working images (a half-scale decode and the detector's planes, some 35 MB for a
/// 12 MP photo) are a job's largest allocation; two jobs detecting at once were a batch's peak.
/// Through the gate the other job warps, balances and deflates meanwhile, which holds less, and
/// detection is about a third of a photo's time, so two jobs still keep both cores busy.
final class LocateGate: @unchecked Sendable {
    private let lock = NSLock()

    /// Runs `body` when no other job is inside the gate.
    func pass<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
