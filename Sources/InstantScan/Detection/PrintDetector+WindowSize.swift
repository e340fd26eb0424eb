#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PrintDetector {
    /// `print` with the format its measured window's size names, once its card is placed.
    ///
    /// Refinement names a format by where the measured window sits in the card, holding the window to
    /// its nominal place as tightly as its size: that offset is what tells a card edge found on a
    /// sleeve's pocket or a shadow from the card's own. Once the card is placed, a window sitting a
    /// millimetre off its nominal spot (as prints of one format do) is no evidence against a format
    /// whose window has its size, and it can make a Polaroid 600, a Go and an Instax Square — whose
    /// cards differ in shape by 3 % or less — swap names. Only the name and the template's window
    /// change, never the card or which way is up. A print of the format most of the photo's prints
    /// share (`shared`: an album page, a wall row) keeps it: its neighbours settled it.
    ///
    /// A window's size names a format only among those whose card has the measured card's shape: a
    /// card of one format's shape around a window of another's (a Mini's card, a 600's square window)
    /// is no print of either, and keeps its name here (see ``windowDeniesCard(_:upright:shared:)``).
    func namingFormatByWindowSize(_ print: DetectedPrint, upright: PixelSize, shared: PrintFormat? = nil) -> DetectedPrint {
        guard let verdict = windowSizeVerdict(print, upright: upright, shared: shared),
              !keepsShape(print, upright: upright, notOf: verdict),
              let template = PrintTemplate(format: verdict.format).window(forCard: print.card) else { return print }
        var named = print
        named.format = verdict.format
        // A print whose reported window is its measured one (a card off its nominal size) keeps it.
        if print.window != print.measuredWindow {
            named.window = template
            named.measuredWindowEdges = [false, false, false, false]
        }
        return named
    }

    /// Whether `print`'s measured window has the size of another format's window, a format whose card
    /// has another shape than the card measured, while that card has its own format's shape.
    ///
    /// A print's card and window come from one format: the film's card is cut around its window. A
    /// card of one format's shape whose window sits as another format's does (a Mini-shaped plate with
    /// a square opening, a panel set in a door) is no print of either, more often a quad stitched
    /// from other rectangles, and is worth no more than a card far from its format's shape
    /// (``shapePenalty``).
    func windowDeniesCard(_ print: DetectedPrint, upright: PixelSize, shared: PrintFormat? = nil) -> Bool {
        guard let verdict = windowSizeVerdict(print, upright: upright, shared: shared) else { return false }
        return keepsShape(print, upright: upright, notOf: verdict)
    }

    /// The format a placed print's measured window names by its size, when it is another than the
    /// print's and not the one its photo's prints share (`shared`: its neighbours settled it).
    private func windowSizeVerdict(_ print: DetectedPrint, upright: PixelSize, shared: PrintFormat?) -> FormatClassifier.Verdict? {
        guard let current = print.format, current != shared, let window = print.measuredWindow else { return nil }
        var classifier = FormatClassifier(imageSize: upright)
        classifier.offsetSigma = Self.windowOffsetSigma
        guard let verdict = classifier.classify(card: print.card, window: window).first,
              verdict.turn == 0, verdict.format != current, verdict.windowError < 0.02 else { return nil }
        return verdict
    }

    /// Whether `print`'s card has its own format's shape, and the format its window names (`verdict`)
    /// has a card of another shape, by more than perspective recovery errs (see
    /// ``shapeFactor(of:upright:)``). A 600, a Go and an Instax Square, whose cards differ by 3 % or
    /// less, are one shape: the window alone tells them apart.
    private func keepsShape(_ print: DetectedPrint, upright: PixelSize, notOf verdict: FormatClassifier.Verdict) -> Bool {
        guard let current = print.format else { return false }
        return abs(log(verdict.format.cardAspect / current.cardAspect)) > Self.shapeTolerance
            && shapeFactor(of: print, upright: upright) == 1
    }

    /// How far (as a share of the card) real prints place their window off their format's nominal
    /// spot, measurement included: about a millimetre on a Go's 67 mm.
    static let windowOffsetSigma = 0.012
}
