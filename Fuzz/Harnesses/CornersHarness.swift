// What users type: --corners, --size and --stretch, then a whole manual-corner scan of a small
// photo with those options (perspective, aspect ratio, output size, warp, stretch, encode).
//
// Input: byte 0 picks the EXIF orientation, bytes 1–2 the photo's stored width and height
// (1–96), byte 3 the crop, interpolation, format and output size kind; the rest is text,
// "CORNERS|SIZE|STRETCH" (SIZE is WxH or a long side).
//
// Built with the CLI's own sources (Sources/instantscan, Sources/CLISupport), which parse that
// text, like the options harness.
import ArgumentParser
import CLISupport
@testable import InstantScan

nonisolated(unsafe) private var photos: [Int: [UInt8]] = [:]

/// A small JPEG of a gradient, `width × height` stored, with an EXIF orientation segment.
private func photo(width: Int, height: Int, orientation: Int) -> [UInt8] {
    let key = (width << 16) | (height << 4) | orientation
    if let cached = photos[key] { return cached }
    let image = try! PixelBuffer(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width { image[x, y] = [UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), 90, 255] }
    }
    let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
    let length = 2 + 6 + tiff.count
    let exif: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + JPEGMarkers.exifSignature + tiff
    let jpeg = JPEGEncoder.splice([exif], into: try! JPEGEncoder.encode(image, quality: 80))
    photos[key] = jpeg
    return jpeg
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCorners(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let whole = String(decoding: bytes, as: UTF8.self)
    // Each parser on the whole input: a value or a ValidationError.
    if let quad = try? ArgumentSyntax.corners(whole) { precondition(quad.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite }) }
    if let size = try? ArgumentSyntax.size(whole) { precondition(size.width >= 1 && size.height >= 1 && size.width <= 65_535 && size.height <= 65_535) }
    if let pair = try? ArgumentSyntax.percentPair(whole) { precondition(pair.low >= 0 && pair.high >= 0 && pair.low + pair.high < 100) }

    guard bytes.count >= 4 else { return 0 }
    let orientation = Int(bytes[0] % 8) + 1
    let width = Int(bytes[1] % 96) + 1, height = Int(bytes[2] % 96) + 1
    let flags = bytes[3]
    let fields = String(decoding: bytes[4...], as: UTF8.self).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    var options = ScanOptions()
    // 65,536 pixels in and out. A nearly degenerate quad makes the warp supersample every output
    // pixel 8 × 8 (PerspectiveWarp picks one factor from the worst point), and coverage
    // instrumentation makes each sample ~30 times dearer: a 518 × 640 output of such a quad took
    // 6.7 s here (a timeout, saved in Fuzz/regressions/corners), a fraction of that in a release
    // build. The geometry, the parsing and every size check still run at any size.
    options.maximumPixels = 1 << 16
    options.crop = flags & 1 == 0 ? .card : .window
    options.interpolation = flags & 2 == 0 ? .bilinear : .bicubic
    if flags & 4 != 0 { options.format = PrintFormat.allCases[Int(flags >> 5) % PrintFormat.allCases.count] }
    do {
        let corners = try ArgumentSyntax.corners(fields[0])
        if fields.count > 1, !fields[1].isEmpty {
            if flags & 8 != 0, let n = Int(fields[1]), (1...65_535).contains(n) {
                options.outputSize = .longSide(n)
            } else {
                options.outputSize = .exact(try ArgumentSyntax.size(fields[1]))
            }
        }
        if fields.count > 2 {
            options.stretch = try ArgumentSyntax.stretch(fields[2])
        }
        let jpeg = photo(width: width, height: height, orientation: orientation)
        let result = try PrintScanner(options: options).scan(jpeg, corners: corners)
        precondition(result.prints.count == 1, "one print per set of corners")
        let print = result.prints[0]
        precondition(print.image.width * print.image.height <= options.maximumPixels, "output past the pixel limit")
        if case let .exact(size) = options.outputSize { precondition(print.image.size == size, "exact size not honoured") }
        _ = try OutputEncoder(format: flags & 16 == 0 ? .png(.fast) : .jpeg(quality: 80)).encode(print)
    } catch let error as ValidationError {
        precondition(!error.message.isEmpty, "corners: a syntax error without a message")
    } catch {
        expectDocumented(error, "corners")
    }
    return 0
}
