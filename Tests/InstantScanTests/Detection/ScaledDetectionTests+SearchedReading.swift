import Testing
@testable import InstantScan

/// The full-resolution pass refines a print from the line search's reading it came from, as the
/// detector on a whole decode does, rather than only polishing the card the scaled decode's
/// refinement settled on (hard scenes at 4032 px through `scan`: a side on a glare streak's or a
/// pocket's edge 6–20 px off, 4 prints, that `detect` placed).
extension ScaledDetectionTests {
    /// `quad` with its right side moved out by `by` pixels along the top and bottom sides.
    static func rightSideMovedOut(_ quad: Quad, by distance: Double) -> Quad {
        var corners = quad.corners
        for (right, left) in [(1, 0), (2, 3)] {
            let along = corners[right] - corners[left]
            let length = (along.x * along.x + along.y * along.y).squareRoot()
            corners[right] = corners[right] + along * (distance / length)
        }
        return Quad(corners: corners)
    }

    @Test("a card the scaled decode refined onto a wrong edge is refined again from its search's reading")
    func aWrongEdgeIsLeftForTheSearchsReading() throws {
        let scene = Self.largeOffCentrePockets
        let image = try scene.render()
        let scaled = ScaledDetection(detection: Self.sleeveOptions.detection, maximumPixels: .max)
        let refiner = PrintRefiner(sampler: FullResolutionSampler(image, orientation: .up), workingScale: 4)
        let truth = scene.prints[0]
        // The scaled decode's refinement put the right side 14 px out on the page, past what the
        // polish searches about it; the line search had the card within a working pixel or so.
        let wrong = Self.rightSideMovedOut(truth.corners, by: 14)
        var print = DetectedPrint(format: .instaxWide, card: wrong, window: PrintTemplate(format: .instaxWide).window(forCard: wrong),
                                  confidence: 0.9, touchesImageBorder: false)
        let searchedCard = truth.corners.mapped { Point($0.x + 2.5, $0.y - 2) }
        let searched = SearchedReading(card: searchedCard, window: PrintTemplate(format: .instaxWide).window(forCard: searchedCard)!,
                                       format: .instaxWide, refinedCard: wrong)
        let polished = scaled.refine(print, with: refiner, photo: image.size, scale: 2)
        #expect(PrintDetectorTests.cornerError(polished.card, truth.corners) > 8, "without the reading, the polish stays off")
        print.searched = searched
        let refined = scaled.refine(print, with: refiner, photo: image.size, scale: 2)
        // Its right side where the card's is; the whole card as the detector places it (its left
        // side against the pocket's seam comes out a few pixels in, as in the test above).
        let right = [1, 2].map { refined.card.corners[$0].distance(to: truth.corners.corners[$0]) }.max()!
        #expect(right <= 1.5, "right corners off by \(right) px")
        SettingDetectionTests.expectPlaced(refined, truth, share: 0.01)
        // A card a later step placed (not the reading's refinement as it came) is only polished.
        print.searched?.refinedCard = truth.corners
        let placedLater = scaled.refine(print, with: refiner, photo: image.size, scale: 2)
        #expect(placedLater.card == polished.card)
    }
}
