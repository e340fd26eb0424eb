/// Why no album was written.
public enum AlbumError: Error, Sendable, CustomStringConvertible {
    /// Not one scan could be read; every entry says why.
    case noUsableScans([AlbumEntry])

    public var description: String {
        switch self {
        case let .noUsableScans(entries):
            return entries.isEmpty ? "no scans given: no album written" : "none of the \(entries.count) scans could be read: no album written"
        }
    }
}
