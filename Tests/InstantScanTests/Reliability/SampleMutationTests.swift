import Foundation
import Testing
@testable import InstantScan

/// A seeded mutation fuzzer over every photo in Samples/, run on every build: thousands of damaged
/// copies of each photo's header region (EXIF, ICC, quantisation and Huffman tables, frame), of a
/// small re-encoded crop that keeps the photo's own metadata segments, and of a PNG of that crop
/// with its ICC profile and EXIF. Every outcome must be a value or a documented error; a crash, a
/// sanitizer report or a hang fails the run (`make test-asan` runs it under AddressSanitizer).
/// The libFuzzer harnesses in Fuzz/ do the same, coverage-guided, for long runs by hand.
extension Reliability {
    @Suite struct SampleMutations {
        static let headerMutations = 2_000
        static let decodeMutations = 400

        /// A seed from the file name (FNV-1a), the same on every run and machine.
        static func seed(for name: String) -> UInt64 {
            name.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        }

        /// Fails the test on an error outside the library's documented ones.
        private func expectDocumented(_ error: any Error, _ context: String) {
            switch error {
            case is CodecError, is ImageError, is ColorError:
                #expect(!"\(error)".isEmpty, "\(context): an error without a message")
            default:
                Issue.record("\(context): undocumented error \(type(of: error)): \(error)")
            }
        }

        /// The header facts, and the embedded profile opened as the scanner would.
        private func readHeader(_ data: [UInt8], _ context: String) {
            let metadata = JPEGMarkers.metadata(in: data)
            if let size = metadata.frameSize {
                #expect(size.width >= 0 && size.width <= 65_535 && size.height >= 0 && size.height <= 65_535, "\(context)")
            }
            do {
                let info = try ImageReader.info(of: data)
                #expect(info.storedSize.width > 0 && info.storedSize.height > 0, "\(context)")
                if let profile = info.iccProfile { _ = try ColorProfile(iccData: profile) }
            } catch {
                expectDocumented(error, context)
            }
        }

        /// A full decode under a 1-megapixel limit, and the profile.
        private func decode(_ data: [UInt8], scale: Int, _ context: String) {
            do {
                let decoded = try ImageReader.decode(data, scaleDenominator: scale, maximumPixels: 1 << 20)
                #expect(decoded.pixels.width == (decoded.fullSize.width + decoded.scaleDenominator - 1) / decoded.scaleDenominator, "\(context)")
                if let profile = decoded.iccProfile { _ = try ColorProfile(iccData: profile) }
            } catch {
                expectDocumented(error, context)
            }
        }

        @Test func samplesArePresent() {
            #expect(ReliabilitySupport.samples.count >= 5, "Samples/ holds the photos the mutations start from")
        }

        @Test(arguments: ReliabilitySupport.samples.map(\.name))
        func damagedHeadersOfASample(name: String) throws {
            let photo = try #require(ReliabilitySupport.samples.first { $0.name == name }).bytes
            let sos = try #require(JPEGMarkers.segments(in: photo).last { $0.marker == 0xDA })
            // The header and a little of the scan: enough for every parser, small enough to copy.
            let header = Array(photo[0..<min(photo.count, sos.payloadRange.upperBound + 512)])
            var mutator = Mutator(seed: Self.seed(for: name))
            for i in 0..<Self.headerMutations {
                readHeader(mutator.mutate(header, in: 0..<sos.payloadOffset), "\(name) header mutation \(i)")
            }
        }

        @Test(arguments: ReliabilitySupport.samples.map(\.name))
        func damagedSmallCopiesOfASample(name: String) throws {
            let photo = try #require(ReliabilitySupport.samples.first { $0.name == name }).bytes
            let segments = JPEGMarkers.segments(in: photo)
            let metadata = JPEGMarkers.metadata(in: photo)
            // A 48×40 crop, re-encoded, with the photo's own APP1…APP15 segments (EXIF, ICC) back in.
            let pixels = try ImageReader.decode(photo, scaleDenominator: 8).pixels
            let crop = try ReliabilitySupport.crop(pixels, x: pixels.width / 2 - 24, y: pixels.height / 2 - 20, width: 48, height: 40)
            let appSegments = segments.filter { (0xE1...0xEF).contains($0.marker) }
                .map { Array(photo[($0.payloadOffset - 4)..<$0.payloadRange.upperBound]) }
            let jpeg = JPEGEncoder.splice(appSegments, into: try JPEGEncoder.encode(crop, quality: 85))
            let jpegSOS = try #require(JPEGMarkers.segments(in: jpeg).last { $0.marker == 0xDA })
            let png = try PNGEncoder.encode(crop, iccProfile: metadata.iccProfile ?? BuiltInProfile.displayP3.makeICCData(),
                                            srgbIntent: false)
            // The unmutated copies read back: the crop and its metadata survive.
            #expect(try ImageReader.decode(jpeg).orientation == metadata.orientation)
            #expect(try ImageReader.decode(png).pixels.size == crop.size)

            var mutator = Mutator(seed: Self.seed(for: name) ^ 0xC0FFEE)
            for i in 0..<Self.decodeMutations {
                // Most mutations in the header, a quarter anywhere (the scan, the IDAT stream).
                let anywhere = i % 4 == 3
                decode(mutator.mutate(jpeg, in: 0..<(anywhere ? jpeg.count : jpegSOS.payloadRange.upperBound)),
                       scale: [1, 2, 4, 8][i % 4], "\(name) JPEG mutation \(i)")
                decode(mutator.mutate(png, in: 0..<(anywhere ? png.count : min(png.count, 1_200))), scale: 1,
                       "\(name) PNG mutation \(i)")
            }
        }
    }
}
