extension FormatClassifier {
    /// How `window` differs from where `format` puts it in `card` (both upright, same corner order),
    /// in shares of the card: its displacement as a whole, and the RMS of what is left over the
    /// corners (its size and shape); nil for a degenerate card.
    static func windowResidual(window: Quad, card: Quad, format: PrintFormat) -> (size: Double, offset: Double)? {
        guard let toUnit = Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners)?.inverse else { return nil }
        return residual(measured: window.corners.map(toUnit.apply), expected: format.normalizedWindow.corners)
    }

    /// Splits the corners' displacement from `expected` into the mean shift and the RMS of what is
    /// left: the squared corner residuals are 4 |offset|² plus what the window's size and shape leave.
    static func residual(measured: [Point], expected: [Point]) -> (size: Double, offset: Double) {
        var sum = 0.0, offset = Point(0, 0)
        for i in 0..<4 {
            let d = measured[i] - expected[i]
            sum += d.x * d.x + d.y * d.y
            offset = offset + d * 0.25
        }
        let offsetSquared = offset.x * offset.x + offset.y * offset.y
        return (max(0, sum / 4 - offsetSquared).squareRoot(), offsetSquared.squareRoot())
    }
}
