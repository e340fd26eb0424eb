#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides a print's format and which way is up from its measured card and window.
///
/// The window's corners, carried into unit-card coordinates by the card's own homography, do not
/// depend on perspective at all: they are where the format puts its window, up to measurement error.
/// That separates Polaroid 600, Go and Instax Square — whose cards differ in shape by 3% or less —
/// by their borders (the 600's sides are 5.1% of the width, Square's 6.9%; Go's bottom border starts
/// at 76.6% of the height, Square's at 80.2%). The card's shape, recovered from perspective, separates
/// the tall Mini and the wide Wide from the rest. The thick bottom border fixes which turn is upright.
struct FormatClassifier: Sendable {
    /// Size of the image the quads are in (its centre is the principal point for shape recovery).
    let imageSize: PixelSize
    /// Expected error of a measured window corner, as a share of the card's size.
    var positionSigma = 0.006
    /// Expected displacement of the whole window from its nominal place, as a share of the card's
    /// size; nil: no more than a corner's (``positionSigma``).
    ///
    /// A window's size tells the format more surely than where it sits: prints of one format place
    /// their window up to a millimetre or so off the nominal spot (film batches, trimmed cards, a
    /// Polaroid whose window sits 1 mm lower), about 0.015 of a Go's height, as much as the nominal
    /// windows of a Go and an Instax Square differ in place. Where the window's offset from its
    /// place is evidence that the card's edges were found where they are (refinement comparing
    /// readings), it counts in full; for naming the format of a card already placed, less.
    var offsetSigma: Double?
    /// Expected error of the recovered card shape, as a log ratio.
    var aspectSigma = 0.06
    var formats: [PrintFormat] = PrintFormat.allCases

    struct Verdict: Sendable {
        var format: PrintFormat
        /// Quarter turns of the corner order that make the card upright.
        var turn: Int
        /// RMS distance of the window's corners from the template, as a share of the card.
        var windowError: Double
        /// |log| of recovered over expected card shape.
        var aspectError: Double
        var cost: Double
    }

    /// The best format and turn for a card and window quad given in the same corner order, best first.
    func classify(card: Quad, window: Quad) -> [Verdict] {
        var verdicts: [Verdict] = []
        for turn in 0..<4 {
            let c = card.rotatingOrder(by: turn), w = window.rotatingOrder(by: turn)
            guard let map = Homography.mapping(PrintTemplate.unitCard.corners, to: c.corners)?.inverse else { continue }
            let measured = w.corners.map(map.apply)
            let aspect = AspectRatio.recover(c, imageSize: imageSize)
            for format in formats {
                let residual = Self.residual(measured: measured, expected: format.normalizedWindow.corners)
                // A window's offset counts against a format at its own tolerance, when it has one.
                let weight = offsetSigma.map { positionSigma / $0 } ?? 1
                let rms = (residual.size * residual.size + residual.offset * residual.offset * weight * weight).squareRoot()
                let aspectError = abs(log(aspect / format.cardAspect))
                let cost = (rms / positionSigma) * (rms / positionSigma) + (aspectError / aspectSigma) * (aspectError / aspectSigma)
                verdicts.append(Verdict(format: format, turn: turn, windowError: rms, aspectError: aspectError, cost: cost))
            }
        }
        return verdicts.sorted { $0.cost < $1.cost }
    }
}
