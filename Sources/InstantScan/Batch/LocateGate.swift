import Foundation

/// Lets one batch job at a time hold detection's working images (``ScanOptions/locateGate``).
///
/// Detection's working images (a half-scale decode and the detector's planes, some 35 MB for a
/// 12 MP photo) are a job's largest allocation; two jobs detecting at once were a batch's peak.
/// The gate is held from the decode to the end of detection on those images; the full-resolution
/// band of the prints is decoded and refined outside it, as the other job's scan is made: a job
/// holds its band there as it does while its scans stream, so the peak is the same, and the part
/// that waits on the other job is a third of a photo's time rather than more than half of it.
/// A photo decoded whole (no DCT-scaled detection: PNG, HEIF, a small JPEG, a batch drawing
/// previews) keeps the gate until its prints are found.
final class LocateGate: @unchecked Sendable {
    private let lock = NSLock()

    /// Runs `body` when no other job is inside the gate.
    func pass<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

extension LocateGate? {
    /// Runs `body` inside the gate, or at once when there is none (a scan outside a batch).
    func pass<T>(_ body: () throws -> T) rethrows -> T {
        guard let gate = self else { return try body() }
        return try gate.pass(body)
    }
}
