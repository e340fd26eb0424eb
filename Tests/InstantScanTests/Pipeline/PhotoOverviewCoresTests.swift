import Testing
@testable import InstantScan

/// The whole photo's overview, its rows shared between cores.
@Suite struct PhotoOverviewCoresTests {
    /// The overview (some 25 reads a pixel) comes out the same whether its rows are shared between
    /// cores or not, from a turned, DCT-scaled decode.
    @Test func photoOverviewIsTheSameOnOneCoreAndTwo() throws {
        var random = SeededGenerator(seed: 29)
        let (width, height) = (1512, 1008)
        let bytes = (0..<(width * height * 3)).map { i in UInt8(truncatingIfNeeded: (i / 3 % width) / 7 + Int.random(in: 0..<40, using: &random)) }
        let pixels = try PixelBuffer(width: width, height: height, format: .rgb8, packed: bytes)
        let decoded = DecodedImage(pixels: pixels, orientation: .right, iccProfile: nil, isSRGBTagged: false, scaleDenominator: 2,
                                   fullSize: PixelSize(width: 2 * width, height: 2 * height), format: .jpeg, warnings: [])
        let one = try ProcessInfoCores.withLimit(1) { try #require(try PhotoOverview(decoded)) }
        let two = try ProcessInfoCores.withLimit(2) { try #require(try PhotoOverview(decoded)) }
        #expect(one.image.packedBytes() == two.image.packedBytes())
        #expect(Set(one.image.packedBytes()).count > 10, "the overview has detail to compare")
    }
}
