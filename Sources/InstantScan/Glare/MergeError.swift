/// Why shots could not be merged.
public enum MergeError: Error, CustomStringConvertible {
    /// Fewer than two shots were given, or fewer than two could be used.
    case tooFewShots(Int)
    /// No print was found in the named shot.
    case noPrint(String)
    /// The named shot failed (it cannot be decoded, its corners are wrong…).
    case shot(String, any Error)
    /// Fewer than two shots were left to merge: each other shot was left out for the reason
    /// given (`NAME: not the same print as REFERENCE: …`, `NAME: does not line up …`).
    case shotsLeftOut([String])

    public var description: String {
        switch self {
        case let .tooFewShots(n):
            return "merging needs at least two usable shots of the print (\(n) usable)"
        case let .noPrint(name):
            return "\(name): no print found"
        case let .shot(name, error):
            return "\(name): \(error)"
        case let .shotsLeftOut(reasons):
            return "nothing merged: fewer than two shots show the same print. " + reasons.joined(separator: ". ")
        }
    }

    /// The error behind a shot's failure (self for the others).
    public var underlying: any Error {
        if case let .shot(_, error) = self { return error }
        return self
    }
}
