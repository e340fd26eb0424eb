import CTurboJPEG
import Testing
@testable import InstantScan

extension Codecs {
    /// A large band of a baseline JPEG is decoded on two cores, cut in two: the rows must be the
    /// single reader's, and the cut where both readers do about the same work.
    @Suite struct JPEGBandSplitting {
        @Test func aWholeBandOfABaselinePhotoIsCutOnAnIMCURowBelowTheMiddle() {
            let parts = JPEGBandSplit.parts(rows: 0..<3024, columns: 4032, width: 4032, progressive: false, cores: 2)
            #expect(parts.count == 2)
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == 3024)
            #expect(parts.first?.upperBound == parts.last?.lowerBound)
            let cut = parts[0].upperBound
            #expect(cut % JPEGBandSplit.rowAlignment == 0)
            // The lower reader also passes over the upper part's rows: the upper part is longer.
            #expect(cut > 1512 && cut < 2400)
            // A band starting lower moves the cut down with it.
            let lower = JPEGBandSplit.parts(rows: 1000..<3024, columns: 4032, width: 4032, progressive: false, cores: 2)
            #expect(lower.count == 2 && lower[0].upperBound > 2012)
        }

        /// At 1/2 scale a skipped row costs a larger share of a decoded one (the same entropy
        /// decoding, a quarter of the rest), so the upper part grows; at 1/4 and below a second
        /// reader saves too little and the band stays whole.
        @Test func theCutFollowsTheScalesSkipCost() {
            let full = JPEGBandSplit.parts(rows: 0..<1512, columns: 2016, width: 2016, scaleDenominator: 1,
                                           progressive: false, cores: 2)
            let half = JPEGBandSplit.parts(rows: 0..<1512, columns: 2016, width: 2016, scaleDenominator: 2,
                                           progressive: false, cores: 2)
            #expect(full.count == 2 && half.count == 2)
            #expect(half[0].upperBound > full[0].upperBound)
            #expect(half[0].upperBound > 1512 * 7 / 10 && half[0].upperBound < 1512 * 8 / 10)
            #expect(JPEGBandSplit.parts(rows: 0..<1512, columns: 2016, width: 2016, scaleDenominator: 4,
                                        progressive: false, cores: 2) == [0..<1512])
        }

        @Test func oneCoreAProgressiveFileASmallOrANarrowBandStayWhole() {
            let rows = 0..<3024
            #expect(JPEGBandSplit.parts(rows: rows, columns: 4032, width: 4032, progressive: false, cores: 1) == [rows])
            #expect(JPEGBandSplit.parts(rows: rows, columns: 4032, width: 4032, progressive: true, cores: 2) == [rows])
            #expect(JPEGBandSplit.parts(rows: 0..<200, columns: 1000, width: 4032, progressive: false, cores: 2) == [0..<200])
            // A fifth of the width: its rows cost less to decode than the others cost to skip.
            #expect(JPEGBandSplit.parts(rows: rows, columns: 800, width: 4032, progressive: false, cores: 2) == [rows])
        }

        /// Decoded in two parts (on a machine of two cores or more), the band is the whole decode's
        /// rows and columns, byte for byte, whatever the chroma subsampling.
        @Test(arguments: ["4:2:0", "4:2:2", "4:4:4"])
        func aBandDecodedInTwoPartsIsTheWholeDecodesPixels(subsampling name: String) throws {
            let subsampling = ["4:2:0": TJSAMP_420, "4:2:2": TJSAMP_422, "4:4:4": TJSAMP_444][name]!
            let original = try CodecFixtures.photoLike(width: 1400, height: 1100)
            let jpeg = try #require(try TurboJPEGHandle.compressor().compress(original, subsampling: subsampling,
                                                                              quality: 88, flags: 0))
            let whole = try JPEGDecoder.decode(jpeg, scaleDenominator: 1, maximumPixels: 1 << 22, format: .rgb8).pixels
            for (rows, columns) in [(0..<1100, 0..<1400), (37..<1091, 0..<1400), (101..<1050, 90..<1310)] {
                #expect(JPEGBandSplit.parts(rows: rows, columns: columns.count, width: 1400, progressive: false,
                                            cores: 2).count == 2)
                let band = try JPEGBandDecoder.decode(jpeg, rows: rows, columns: columns, format: .rgb8)
                #expect(band.packedBytes() == (try JPEGBandDecode.crop(whole, rows: rows, columns: columns)),
                        "rows \(rows), columns \(columns)")
            }
        }
    }
}
