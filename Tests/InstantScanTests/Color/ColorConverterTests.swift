import CShims
import Testing
@testable import InstantScan

@Suite struct ColorConverterTests {
    @Test func sRGBToSRGBIsAnIdentity() throws {
        #expect(try ColorConverter(from: .sRGB, to: .sRGB).isIdentity)
        let lcmsSRGB = try ColorProfile(iccData: LCMSTestProfiles.srgb())
        #expect(try ColorConverter(from: lcmsSRGB, to: .sRGB).isIdentity)
        #expect(try ColorConverter(from: .displayP3, to: .displayP3).isIdentity)
        #expect(try !ColorConverter(from: .displayP3, to: .sRGB).isIdentity)
    }

    @Test func anIdentityLeavesPixelsAlone() throws {
        let image = try ColorTestImages.random(width: 17, height: 5, seed: 2)
        let before = image.packedBytes()
        try ColorConverter(from: .sRGB, to: .sRGB).convert(image)
        #expect(image.packedBytes() == before)
    }

    static let knownColours: [[UInt8]] = [
        [255, 255, 255], [0, 0, 0], [128, 128, 128], [50, 50, 50], [255, 0, 0], [0, 255, 0], [0, 0, 255],
        [234, 51, 35], [200, 150, 100], [50, 100, 200], [10, 200, 30], [255, 255, 0], [90, 20, 160],
    ]

    /// Expected values from the primaries' matrices in Double (no lcms), within 2 code values.
    @Test(arguments: [(BuiltInProfile.displayP3, BuiltInProfile.srgb), (.srgb, .displayP3)])
    func convertsKnownColoursLikeTheMatrices(from: BuiltInProfile, to: BuiltInProfile) throws {
        let source = from == .srgb ? ColorProfile.sRGB : ColorProfile.displayP3
        let destination = to == .srgb ? ColorProfile.sRGB : ColorProfile.displayP3
        let sourcePrimaries = from == .srgb ? ReferenceColorMath.srgbPrimaries : ReferenceColorMath.p3Primaries
        let destinationPrimaries = to == .srgb ? ReferenceColorMath.srgbPrimaries : ReferenceColorMath.p3Primaries

        let image = try ColorTestImages.pixels(Self.knownColours.map { ($0[0], $0[1], $0[2]) }, width: 1)
        try ColorConverter(from: source, to: destination).convert(image)
        for (row, colour) in Self.knownColours.enumerated() {
            let expected = ReferenceColorMath.convert(colour, from: sourcePrimaries, to: destinationPrimaries)
            let got = Array(image[0, row].prefix(3))
            let off = zip(got, expected).map { abs(Int($0) - Int($1)) }.max()!
            #expect(off <= 2, "\(from)→\(to) \(colour): got \(got), expected \(expected)")
        }
    }

    @Test func wellKnownValues() throws {
        // sRGB red is P3 (234, 51, 35); P3 white, black and greys stay put in sRGB.
        let image = try ColorTestImages.pixels([(255, 0, 0)], width: 1)
        try ColorConverter(from: .sRGB, to: .displayP3).convert(image)
        let red = image[0, 0].prefix(3).map(Int.init)
        #expect(abs(red[0] - 234) <= 1 && abs(red[1] - 51) <= 1 && abs(red[2] - 35) <= 1, "\(red)")

        let greys: [(UInt8, UInt8, UInt8)] = [(255, 255, 255), (0, 0, 0), (128, 128, 128), (17, 17, 17)]
        let grey = try ColorTestImages.pixels(greys, width: 2)
        try ColorConverter(from: .displayP3, to: .sRGB).convert(grey)
        for (index, value) in greys.enumerated() {
            let got = grey[index % 2, index / 2].prefix(3).map(Int.init)
            #expect(got.allSatisfy { abs($0 - Int(value.0)) <= 1 }, "\(value) → \(got)")
        }
        // P3 pure red lies outside sRGB: relative colorimetric clips it to sRGB red.
        let p3Red = try ColorTestImages.pixels([(255, 0, 0)], width: 1)
        try ColorConverter(from: .displayP3, to: .sRGB).convert(p3Red)
        #expect(p3Red[0, 0].prefix(3).map(Int.init) == [255, 0, 0])
    }

    /// A large image goes through parallel row bands sharing one transform: every pixel must come
    /// out as it does alone, and alpha must not change.
    @Test func bandedConversionMatchesPixelByPixelAndKeepsAlpha() throws {
        let image = try ColorTestImages.random(width: 1001, height: 600, seed: 31)
        let before = image.packedBytes()
        let converter = try ColorConverter(from: .displayP3, to: .sRGB)
        converter.convert(image)
        let after = image.packedBytes()

        // Convert a sample of pixels one at a time in a small image.
        var random = SeededGenerator(seed: 5)
        let samples = (0..<500).map { _ in Int.random(in: 0..<(1001 * 600), using: &random) }
        let single = try ColorTestImages.pixels(samples.map { (before[$0 * 4], before[$0 * 4 + 1], before[$0 * 4 + 2]) },
                                                width: 1)
        converter.convert(single)
        for (row, index) in samples.enumerated() {
            #expect(Array(after[(index * 4)..<(index * 4 + 3)]) == Array(single[0, row].prefix(3)))
        }
        #expect(stride(from: 3, to: after.count, by: 4).allSatisfy { after[$0] == before[$0] })
    }

    /// Distinct colours converted by a converter of their own, none met before: the transform's
    /// own results for them.
    private static func fresh(_ colours: [[UInt8]], from: ColorProfile, to: ColorProfile) throws -> [[UInt8]: [UInt8]] {
        precondition(Set(colours).count == colours.count, "distinct colours")
        let image = try ColorTestImages.pixels(colours.map { ($0[0], $0[1], $0[2]) }, width: 1)
        try ColorConverter(from: from, to: to).convert(image)
        return Dictionary(uniqueKeysWithValues: colours.indices.map { (colours[$0], Array(image[0, $0].prefix(3))) })
    }

    /// A photo's colours repeat; the converted colours kept per thread must give each repeat the
    /// bytes it gets alone, whether it is found in the table, was pushed out of it by a colour of
    /// the same slot, or waits in a run with its own twin. Alpha never changes.
    @Test func repeatedColoursComeOutAsEachDoesAlone() throws {
        var random = SeededGenerator(seed: 41)
        let palette = Array(Set((0..<700).map { _ in (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) } }))
        // Runs of one colour, colours coming back far apart, and more colours than the table holds.
        let colours = (0..<9000).map { index in palette[(index % 7 == 0 ? index : index / 40) % palette.count] }
        let image = try ColorTestImages.pixels(colours.map { ($0[0], $0[1], $0[2]) }, width: 100)
        let before = image.packedBytes()
        try ColorConverter(from: .displayP3, to: .sRGB).convert(image)
        let after = image.packedBytes()
        let expected = try Self.fresh(palette, from: .displayP3, to: .sRGB)
        let wrong = colours.indices.filter { Array(after[($0 * 4)..<($0 * 4 + 3)]) != expected[colours[$0]] }
        #expect(wrong.isEmpty, "\(wrong.count) pixels differ from their colour converted alone")
        #expect(stride(from: 3, to: after.count, by: 4).allSatisfy { after[$0] == before[$0] })
    }

    /// More distinct colours than a thread's table holds (2^14), each met twice far apart and
    /// converted in parallel bands on several threads: every pixel still gets the bytes its
    /// colour gets alone, whether its slot still held it or a colour pushed it out.
    @Test func moreColoursThanTheTableHoldsComeOutAsEachDoesAlone() throws {
        var random = SeededGenerator(seed: 47)
        let palette = Array(Set((0..<40_000).map { _ in (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) } }))
        let colours = palette + palette.reversed()
        let width = 200, count = colours.count / width * width
        let image = try ColorTestImages.pixels(colours.prefix(count).map { ($0[0], $0[1], $0[2]) }, width: width)
        try ColorConverter(from: .displayP3, to: .sRGB).convert(image)
        let after = image.packedBytes()
        let expected = try Self.fresh(palette, from: .displayP3, to: .sRGB)
        let wrong = (0..<count).filter { Array(after[($0 * 4)..<($0 * 4 + 3)]) != expected[colours[$0]] }
        #expect(wrong.isEmpty, "\(wrong.count) pixels differ from their colour converted alone")
    }

    /// Two transforms taking turns on one thread each get their own results for the same colours,
    /// never the colours the other kept.
    @Test func convertersTakingTurnsKeepTheirOwnColours() throws {
        let colours: [[UInt8]] = [[255, 0, 0], [200, 150, 100], [10, 200, 30], [90, 20, 160]]
        let toSRGB = try ColorConverter(from: .displayP3, to: .sRGB)
        let toP3 = try ColorConverter(from: .sRGB, to: .displayP3)
        let expectedSRGB = try Self.fresh(colours, from: .displayP3, to: .sRGB)
        let expectedP3 = try Self.fresh(colours, from: .sRGB, to: .displayP3)
        // The two directions differ on every one of these colours, so a shared table would show.
        #expect(colours.allSatisfy { expectedSRGB[$0] != expectedP3[$0] })
        for round in 0..<3 {
            for (converter, expected) in [(toSRGB, expectedSRGB), (toP3, expectedP3)] {
                let image = try ColorTestImages.pixels(colours.map { ($0[0], $0[1], $0[2]) }, width: 2)
                converter.convert(image, rows: 0..<image.height)
                for (index, colour) in colours.enumerated() {
                    #expect(Array(image[index % 2, index / 2].prefix(3)) == expected[colour], "round \(round), \(colour)")
                }
            }
        }
    }

    /// A sparse sampler's columns are converted as the whole row converts them; the columns
    /// between them, and alpha, are left as they were.
    @Test func sparseColumnsAreConvertedAloneAndTheRestLeft() throws {
        let row = try ColorTestImages.random(width: 40, height: 1, seed: 43)
        let whole = try ColorTestImages.copy(row)
        let before = row.packedBytes()
        let converter = try ColorConverter(from: .displayP3, to: .sRGB)
        converter.convert(row, rows: 0..<1, columnsFrom: 2, to: 35, every: 3)
        converter.convert(whole, rows: 0..<1)
        for x in 0..<40 {
            let converted = x >= 2 && x < 35 && (x - 2) % 3 == 0
            let expected = converted ? Array(whole[x, 0].prefix(3)) : Array(before[(x * 4)..<(x * 4 + 3)])
            #expect(Array(row[x, 0].prefix(3)) == expected, "column \(x)")
            #expect(row[x, 0][3] == before[x * 4 + 3])
        }
        #expect(Array(whole[2, 0].prefix(3)) != Array(before[8..<11]), "the conversion changes this colour")
    }

    @Test func ourDisplayP3MatchesLcmsVersion4DisplayP3() throws {
        let theirs = try ColorProfile(iccData: LCMSTestProfiles.displayP3Version4())
        let image = try ColorTestImages.random(width: 64, height: 16, seed: 6)
        let copy = try ColorTestImages.copy(image)
        try ColorConverter(from: .displayP3, to: .sRGB).convert(image)
        try ColorConverter(from: theirs, to: .sRGB).convert(copy)
        let a = image.packedBytes(), b = copy.packedBytes()
        #expect(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    /// A transform to a built-in profile is made to its twin (is_lcms_output_twin: its tone curve
    /// inverted once per process instead of three times a transform), which must give every one
    /// of the 2^24 colours the bytes the profile itself gives, from matrix/TRC sources with a
    /// tabulated curve (the other built-in profile), parametric ones (lcms2's v4 Display P3, a
    /// gamma 2.2) and the built-in profile itself.
    @Test(arguments: [BuiltInProfile.srgb, .displayP3])
    func theTwinOfABuiltInProfileGivesItsTransformsOnEveryColour(destination: BuiltInProfile) throws {
        let output = destination.profile
        let twin = output.iccData.withUnsafeBufferPointer { is_lcms_output_twin(output.handle, $0.baseAddress, $0.count) }
        #expect(twin != nil)
        #expect(output.iccData.withUnsafeBufferPointer { is_lcms_output_twin(output.handle, $0.baseAddress, $0.count) } == twin,
                "made once")
        let sources = [ColorProfile.sRGB, .displayP3, try ColorProfile(iccData: LCMSTestProfiles.displayP3Version4()),
                       try ColorProfile(iccData: LCMSTestProfiles.gamma22())]
        for source in sources {
            #expect(is_lcms_output_twin_differences(source.handle, output.handle, twin) == 0, "from \(source.name)")
        }
    }

    @Test func perceptualIntentWorksToo() throws {
        let converter = try ColorConverter(from: .displayP3, to: .sRGB, intent: .perceptual)
        #expect(converter.intent == .perceptual && !converter.isIdentity)
        let image = try ColorTestImages.pixels([(128, 128, 128)], width: 1)
        converter.convert(image)
        #expect(image[0, 0].prefix(3).allSatisfy { abs(Int($0) - 128) <= 1 })
    }
}
