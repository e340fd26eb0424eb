/// What an album run wrote.
public struct AlbumSummary: Sendable {
    /// The document's title.
    public var title: String
    /// Pages written.
    public var pages: Int
    /// One entry per scan given, in order.
    public var entries: [AlbumEntry]
    /// Size of the PDF in bytes.
    public var bytes: Int

    /// The scans that are in the album.
    public var placed: [AlbumEntry] { entries.filter { $0.failure == nil } }
    /// The scans that are not, with why.
    public var failures: [AlbumEntry] { entries.filter { $0.failure != nil } }
}
