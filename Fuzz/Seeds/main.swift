// Writes the seed corpora for the fuzz harnesses: small crops of Samples/ re-encoded (keeping each
// photo's own EXIF and ICC segments), the header regions of the photos themselves, their ICC
// profiles and EXIF blocks, and the shapes the codec tests build by hand.
//
// Usage: seedgen SAMPLES_DIR PROFILES_DIR OUT_DIR
import CTurboJPEG
import Foundation
@testable import InstantScan

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: seedgen SAMPLES_DIR PROFILES_DIR OUT_DIR\n".utf8))
    exit(64)
}
let samplesDir = arguments[1], profilesDir = arguments[2], outDir = arguments[3]

func write(_ bytes: [UInt8], _ corpus: String, _ name: String) {
    let folder = outDir + "/" + corpus
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try! Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
}

func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let length = payload.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
}

/// A region of `image`, as a new buffer.
func crop(_ image: PixelBuffer, x: Int, y: Int, width: Int, height: Int) -> PixelBuffer {
    let out = try! PixelBuffer(width: width, height: height)
    for row in 0..<height {
        (out.rowPointer(row)).update(from: image.rowPointer(y + row) + 4 * x, count: 4 * width)
    }
    return out
}

func png(_ image: PixelBuffer, colorType: PNGWriter.ColorType = .rgb, icc: [UInt8]? = nil, srgb: Bool = false,
         exif: [UInt8]? = nil, interlaced: Bool = false) -> [UInt8] {
    var writer = PNGWriter(width: image.width, height: image.height, colorType: colorType)
    writer.stripFiller = colorType == .rgb
    writer.iccProfile = icc
    writer.srgbIntent = icc == nil && srgb ? 0 : nil
    writer.exif = exif
    writer.interlaced = interlaced
    if colorType == .gray {
        var grey = [UInt8](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height { for x in 0..<image.width { grey[y * image.width + x] = image[x, y][1] } }
        return try! grey.withUnsafeBufferPointer { try writer.write(rows: $0.baseAddress!, stride: image.width) }
    }
    return try! writer.write(rows: image.baseAddress, stride: image.bytesPerRow)
}

func tiff(orientation: Int, littleEndian: Bool, nextIFD: Int = 0) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] : [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
    var t: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
    t += u16(42) + u32(8) + u16(2)
    t += u16(271) + u16(2) + u32(4) + Array("abc".utf8) + [0]
    t += u16(274) + u16(3) + u32(1) + u16(orientation) + u16(0)
    t += u32(nextIFD)
    return t
}

var profiles: [String: [UInt8]] = ["builtin-srgb": BuiltInProfile.srgb.makeICCData(), "builtin-p3": BuiltInProfile.displayP3.makeICCData()]
for name in (try? FileManager.default.contentsOfDirectory(atPath: profilesDir)) ?? [] where name.hasSuffix(".icc") {
    profiles["file-" + name] = [UInt8](FileManager.default.contents(atPath: profilesDir + "/" + name)!)
}

let samples = try! FileManager.default.contentsOfDirectory(atPath: samplesDir).filter { $0.hasSuffix(".jpg") }.sorted()
for (index, name) in samples.enumerated() {
    let stem = String(name.dropLast(4))
    let data = [UInt8](FileManager.default.contents(atPath: samplesDir + "/" + name)!)
    let segments = JPEGMarkers.segments(in: data)
    let metadata = JPEGMarkers.metadata(in: data)
    // The photo's application segments (EXIF, ICC, others), kept for the re-encoded crops.
    let appSegments = segments.filter { (0xE1...0xEF).contains($0.marker) }
        .map { Array(data[($0.payloadOffset - 4)..<$0.payloadRange.upperBound]) }
    for segment in segments where segment.marker == 0xE1 {
        let payload = Array(data[segment.payloadRange])
        if payload.starts(with: JPEGMarkers.exifSignature) { write(Array(payload.dropFirst(6)), "exif", "\(stem)-tiff") }
    }
    if let icc = metadata.iccProfile { profiles[stem] = icc }
    // The header region as it is: every segment up to and including SOS, and a little scan data.
    if let sos = segments.last, sos.marker == 0xDA {
        write(Array(data[0..<min(data.count, sos.payloadRange.upperBound + 256)]), "jpeg_markers", "\(stem)-header")
    }

    let decoded = try! ImageReader.decode(data, scaleDenominator: 8)
    let pixels = decoded.pixels
    let sizes = [(8, 8), (24, 16), (40, 30), (64, 48)]
    for (k, (w, h)) in sizes.enumerated() {
        let x = (pixels.width - w) * (k + 1) / (sizes.count + 1), y = (pixels.height - h) * (k + 2) / (sizes.count + 2)
        let small = crop(pixels, x: x, y: y, width: w, height: h)
        let quality = [60, 75, 90, 95][k]
        let plain = try! JPEGEncoder.encode(small, quality: quality)
        let tagged = JPEGEncoder.splice(appSegments, into: plain)
        write(tagged, "jpeg_decode", "\(stem)-crop\(w)x\(h)-q\(quality)")
        if k < 2 { write(tagged, "jpeg_markers", "\(stem)-crop\(w)x\(h)") }
        if k == 1 {
            let grey = try! PixelBuffer(width: w, height: h, format: .gray8)
            for yy in 0..<h { for xx in 0..<w { grey[xx, yy] = [small[xx, yy][1]] } }
            write(try! JPEGEncoder.encode(grey, quality: 80), "jpeg_decode", "\(stem)-grey")
            let handle = try! TurboJPEGHandle.compressor()
            let progressive = handle.compress(small, subsampling: TJSAMP_420, quality: 70, flags: TJFLAG_PROGRESSIVE)!
            write(JPEGEncoder.splice(appSegments, into: progressive), "jpeg_decode", "\(stem)-progressive")
        }
        let exifTIFF = metadata.hasEXIFOrientation ? tiff(orientation: metadata.orientation.rawValue, littleEndian: index % 2 == 0) : nil
        switch k {
        case 0: write(png(small, srgb: true), "png_decode", "\(stem)-srgb")
        case 1: write(png(small, icc: metadata.iccProfile ?? profiles["builtin-p3"], exif: exifTIFF), "png_decode", "\(stem)-icc-exif")
        case 2: write(png(small, colorType: .gray, interlaced: true), "png_decode", "\(stem)-grey-interlaced")
        default: write(png(small, colorType: .rgba, exif: exifTIFF), "png_decode", "\(stem)-rgba")
        }
    }
}

// Shapes built by hand: EXIF in both byte orders, a cyclic IFD, ICC split over several segments.
for little in [true, false] {
    for orientation in [1, 6, 8] { write(tiff(orientation: orientation, littleEndian: little), "exif", "synthetic-\(little ? "II" : "MM")-\(orientation)") }
    write(tiff(orientation: 3, littleEndian: little, nextIFD: 8), "exif", "cyclic-\(little ? "II" : "MM")")
}
let base = try! JPEGEncoder.encode(try! PixelBuffer(width: 16, height: 16, filledWith: 128), quality: 80)
let p3 = profiles["builtin-p3"]!
// Many small ICC chunks (a real writer uses the largest, but the format allows any split).
var chunks: [[UInt8]] = []
let pieces = stride(from: 0, to: p3.count, by: 200).map { Array(p3[$0..<min($0 + 200, p3.count)]) }
for (i, piece) in pieces.enumerated() {
    chunks.append(segment(0xE2, ICCProfileAssembler.signature + [UInt8(i + 1), UInt8(pieces.count)] + piece))
}
write(JPEGEncoder.splice(chunks.reversed() + [segment(0xE1, JPEGMarkers.exifSignature + tiff(orientation: 6, littleEndian: true))], into: base),
      "jpeg_markers", "synthetic-icc-\(pieces.count)-chunks-reversed")
write(JPEGEncoder.splice(try! JPEGMarkers.iccSegments(for: p3), into: base), "jpeg_markers", "synthetic-icc-one-chunk")
write(JPEGEncoder.splice(try! JPEGMarkers.iccSegments(for: p3), into: base), "jpeg_decode", "synthetic-icc-one-chunk")

for (name, bytes) in profiles { write(bytes, "icc", name) }

// Corners: orientation, stored width, stored height, flags, then "CORNERS|SIZE|STRETCH".
let cornerSeeds: [(String, [UInt8], String)] = [
    ("plain", [0, 63, 47, 0], "2,3 60,4 58,44 3,45"),
    ("exif6-window", [5, 47, 63, 5], "5,5 40,6 41,60 4,58|200x240|1,1"),
    ("longside", [2, 95, 95, 8], "10.5,10 80,12.25 85,90 8,88|640|0,0"),
    ("tilted", [7, 80, 60, 2], "12,8 70,2 75,55 2,50|64x64|2.5,0.5"),
    ("spaces", [0, 30, 30, 16], "1 1 28 1 28 28 1 28||10,10"),
]
for (name, header, text) in cornerSeeds { write(header + Array(text.utf8), "corners", name) }
// Command lines, one argument a line, as the README shows them.
let commandLines: [(String, [String])] = [
    ("scan-corners", ["scan", "PHOTO.jpg", "-o", "print.png", "--corners", "812,634 3011,701 2877,3541 655,3399"]),
    ("scan-folder", ["scan", "PHOTO.jpg", "-o", "scans/", "--json"]),
    ("scan-window", ["scan", "PHOTO.jpg", "-o", "pic.jpg", "--crop", "window", "--long-side", "2000", "--profile", "display-p3"]),
    ("scan-size", ["scan", "PHOTO.jpg", "-o", "p.png", "--size", "2400x2900", "--stretch", "0,0", "--quality", "90",
                   "--png-compression", "small", "--interpolation", "bicubic", "--max-megapixels", "50", "--print-format", "instax-mini"]),
    ("scan-overlay", ["scan", "PHOTO.jpg", "-o", "print.png", "--overlay", "check.jpg", "--format", "jpeg"]),
    ("batch", ["batch", "Photos", "-o", "Scans", "-r", "--report", "report.html", "--jobs", "2", "--overwrite", "--no-resume", "--quiet"]),
    ("profiles", ["profiles"]),
    ("help", ["scan", "--help"]),
]
for (name, line) in commandLines { write(Array(line.joined(separator: "\n").utf8), "options", name) }
print("seeds written to \(outDir)")
