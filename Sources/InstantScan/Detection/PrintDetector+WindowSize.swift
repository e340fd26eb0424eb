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
    func namingFormatByWindowSize(_ print: DetectedPrint, upright: PixelSize, shared: PrintFormat? = nil) -> DetectedPrint {
        guard let current = print.format, current != shared, let window = print.measuredWindow else { return print }
        var classifier = FormatClassifier(imageSize: upright)
        classifier.offsetSigma = Self.windowOffsetSigma
        guard let verdict = classifier.classify(card: print.card, window: window).first,
              verdict.turn == 0, verdict.format != current, verdict.windowError < 0.02,
              let template = PrintTemplate(format: verdict.format).window(forCard: print.card) else { return print }
        var named = print
        named.format = verdict.format
        // A print whose reported window is its measured one (a card off its nominal size) keeps it.
        if print.window != print.measuredWindow { named.window = template }
        return named
    }

    /// How far (as a share of the card) real prints place their window off their format's nominal
    /// spot, measurement included: about a millimetre on a Go's 67 mm.
    static let windowOffsetSigma = 0.012
}
