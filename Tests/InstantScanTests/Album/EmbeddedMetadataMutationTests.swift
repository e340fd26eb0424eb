import Foundation
import Testing
@testable import InstantScan

/// The metadata readers run on every photo scanned and every scan put in an album: damaged
/// bytes must give absent facts, never a crash or a hang.
@Suite struct EmbeddedMetadataMutationTests {
    @Test func damagedHeadersReadAsAbsent() throws {
        let image = try TestImages.smoothTexture(width: 40, height: 50)
        let metadata = ScanMetadata(format: .instaxMini, crop: .card, imageSize: image.size,
                                    captureDate: CaptureDate(exif: "2024:01:02 03:04:05", offset: "+09:00"))
        let files = [
            try OutputEncoder(format: .png(.fast)).encode(image, profile: .displayP3, metadata: metadata),
            try OutputEncoder(format: .jpeg(quality: 80)).encode(image, profile: .srgb, metadata: metadata),
        ]
        var generator = SeededGenerator(seed: 0xA1B0)
        var readBack = 0
        for file in files {
            #expect(ScanMetadata(reading: file).captureDate == metadata.captureDate)
            // Mutate the header region (EXIF, pHYs, JFIF, ICC all live in the first few KiB).
            let header = min(file.count, 4096)
            for _ in 0..<3000 {
                var bytes = file
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let index = Int.random(in: 0..<header, using: &generator)
                    bytes[index] = UInt8.random(in: 0...255, using: &generator)
                }
                if Bool.random(using: &generator) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &generator)) }
                let read = ScanMetadata(reading: bytes)
                if read.captureDate != nil { readBack += 1 }
                _ = EXIFTagReader.read(tiff: bytes[...])
            }
        }
        #expect(readBack > 0, "some mutations leave the date intact")
    }
}
