#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PrintDetector {
    /// A print refinement found no format for, read by its hypothesis `h` with a patterned band: the
    /// hypothesis's format with the template's window when the measured card has that format's shape,
    /// else nil (not a print).
    ///
    /// A patterned band hides the window's edges among its own, so refinement may find no format
    /// although the card has the hypothesis's shape: the template places the window. Without that
    /// shape a patterned band is not enough: tiles and checks have one.
    static func patternedReading(_ h: PrintHypothesis, _ print: DetectedPrint, upright: PixelSize) -> DetectedPrint? {
        let format = h.format
        let aspect = AspectRatio.recover(print.card, imageSize: upright)
        guard abs(log(aspect / format.cardAspect)) < patternedShapeTolerance,
              let window = PrintTemplate(format: format).window(forCard: print.card) else { return nil }
        var named = print
        named.format = format
        named.window = window
        named.measuredWindowEdges = [false, false, false, false]
        return named
    }
}
