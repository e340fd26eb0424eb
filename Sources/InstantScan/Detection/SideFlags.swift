/// Per-side flags of a card or a window (top, right, bottom, left of the upright print): which sides
/// were measured on the photo, or found, rather than placed by a format's template.
extension Collection<Bool> {
    /// How many of the sides are flagged: measured on the photo (or found, for a search's flags).
    var measuredCount: Int { count(where: { $0 }) }
}
