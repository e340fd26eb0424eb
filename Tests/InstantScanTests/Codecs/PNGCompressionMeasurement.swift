import Foundation
import Testing
@testable import InstantScan

/// Not a test: prints decode times per DCT scale, and PNG bytes and time per compression setting,
/// for a real photo, to choose the settings behind ``PNGEncoder/Compression``. Runs only when asked:
///
///     INSTANTSCAN_PNG_MEASURE=/path/to/photo.jpg swift test --filter PNGCompressionMeasurement
///
/// The photo is decoded and its centre cropped to about 7 MP (3060×2300).
extension Codecs {
    @Suite struct PNGCompressionMeasurement {
        static let photoPath = ProcessInfo.processInfo.environment["INSTANTSCAN_PNG_MEASURE"]

        /// CPU seconds the calling thread spends in `body`.
        static func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
            func now() -> Double {
                var t = timespec()
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
                return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
            }
            let start = now()
            try body()
            return now() - start
        }

        @Test(.enabled(if: photoPath != nil))
        func measure() throws {
            let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.photoPath!)))
            let clock = ContinuousClock()
            for scale in [1, 2, 4, 8] {
                let time = (0..<3).map { _ in clock.measure { _ = try? ImageReader.decode(data, scaleDenominator: scale) } }.min()!
                print("decode at 1/\(scale): \(time)")
            }
            let photo = try ImageReader.decode(data).pixels
            let width = min(3060, photo.width), height = min(2300, photo.height)
            let crop = try PixelBuffer(width: width, height: height)
            let x0 = (photo.width - width) / 2, y0 = (photo.height - height) / 2
            for y in 0..<height {
                crop.rowPointer(y).update(from: photo.rowPointer(y0 + y) + 4 * x0, count: 4 * width)
            }
            let none: Int32 = 0x08, sub: Int32 = 0x10, up: Int32 = 0x20, paeth: Int32 = 0x80, all: Int32 = 0xF8
            let candidates: [(String, Int, Int32)] = [
                ("libpng defaults (6, all filters)", 6, 0),
                ("1 Up", 1, up), ("1 None/Sub/Up", 1, none | sub | up), ("2 Up", 2, up), ("3 Up", 3, up),
                ("3 None/Sub/Up", 3, none | sub | up), ("4 None/Sub/Up", 4, none | sub | up), ("4 Paeth", 4, paeth),
                ("5 None/Sub/Up", 5, none | sub | up), ("6 Paeth", 6, paeth), ("6 all", 6, all), ("7 all", 7, all),
            ]  // level 9 with all filters: 5.5% smaller than the defaults but 7× slower (measured once)
            let jpegTime = try clock.measure { _ = try JPEGEncoder.encode(crop, quality: 92) }
            print("JPEG encode at quality 92: \(jpegTime)")
            print("image \(width)×\(height) = \(String(format: "%.2f", Double(width * height) / 1e6)) MP, raw RGB \(width * height * 3) bytes")
            for (name, level, filters) in candidates {
                var writer = PNGWriter(width: width, height: height, colorType: .rgb)
                writer.stripFiller = true
                writer.srgbIntent = 0
                writer.compressionLevel = level
                writer.filters = filters
                var bytes = 0
                // Thread CPU time, best of two: wall time on a shared machine measures the neighbours.
                let seconds = try (0..<2).map { _ in
                    try Self.cpuSeconds { bytes = try writer.write(rows: crop.baseAddress, stride: crop.bytesPerRow).count }
                }.min()!
                print("\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(bytes) bytes  \(String(format: "%.3f", seconds)) s CPU")
            }
        }
    }
}
