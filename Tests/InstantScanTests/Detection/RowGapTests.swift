import Testing
@testable import InstantScan

/// The places a row's gaps are searched again at a finer scale: only a row's steps from its cards,
/// along its line, clear of the prints found. (The search itself: ``WallRowTests``.)
@Suite("Row gaps")
struct RowGapTests {
    @Test("places lie a row's step or a few from its cards, along its line, clear of the prints found")
    func places() {
        let cards = WallRowTests.members
        let photo = PixelSize(width: 1600, height: 1200)
        let places = PrintDetector.rowGapPlaces(cards, taken: cards, photo: photo)
        #expect(!places.isEmpty)
        for place in places {
            #expect(!cards.contains { ConvexOverlap.overlapOfSmaller($0, place) > 0.15 })
            #expect(place.isInside(width: photo.width, height: photo.height))
            // On the row's line (y = 760 − 40/150 · (x − 260)), within three steps of an end.
            let c = place.centroid
            #expect(abs(c.y - (760 - 40.0 / 150 * (c.x - 260))) < 5, "\(c) is off the row's line")
            #expect(c.x > 260 - 3 * 155 && c.x < 560 + 3 * 155)
        }
        // Two cards are not a row's evidence of a place between them unless they are in line.
        #expect(PrintDetector.rowGapPlaces([cards[0]], taken: [cards[0]], photo: photo).isEmpty)
    }
}
