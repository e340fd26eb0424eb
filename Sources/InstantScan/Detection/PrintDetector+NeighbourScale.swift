#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PrintDetector {
    /// Largest |log| of a print's size over what its neighbours' scale predicts, for the print to be
    /// of their format: cards of one format differ by a millimetre or two (2 %), and a wall or a page
    /// seen at an angle changes scale across the photo more than a plane fitted to it leaves.
    static let sameScaleTolerance = 0.06
    /// Smallest |log| of that ratio under the print's own format for the neighbours to overrule it:
    /// a Polaroid 600 and an Instax Square are 20 % apart in size, a Go 20 % smaller again.
    static let otherScaleMargin = 0.12

    /// `prints` with the ones read as another format than the photo's shared one renamed to it when
    /// their size says so.
    ///
    /// A Polaroid 600, a Go and an Instax Square have cards within 3 % of one shape, and the window
    /// that tells them apart sits a millimetre or so off its nominal spot on real prints: on a wall
    /// of 600s one card can read as a Square. But prints hung together, or in one album page, are
    /// seen at one scale that changes smoothly across the photo, and the three formats differ in
    /// size by a fifth. Where the prints of the shared format agree on a scale (a plane through their
    /// pixels per millimetre), a print whose card is that scale's size as the shared format, and
    /// clearly not as its own, is of the shared format. Only the name and the template's window
    /// change, never the card or which way is up; a mixed wall, or one whose scale the neighbours do
    /// not agree on, is left alone.
    static func namingFormatsByNeighbourScale(_ prints: [DetectedPrint]) -> [DetectedPrint] {
        guard let shared = sharedFormat(of: prints.map(\.format)) else { return prints }
        var out = prints
        for index in prints.indices {
            guard let current = prints[index].format, current != shared else { continue }
            let references = prints.indices.filter { $0 != index && prints[$0].format == shared }
            guard let scale = ScalePlane(fitting: references.map { (prints[$0].card, shared) }) else { continue }
            let card = prints[index].card
            let expected = scale.pixelsPerMillimetre(at: card.centroid)
            let asShared = abs(log(ScalePlane.pixelsPerMillimetre(card, shared) / expected))
            let asCurrent = abs(log(ScalePlane.pixelsPerMillimetre(card, current) / expected))
            guard asShared <= sameScaleTolerance, asCurrent >= otherScaleMargin else { continue }
            out[index].format = shared
            if out[index].window != out[index].measuredWindow,
               let template = PrintTemplate(format: shared).window(forCard: card) {
                out[index].window = template
                out[index].measuredWindowEdges = [false, false, false, false]
            }
        }
        return out
    }
}
