/// The sheets a contact-sheet album is laid out on.
public enum PaperSize: String, Sendable, CaseIterable {
    /// ISO A4, 210 × 297 mm.
    case a4
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    case letter

    /// Width and height in millimetres, portrait.
    public var millimetres: (width: Double, height: Double) {
        switch self {
        case .a4: return (210, 297)
        case .letter: return (215.9, 279.4)
        }
    }
}
