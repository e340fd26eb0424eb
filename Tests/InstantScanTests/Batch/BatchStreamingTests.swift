import Foundation
import Testing
@testable import InstantScan

/// A batch without previews makes its scans band by band straight into their files (issue 16: two
/// jobs then hold two photos and their compressed scans, never a scan whole); with `--report` it
/// keeps the scans' pixels for the thumbnails. Both write the same bytes.
@Suite struct BatchStreamingTests {
    @Test(arguments: [OutputEncoder.Format.png(.fast), .png(.balanced), .jpeg(quality: 88)])
    func aStreamedBatchWritesTheBytesOfAWholeImageOne(_ format: OutputEncoder.Format) throws {
        let input = try TemporaryFolder()
        try Data(try JPEGEncoder.encode(try DetectionScenes.woodGrain.render(), quality: 92))
            .write(to: input.url.appendingPathComponent("IMG_0001.jpg"))
        let photos = try PhotoFinder.photos(in: input.url.path, recursive: false)
        var written: [Bool: [UInt8]] = [:]
        for previews in [false, true] {
            let output = try TemporaryFolder()
            var options = BatchOptions()
            options.output = format
            options.previews = previews
            let scans = output.path("scans")
            let summary = try BatchRunner(options: options).run(photos, into: scans) { _, _ in }
            #expect(summary.failures.isEmpty && summary.succeeded)
            let names = try FileManager.default.contentsOfDirectory(atPath: scans).filter { !$0.hasPrefix(".") }
            #expect(names == ["IMG_0001-1.\(format.fileExtension)"])
            written[previews] = Array(try Data(contentsOf: URL(fileURLWithPath: scans + "/" + (names.first ?? ""))))
        }
        let streamed = try #require(written[false]), whole = try #require(written[true])
        #expect(streamed.count > 1000)
        #expect(streamed == whole)
    }
}
