import CTurboJPEG
import Testing
@testable import InstantScan

extension Codecs {
    /// A band of rows and columns decoded through libjpeg's API must be the whole-image decode's
    /// pixels, byte for byte: the scan would mix the two.
    @Suite struct JPEGBandDecode {
        /// 4:4:4, 4:2:2 and 4:2:0 (fancy upsampling reads neighbouring chroma rows and columns)
        /// and a progressive 4:2:0 file.
        static func fixtures() throws -> [(String, [UInt8])] {
            let original = try CodecFixtures.photoLike(width: 203, height: 157)
            let handle = try TurboJPEGHandle.compressor()
            return [
                ("4:4:4", try #require(handle.compress(original, subsampling: TJSAMP_444, quality: 92, flags: 0))),
                ("4:2:2", try #require(handle.compress(original, subsampling: TJSAMP_422, quality: 88, flags: 0))),
                ("4:2:0", try #require(handle.compress(original, subsampling: TJSAMP_420, quality: 85, flags: 0))),
                ("4:2:0 progressive", try #require(handle.compress(original, subsampling: TJSAMP_420, quality: 85,
                                                                     flags: TJFLAG_PROGRESSIVE))),
            ]
        }

        /// The rectangle `rows` × `columns` of `image`.
        static func crop(_ image: PixelBuffer, rows: Range<Int>, columns: Range<Int>) throws -> [UInt8] {
            let bpp = image.format.bytesPerPixel
            let packed = image.packedBytes()
            var out: [UInt8] = []
            for y in rows {
                let start = (y * image.width + columns.lowerBound) * bpp
                out += packed[start..<(start + columns.count * bpp)]
            }
            return out
        }

        @Test(arguments: [1, 2, 4], [PixelFormat.rgb8, .rgba8])
        func bandsAreTheWholeDecodesPixels(denominator: Int, format: PixelFormat) throws {
            for (name, jpeg) in try Self.fixtures() {
                let whole = try JPEGDecoder.decode(jpeg, scaleDenominator: denominator, maximumPixels: 1 << 20,
                                                   format: format).pixels
                let w = whole.width, h = whole.height
                // From the top, mid-image off every iMCU boundary, to the bottom; all columns, a
                // range inside, one at the right edge, a single pixel.
                let bands: [(Range<Int>, Range<Int>?)] = [
                    (0..<(h / 3), nil), ((h / 4 + 1)..<(h / 2 + 3), nil), ((h - h / 5)..<h, nil),
                    ((h / 3)..<(2 * h / 3), (w / 5 + 3)..<(w / 2 + 1)), (1..<(h - 1), (w - w / 4)..<w),
                    ((h / 2)..<(h / 2 + 1), (w / 2)..<(w / 2 + 1)),
                ]
                for (rows, columns) in bands {
                    let band = try JPEGBandDecoder.decode(jpeg, rows: rows, columns: columns,
                                                          scaleDenominator: denominator, format: format)
                    let cols = columns ?? 0..<w
                    #expect(band.size == PixelSize(width: cols.count, height: rows.count))
                    #expect(band.packedBytes() == (try Self.crop(whole, rows: rows, columns: cols)),
                            "\(name), 1/\(denominator), rows \(rows), columns \(cols), \(format)")
                }
            }
        }

        @Test func aBandOutsideTheImageIsRefused() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 40, height: 30))
            for (rows, columns) in [(20..<31, 0..<40), (0..<10, 30..<41), (5..<5, 0..<40), (0..<30, 0..<0)] {
                #expect(throws: CodecError.self) { try JPEGBandDecoder.decode(jpeg, rows: rows, columns: columns) }
            }
            #expect(throws: CodecError.self) { try JPEGBandDecoder.decode(jpeg, rows: 0..<4, scaleDenominator: 3) }
        }

        @Test func truncatedDataIsAnErrorNotGreyRows() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 120, height: 90), quality: 90)
            let cut = Array(jpeg.prefix(jpeg.count * 2 / 3))
            #expect(throws: CodecError.self) { try JPEGBandDecoder.decode(cut, rows: 60..<90) }
            // Rows whose data is all there still decode, and equal the whole file's.
            let whole = try JPEGBandDecoder.decode(jpeg, rows: 0..<8)
            #expect(try JPEGBandDecoder.decode(cut, rows: 0..<8).packedBytes() == whole.packedBytes())
        }

        @Test func notAJPEGIsCorrupt() {
            #expect(throws: CodecError.self) { try JPEGBandDecoder.decode([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0], rows: 0..<1) }
        }

        @Test func theSizeLimitIsCheckedBeforeDecoding() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 64, height: 64))
            #expect(throws: ImageError.self) { try JPEGBandDecoder.decode(jpeg, rows: 0..<1, maximumPixels: 1000) }
        }
    }
}
