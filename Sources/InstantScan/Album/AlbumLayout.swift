/// How prints are put on pages.
public enum AlbumLayout: String, Sendable, CaseIterable {
    /// One print a page, the page the print's own size (plus the margin and caption).
    case pages
    /// As many prints as fit on each sheet of paper, in rows, each at its physical size.
    case sheet
}
