#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rules a reading must meet before it displaces another reading of the same place.
///
/// Several steps replace a reading by another: a rival for a hypothesis whose refinement did not hang
/// together, the print nested in a "frame's" window, the frame around a "print", a print read again
/// as its neighbours' format. Each replacement needs less evidence than a print of its own, because
/// it only reads a place already found differently. So the replacement must not owe its standing to
/// a weak cue, and it must be a print the detector will report — a rival dropped afterwards would take
/// the first reading down with it, losing a print the photo shows.
extension PrintDetector {
    /// Evidence of `h` as a reading that displaces another: its score without the band palette's
    /// credit. The palette judges a band by its colours alone, and a wrong reading whose band runs
    /// over a print's picture (a 600's square window read as a turned Spectra's card, a card turned a
    /// quarter) shares colours all round just as a decorated frame does, and its surface beyond (the
    /// white border, the wall) is not the band's. Only edge and border evidence of its own make a
    /// reading strong enough to replace one already found.
    func rivalEvidence(_ h: PrintHypothesis) -> Double {
        guard let border = h.border, border.factor > 0 else { return h.score }
        return h.score * border.factorWithoutPalette / border.factor
    }

    /// How much a refined card's shape keeps of its evidence: a card far from its format's shape
    /// (over 10%, more than perspective recovery errs by on real prints) is more often a stitched
    /// quad than a print, and is worth less (``shapePenalty``).
    func shapeFactor(of print: DetectedPrint, upright: PixelSize) -> Double {
        guard let format = print.format else { return 1 }
        // The final pass has recovered the shape already.
        let aspect = print.measuredAspect > 0 ? print.measuredAspect : AspectRatio.recover(print.card, imageSize: upright)
        return abs(log(aspect / format.cardAspect)) > Self.shapeTolerance ? Self.shapePenalty : 1
    }

    /// How far (|log| of the ratio) a measured card's shape may be from its format's: more than
    /// perspective recovery errs by on real prints.
    static let shapeTolerance = 0.1

    /// The factor a card far from its format's shape is worth.
    static let shapePenalty = 0.8
}
