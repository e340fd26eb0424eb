import Testing
@testable import InstantScan

extension Codecs {
    /// PNG image data deflated in row bands must be one valid stream (libpng checks the Adler-32
    /// and every chunk's CRC on read) and decode to the same pixels however the rows are split.
    @Suite struct BandedDeflate {
        @Test(arguments: PNGEncoder.Compression.allCases)
        func bandsJoinIntoOneValidStream(compression: PNGEncoder.Compression) throws {
            let image = try CodecFixtures.photoLike(width: 97, height: 61)
            var outputs: [[UInt8]] = []
            for bands in [1, 2, 5, 61] {
                let png = try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: true, compression: compression,
                                                bandCount: bands)
                let decoded = try ImageReader.decode(png)
                #expect(decoded.warnings.isEmpty, "\(bands) bands: \(decoded.warnings)")
                #expect(CodecFixtures.samePixels(decoded.pixels, image), "\(bands) bands")
                outputs.append(png)
            }
            // More bands cost a little each (a sync flush, a fresh dictionary): a few percent on a tiny image.
            #expect(outputs[2].count < outputs[0].count * 108 / 100)
        }

        @Test func greyAndRGBBuffersKeepTheirChannels() throws {
            let colour = try CodecFixtures.photoLike(width: 40, height: 33)
            let rgb = try PixelBuffer(width: 40, height: 33, format: .rgb8)
            let grey = try PixelBuffer(width: 40, height: 33, format: .gray8)
            for y in 0..<33 {
                for x in 0..<40 {
                    let p = colour[x, y]
                    rgb[x, y] = Array(p[0..<3])
                    grey[x, y] = [p[1]]
                }
            }
            let fromRGB = try ImageReader.decode(PNGEncoder.encode(rgb, iccProfile: nil, srgbIntent: true, bandCount: 3))
            #expect(CodecFixtures.samePixels(fromRGB.pixels, colour))
            let fromGrey = try ImageReader.decode(PNGEncoder.encode(grey, iccProfile: nil, srgbIntent: true, bandCount: 3))
            #expect(fromGrey.pixels[7, 9] == [colour[7, 9][1], colour[7, 9][1], colour[7, 9][1], 255])
        }

        @Test func alphaIsKeptWhenAsked() throws {
            let image = try CodecFixtures.photoLike(width: 30, height: 20)
            image[3, 4] = [10, 20, 30, 40]
            let png = try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: true, dropAlpha: false, bandCount: 4)
            #expect(try ImageReader.decode(png).pixels[3, 4] == [10, 20, 30, 40])
        }
    }
}
