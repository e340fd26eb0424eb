/// The end of a batch: what was done and what was not.
public struct BatchSummary: Sendable {
    /// Photos in the batch.
    public var photos = 0
    /// Photos an earlier run had finished.
    public var skipped = 0
    /// Prints written.
    public var printsScanned = 0
    /// Photos that failed, with the reason.
    public var failures: [(photo: String, reason: String)] = []
    /// True when the batch was stopped before every photo was tried.
    public var interrupted = false
    /// Photos not tried because of the interruption.
    public var notStarted = 0

    /// True when every photo succeeded (or was already done) and nothing was left out.
    public var succeeded: Bool { failures.isEmpty && !interrupted }
}
