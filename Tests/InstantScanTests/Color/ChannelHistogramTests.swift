import Testing
@testable import InstantScan

@Suite struct ChannelHistogramTests {
    @Test(arguments: [(1, 1, 1), (3, 5, 2), (67, 29, 3), (130, 41, 4)])
    func countsMatchTheReference(width: Int, height: Int, seed: UInt64) throws {
        let image = try ColorTestImages.random(width: width, height: height, seed: seed)
        let histogram = ChannelHistogram(of: image)
        let expected = ReferenceStretch.histogram(image)
        #expect(histogram.red == expected[0])
        #expect(histogram.green == expected[1])
        #expect(histogram.blue == expected[2])
        #expect(histogram.pixelCount == width * height)
    }

    @Test func countsASubRectangle() throws {
        let image = try ColorTestImages.random(width: 50, height: 40, seed: 9)
        let histogram = ChannelHistogram(of: image, x: 7..<30, y: 3..<38)
        let expected = ReferenceStretch.histogram(image, x: 7..<30, y: 3..<38)
        #expect([histogram.red, histogram.green, histogram.blue] == expected)
        #expect(histogram.pixelCount == 23 * 35)
    }

    @Test func anEmptyRegionCountsNothing() throws {
        let image = try ColorTestImages.random(width: 8, height: 8, seed: 1)
        let histogram = ChannelHistogram(of: image, x: 3..<3, y: 0..<8)
        #expect(histogram.pixelCount == 0)
        #expect(histogram.blue.allSatisfy { $0 == 0 })
    }

    @Test func alphaIsIgnoredAndChannelsAreKeptApart() throws {
        let image = try ColorTestImages.pixels([(1, 2, 3), (1, 200, 3), (255, 2, 0)], width: 3)
        let histogram = ChannelHistogram(of: image)
        #expect(histogram.red[1] == 2 && histogram.red[255] == 1)
        #expect(histogram.green[2] == 2 && histogram.green[200] == 1)
        #expect(histogram.blue[3] == 2 && histogram.blue[0] == 1)
        #expect(histogram[1] == histogram.green)
    }

    /// Large enough to be split into parallel row bands, with a width that is not a multiple of 4.
    @Test func aBandedImageMatchesTheReference() throws {
        let image = try ColorTestImages.random(width: 1001, height: 600, seed: 77)
        #expect(RowBands.bands(height: 600, width: 1001).count > 1 || ProcessInfoCores.active == 1)
        let histogram = ChannelHistogram(of: image)
        #expect([histogram.red, histogram.green, histogram.blue] == ReferenceStretch.histogram(image))
    }

    @Test func bandsCoverEveryRowOnce() {
        for (height, width) in [(1, 1), (3, 1 << 20), (600, 1001), (4000, 3000), (7, 100_000)] {
            let bands = RowBands.bands(height: height, width: width)
            #expect(bands.first?.lowerBound == 0 && bands.last?.upperBound == height)
            #expect(zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(bands.allSatisfy { !$0.isEmpty })
        }
    }
}
