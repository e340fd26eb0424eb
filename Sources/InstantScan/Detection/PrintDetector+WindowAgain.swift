extension PrintDetector {
    /// `print`, just named anew after refinement, with its window read on the photo as its new
    /// format's where the picture's edges show, the template's only where they do not.
    ///
    /// The renaming put the new format's template window in the card: right in size and shape, but
    /// where a nominal print has it, while a real print's picture sits a millimetre or two off that
    /// spot and its edges are usually plain to see. A print kept at its measured window (a card off
    /// its nominal size) or found without full-resolution refinement is left as it is.
    func readingWindowAgain(_ print: DetectedPrint, refiner: PrintRefiner) -> DetectedPrint {
        guard options.refinesAtFullResolution, let format = print.format, print.window != print.measuredWindow else { return print }
        var refiner = refiner
        refiner.patternedBorder = print.patternedBorder
        guard let read = refiner.window(of: print.card, as: format, inLinearLight: true) else { return print }
        var named = print
        named.window = read.window
        named.measuredWindowEdges = read.measured
        return named
    }
}
