#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PrintDetector {
    /// Most places of a row searched again at a finer scale: a wall of a dozen prints with a few
    /// missing, each missing print's place reached from both its neighbours.
    static let maximumRowGapPlaces = 12
    /// Largest short side of the row's cards, working pixels, for which the row's gaps are searched at
    /// a finer scale. Beyond it a card's border is several working pixels wide, its edges apart from
    /// the picture's at the working scale already, and a crop of its size costs more than it can find.
    static let rowGapLargestCardSide = 64.0

    /// Prints of a wall or a shelf that the working image gave no quad for, found again where the row
    /// of prints found says one would sit.
    ///
    /// Each such place (``rowGapPlaces(_:taken:photo:)``) is searched for lines again on a crop of the
    /// photo at a finer scale (``LocalDetailQuads``); the quads found there go through the same test
    /// as the quads of ``completingRows(_:quads:scorer:working:toUpright:refine:)``: a card of the
    /// row's format, shape and size, whose edges refinement measures at full resolution. The row only
    /// says where to look: nothing is placed where the photo shows no card.
    func completingRowGaps(_ chosen: [(PrintHypothesis, DetectedPrint)], sampler: FullResolutionSampler, gradient: ColorGradient,
                           scorer: PrintHypothesisScorer, working: PixelSize, toUpright: AffineMap,
                           refine: (PrintHypothesis) -> (DetectedPrint, consistent: Bool, fit: Double))
        -> [(PrintHypothesis, DetectedPrint)] {
        guard chosen.count < options.maximumPrints,
              let row = PrintRowModel(chosen.map { ($0.1.card, $0.1.format) }) else { return chosen }
        let workingScale = toUpright.scale
        let local = LocalDetailQuads(sampler: sampler, scale: LocalDetailQuads.scale(forWorkingScale: workingScale))
        guard local.scale < 0.75 * workingScale else { return chosen }
        let cards = chosen.filter { $0.1.format == row.format }.map(\.1.card).filter {
            min($0.meanWidth, $0.meanHeight) <= Self.rowGapLargestCardSide * workingScale
        }
        let places = Self.rowGapPlaces(cards, taken: chosen.map(\.1.card), photo: sampler.uprightSize)
        guard !places.isEmpty else { return chosen }
        let toWorking = toUpright.inverse
        var quads: [QuadHypothesis] = []
        // A place where the working image shows no edges is bare wall: a print there, border and
        // picture, would show some even where its own card edges do not come out as segments.
        let searched = places.filter { Self.meanGradient(gradient, over: $0.mapped(toWorking.apply)) >= Self.bareWallGradient }
        for place in searched.prefix(Self.maximumRowGapPlaces) {
            let xs = place.corners.map(\.x), ys = place.corners.map(\.y)
            // The row's pitch varies (prints hung by hand): the card may sit a good part of its size
            // off the step from its neighbour.
            let reach = 0.4 * max(place.meanWidth, place.meanHeight)
            let box = (Point(xs.min()! - reach, ys.min()! - reach), Point(xs.max()! + reach, ys.max()! + reach))
            let minimumSide = 0.6 * min(place.meanWidth, place.meanHeight)
            quads += local.quads(in: box, minimumSide: minimumSide, workingScale: workingScale).map { h in
                var out = h
                out.quad = h.quad.mapped(toWorking.apply)
                out.coveredLength = h.coveredLength / workingScale
                return out
            }
        }
        guard !quads.isEmpty else { return chosen }
        return completingRows(chosen, quads: quads, scorer: scorer, working: working, toUpright: toUpright.apply,
                              refine: refine)
    }

    /// Cards where a print of the row would sit and none was found: each card of the row moved one to
    /// three of its row's steps along the line to an in-line neighbour, either way, where that
    /// place is clear of the prints found and inside the photo.
    ///
    /// The step is a card's distance to its nearest neighbour in line with one of its sides; a gap
    /// of two or three steps between two cards is where prints were missed, and so is a step or
    /// three beyond a row's end.
    static func rowGapPlaces(_ cards: [Quad], taken: [Quad], photo: PixelSize) -> [Quad] {
        var places: [Quad] = []
        for (index, card) in cards.enumerated() {
            let centre = card.centroid
            let short = min(card.meanWidth, card.meanHeight), long = max(card.meanWidth, card.meanHeight)
            let steps = cards.indices.filter { $0 != index }.map { cards[$0].centroid - centre }.filter { step in
                let length = (step.x * step.x + step.y * step.y).squareRoot()
                return length > 0.5 * short && length < 3.5 * long && inLine(step, with: card)
            }
            let lengths = steps.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }
            guard let pitch = lengths.min() else { continue }
            for (step, length) in zip(steps, lengths) {
                let unit = step * (1 / length)
                for sign in [1.0, -1.0] {
                    for k in 1...3 {
                        let shift = unit * (sign * pitch * Double(k))
                        let place = card.mapped { $0 + shift }
                        guard place.isInside(width: photo.width, height: photo.height),
                              !taken.contains(where: { ConvexOverlap.overlapOfSmaller($0, place) > 0.15 }),
                              !places.contains(where: { $0.centroid.distance(to: place.centroid) < 0.5 * short })
                        else { continue }
                        places.append(place)
                    }
                }
            }
        }
        return places
    }

    /// Mean gradient (levels per working pixel) below which a place holds no print: the line
    /// detector's own floor, several times a painted wall's noise.
    static let bareWallGradient: Float = 2.5

    /// The working gradient's mean over the bounding box of `quad` (working coordinates).
    static func meanGradient(_ g: ColorGradient, over quad: Quad) -> Float {
        let xs = quad.corners.map(\.x), ys = quad.corners.map(\.y)
        let x0 = max(0, Int(xs.min()!)), x1 = min(g.width - 1, Int(xs.max()!))
        let y0 = max(0, Int(ys.min()!)), y1 = min(g.height - 1, Int(ys.max()!))
        guard x1 > x0, y1 > y0 else { return 0 }
        var sum: Float = 0
        for y in y0...y1 { for x in x0...x1 { sum += g.magnitude[y * g.width + x] } }
        return sum / Float((x1 - x0 + 1) * (y1 - y0 + 1))
    }

    /// Whether `step` runs along one of `card`'s two pairs of sides (within about 11°).
    private static func inLine(_ step: Point, with card: Quad) -> Bool {
        let c = card.corners
        return [c[1] - c[0], c[2] - c[1]].contains { side in
            let cross = abs(side.x * step.y - side.y * step.x)
            let dot = abs(side.x * step.x + side.y * step.y)
            return atan2(cross, dot) < 0.2
        }
    }
}
