import ArgumentParser
import Foundation
import InstantScan

/// The options that shape every scan, shared by `scan` and `batch`.
package struct ScanSettings: ParsableArguments {
    package init() {}

    @Option(help: "The print's format when you know it.")
    package var printFormat: PrintFormat?

    @Option(help: "What to keep: the card (whole print) or the window (the picture alone).")
    package var crop: ScanOptions.Crop = .card

    @Option(help: "Output size WxH (default: the print's own resolution at its true aspect ratio).",
            transform: ArgumentSyntax.size)
    package var size: PixelSize?

    @Option(help: "Output long side in pixels, keeping the true aspect ratio.")
    package var longSide: Int?

    @Option(help: """
        White balance from the print's frame where it is white or cream (frame, with the light's \
        falloff across the print; black, coloured and patterned frames are judged against the \
        surface and the picture, and --json says which was used), from the image's own statistics \
        (gray-world), or none.
        """)
    package var whiteBalance: WhiteBalanceMode = .frame

    @Option(help: "Ends-in contrast stretch LOW,HIGH in percent after white balance, the punchy look (e.g. 1,1); 0,0 is off. (default: 0,0)",
            transform: ArgumentSyntax.stretch)
    package var stretch: EndsInStretch? = nil

    @Option(help: "Output colour space.")
    package var profile: BuiltInProfile = .srgb

    @Option(help: "Output container (default: from the output's extension, else png).")
    package var format: OutputKind?

    @Option(help: "JPEG quality, 1 to 100.")
    package var quality: Int = 92

    @Option(help: "PNG compression: fast writes larger files.")
    package var pngCompression: PNGEncoder.Compression = .fast

    @Option(help: "Resampling.")
    package var interpolation: Interpolation = .bilinear

    @Option(help: "Refuse photos larger than this many megapixels (checked before decoding).")
    package var maxMegapixels: Int = PixelBuffer.defaultMaximumPixels / 1_000_000

    /// Checks what argument-parser's types cannot, so that a bad value is a usage error (exit 64).
    package func check() throws {
        if size != nil && longSide != nil { throw ValidationError("give --size or --long-side, not both") }
        if let longSide, !(1...65_535).contains(longSide) { throw ValidationError("--long-side must be from 1 to 65535") }
        if !(1...100).contains(quality) { throw ValidationError("--quality must be from 1 to 100") }
        // Past a million megapixels the side limit (2^20) refuses every image anyway; above
        // Int.max / 10^6 the conversion to pixels would overflow.
        if !(1...1_000_000).contains(maxMegapixels) { throw ValidationError("--max-megapixels must be from 1 to 1000000") }
    }

    package func makeScanOptions() -> ScanOptions {
        var options = ScanOptions()
        options.format = printFormat
        options.crop = crop
        if let size { options.outputSize = .exact(size) }
        if let longSide { options.outputSize = .longSide(longSide) }
        options.stretch = stretch
        options.whiteBalance = whiteBalance
        options.outputProfile = profile
        options.interpolation = interpolation
        options.maximumPixels = maxMegapixels * 1_000_000
        return options
    }

    /// The container: as asked, else from the output's extension, else PNG.
    package func encoderFormat(forPath path: String?) -> OutputEncoder.Format {
        let kind = format ?? path.map(OutputKind.init(path:)) ?? .png
        return kind == .jpeg ? .jpeg(quality: quality) : .png(pngCompression)
    }
}

/// The container written.
package enum OutputKind: String, ExpressibleByArgument, CaseIterable {
    case png, jpeg

    package init(path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        self = ext == "jpg" || ext == "jpeg" ? .jpeg : .png
    }

    /// The extensions an output file may have.
    package static let extensions = ["png", "jpg", "jpeg"]

    /// Why `path` cannot name an output file, or nil: an unknown extension (`x.tiff`) would get a
    /// PNG inside a file every program reads as something else. A folder and no extension are fine.
    package static func extensionProblem(_ path: String) -> String? {
        if path.hasSuffix("/") { return nil }
        let ext = URL(fileURLWithPath: path).pathExtension
        guard !ext.isEmpty, !extensions.contains(ext.lowercased()) else { return nil }
        if SystemPath.kind(path) == .folder { return nil }
        return "\(path): unknown extension .\(ext); scans are written as PNG (.png) or JPEG (.jpg, .jpeg)"
    }
}

extension PrintFormat: ExpressibleByArgument {}
extension ScanOptions.Crop: ExpressibleByArgument {}
extension BuiltInProfile: ExpressibleByArgument {}
extension PNGEncoder.Compression: ExpressibleByArgument {}
extension Interpolation: ExpressibleByArgument {}
extension WhiteBalanceMode: ExpressibleByArgument {}
