import Testing
@testable import InstantScan

@Suite struct EndsInStretchTests {
    // MARK: Against the reference

    @Test(arguments: [UInt64(1), 2, 3, 42, 1234])
    func randomImagesMatchTheReference(seed: UInt64) throws {
        for (low, high) in [(1.0, 1.0), (0.0, 0.0), (5.0, 0.5), (0.1, 12.5)] {
            let image = try ColorTestImages.tinted(width: 61, height: 37, seed: seed)
            let expected = ReferenceStretch.apply(image, percentLow: low, percentHigh: high)
            try EndsInStretch(percentLow: low, percentHigh: high).apply(to: image)
            #expect(image.packedBytes() == expected, "seed \(seed), \(low) % / \(high) %")
        }
    }

    @Test func uniformRandomImageMatchesTheReference() throws {
        let image = try ColorTestImages.random(width: 97, height: 13, seed: 5)
        let expected = ReferenceStretch.apply(image, percentLow: 2, percentHigh: 3)
        try EndsInStretch(percentLow: 2, percentHigh: 3).apply(to: image)
        #expect(image.packedBytes() == expected)
    }

    /// Large enough for parallel row bands; a width that is not a multiple of 4.
    @Test func aBandedImageMatchesTheReference() throws {
        let image = try ColorTestImages.tinted(width: 1003, height: 600, seed: 8)
        let expected = ReferenceStretch.apply(image, percentLow: 1, percentHigh: 1)
        try EndsInStretch(percentLow: 1, percentHigh: 1).apply(to: image)
        #expect(image.packedBytes() == expected)
    }

    @Test(arguments: [(0.0, 99.9), (99.9, 0.0), (49.99, 49.99), (0.0, 0.0), (1e-9, 1e-9)])
    func extremePercentagesMatchTheReference(low: Double, high: Double) throws {
        let image = try ColorTestImages.tinted(width: 40, height: 25, seed: 11)
        let expected = ReferenceStretch.apply(image, percentLow: low, percentHigh: high)
        try EndsInStretch(percentLow: low, percentHigh: high).apply(to: image)
        #expect(image.packedBytes() == expected)
    }

    // MARK: The NumPy peer's exact numbers

    /// lo, hi and table entries computed by the evaluation's `ends_in` peer (peers.py, NumPy 2.4).
    @Test func boundariesAndRoundingMatchTheNumPyPeer() throws {
        let shape = (0..<256).map { v in (v * 7919) % 13 + (v % 5 == 0 ? 40 : 0) }
        let squares = (0..<256).map { v in (v * v) % 17 }
        var half = [Int](repeating: 0, count: 256)
        half[3] = 1; half[50] = 97; half[56] = 1; half[200] = 1

        let one = try EndsInStretch(percentLow: 1, percentHigh: 1)
        #expect(one.ends(for: shape)! == (0, 255))
        #expect(one.ends(for: half)! == (50, 56))
        let tableHalf = one.lookupTables(for: ChannelHistogram(red: half, green: half, blue: half)).red
        // 42.5 → 42 and 212.5 → 212, 127.5 → 128: NumPy rounds half to even.
        #expect(Array(tableHalf[49...57]) == [0, 0, 42, 85, 128, 170, 212, 255, 255])
        #expect(tableHalf.map(Int.init).reduce(0, +) == 51637)

        let skewed = try EndsInStretch(percentLow: 5, percentHigh: 0.5)
        #expect(skewed.ends(for: shape)! == (11, 255))
        #expect(skewed.lookupTables(for: ChannelHistogram(red: shape, green: shape, blue: shape)).green
            .map(Int.init).reduce(0, +) == 31238)

        let uneven = try EndsInStretch(percentLow: 2, percentHigh: 3)
        #expect(uneven.ends(for: squares)! == (7, 247))
        let tableSquares = uneven.lookupTables(for: ChannelHistogram(red: squares, green: squares, blue: squares)).blue
        #expect(stride(from: 0, to: 256, by: 16).map { Int(tableSquares[$0]) }
            == [0, 10, 27, 44, 61, 78, 95, 112, 129, 146, 163, 180, 197, 214, 231, 248])
        #expect(tableSquares.map(Int.init).reduce(0, +) == 32767)

        let none = try EndsInStretch(percentLow: 0, percentHigh: 0)
        #expect(none.ends(for: squares)! == (1, 254))
    }

    /// cdf(10) is exactly 1 % here: it is not *above* 1 %, so lo moves on to 20. cdf(20) = 0.99
    /// meets 1 − 1 %, so hi is 20 too: the middle is one value, and the channel is kept as it is
    /// (the peer would map 20 to black).
    @Test func exactBoundaryCdfIsADegenerateChannel() throws {
        var counts = [Int](repeating: 0, count: 256)
        counts[10] = 1; counts[20] = 98; counts[30] = 1
        let stretch = try EndsInStretch(percentLow: 1, percentHigh: 1)
        #expect(stretch.ends(for: counts)! == (20, 20))
        #expect(stretch.lookupTables(for: ChannelHistogram(red: counts, green: counts, blue: counts)).isIdentity)
    }

    // MARK: Degenerate images

    @Test(arguments: [UInt8(0), 1, 128, 254, 255])
    func aFlatImageStaysAsItIs(value: UInt8) throws {
        let image = try PixelBuffer(width: 9, height: 7, filledWith: value)
        let before = image.packedBytes()
        try EndsInStretch(percentLow: 1, percentHigh: 1).apply(to: image)
        #expect(image.packedBytes() == before)
        #expect(ReferenceStretch.apply(image, percentLow: 1, percentHigh: 1) == before)
    }

    @Test func aSingleValuedChannelStaysWhileTheOthersStretch() throws {
        var values: [(UInt8, UInt8, UInt8)] = []
        for i in 0..<200 { values.append((UInt8(60 + i % 100), 200, UInt8(10 + i % 7))) }
        let image = try ColorTestImages.pixels(values, width: 20)
        let tables = try EndsInStretch(percentLow: 1, percentHigh: 1).lookupTables(for: ChannelHistogram(of: image))
        #expect(tables.green == StretchTables.identity.green)
        #expect(tables.red[60] == 0 && tables.red[159] == 255)
        #expect(tables.blue[10] == 0 && tables.blue[16] == 255)
    }

    @Test func twoValuesInsideTheTailsBecomeBlackAndWhite() throws {
        let values = (0..<100).map { i in i < 50 ? (UInt8(100), UInt8(100), UInt8(100)) : (200, 200, 200) }
        let image = try ColorTestImages.pixels(values, width: 10)
        let expected = ReferenceStretch.apply(image, percentLow: 1, percentHigh: 1)
        try EndsInStretch(percentLow: 1, percentHigh: 1).apply(to: image)
        #expect(image.packedBytes() == expected)
        #expect(image[0, 0].prefix(3) == [0, 0, 0])
        #expect(image[0, 9].prefix(3) == [255, 255, 255])
    }

    /// One value is all of the low tail and the other the rest: nothing to stretch between them.
    @Test func twoValuesWithOneInATailStayAsTheyAre() throws {
        let values = (0..<200).map { i in i == 0 ? (UInt8(5), UInt8(5), UInt8(5)) : (90, 90, 90) }
        let image = try ColorTestImages.pixels(values, width: 20)
        let before = image.packedBytes()
        try EndsInStretch(percentLow: 1, percentHigh: 1).apply(to: image)
        #expect(image.packedBytes() == before)
    }

    @Test func alphaIsNeverChanged() throws {
        let image = try ColorTestImages.random(width: 33, height: 9, seed: 3)
        let alphaBefore = image.packedBytes().enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        try EndsInStretch(percentLow: 10, percentHigh: 10).apply(to: image)
        let alphaAfter = image.packedBytes().enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        #expect(alphaAfter == alphaBefore)
    }

    @Test func emptyHistogramGivesIdentityTables() throws {
        let empty = [Int](repeating: 0, count: 256)
        let tables = try EndsInStretch(percentLow: 1, percentHigh: 1)
            .lookupTables(for: ChannelHistogram(red: empty, green: empty, blue: empty))
        #expect(tables.isIdentity)
    }

    @Test func tablesMeasuredOnOneRegionApplyToAnother() throws {
        let image = try ColorTestImages.tinted(width: 30, height: 30, seed: 4)
        let tables = try EndsInStretch(percentLow: 1, percentHigh: 1)
            .lookupTables(for: ChannelHistogram(of: image, x: 5..<25, y: 5..<25))
        var expected = image.packedBytes()
        for index in expected.indices where index % 4 != 3 {
            let table = [tables.red, tables.green, tables.blue][index % 4]
            expected[index] = table[Int(expected[index])]
        }
        tables.apply(to: image)
        #expect(image.packedBytes() == expected)
    }

    // MARK: Validation

    @Test(arguments: [(50.0, 50.0), (100.0, 0.0), (0.0, 100.0), (60.0, 45.0), (-1.0, 1.0), (1.0, -0.5),
                      (Double.nan, 1.0), (1.0, Double.infinity)])
    func invalidPercentagesAreRejected(low: Double, high: Double) {
        #expect(throws: ColorError.self) { try EndsInStretch(percentLow: low, percentHigh: high) }
    }

    @Test func theErrorSaysWhatIsWrong() {
        let error = ColorError.invalidStretchPercentages(low: 60, high: 45)
        #expect(error.description.contains("below 100"))
    }
}
