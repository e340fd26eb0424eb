/// A scan's size on paper, and how it was found out.
public struct PhysicalSize: Sendable, Equatable {
    /// How the size was found.
    public enum Source: String, Sendable {
        /// `--dpi` (``AlbumOptions/pixelsPerInch``).
        case option
        /// The scan's own metadata (EXIF resolution, PNG `pHYs`, JFIF density).
        case recorded
        /// `--print-format` (``AlbumOptions/format``).
        case format
        /// Recognised from the scan's aspect ratio among the known formats.
        case aspectRatio = "aspect-ratio"
        /// Nothing said: 300 pixels per inch was assumed.
        case assumed
    }

    /// Width in millimetres.
    public var width: Double
    /// Height in millimetres.
    public var height: Double
    /// How the size was found out.
    public var source: Source
    /// The format the size came from, when one did.
    public var format: PrintFormat?
    /// Card or window, when a format did.
    public var crop: ScanOptions.Crop?
    /// What the user should know (a guess, an ignored resolution), or nil.
    public var warning: String?

    /// Relative distance within which an aspect ratio is taken for a format's: the two closest
    /// card shapes (Polaroid 600 at 0.822, Go at 0.809) are 1.6 % apart, and a scan at its
    /// format's ratio is within a pixel (≤ 0.1 %) of it.
    static let aspectTolerance = 0.006
    /// A recorded resolution is believed when it puts the print's long side in this range (mm):
    /// a 72 or 96 dpi written by default would make a 2000-pixel scan 50–70 cm long.
    static let plausibleLongSide = 25.0...250.0
    static let assumedPixelsPerInch = 300.0

    /// Works out the physical size of a scan of `pixels` (upright) from, in order: `dpi`, the
    /// scan's recorded resolution when plausible, `format`, the aspect ratio, 300 ppi.
    static func resolve(pixels: PixelSize, metadata: ScanMetadata, dpi: Double?, format: PrintFormat?) -> PhysicalSize {
        let w = Double(pixels.width), h = Double(pixels.height)
        if let dpi {
            return PhysicalSize(width: w / dpi * 25.4, height: h / dpi * 25.4, source: .option, format: metadata.format, crop: metadata.crop)
        }
        var ignored: String?
        if let ppi = metadata.pixelsPerInch, ppi.x > 0, ppi.y > 0 {
            let size = PhysicalSize(width: w / ppi.x * 25.4, height: h / ppi.y * 25.4, source: .recorded,
                                    format: metadata.format, crop: metadata.crop)
            if plausibleLongSide.contains(max(size.width, size.height)) { return size }
            ignored = "its recorded \(PDFUnits.number(ppi.x)) ppi would make it \(Int(size.width.rounded())) × \(Int(size.height.rounded())) mm, which is no instant print"
        }
        let aspect = w / h
        let note = ignored.map { "; \($0)" } ?? ""
        if let format {
            // The window or the card, whichever the scan's shape is nearer; square pixels kept.
            let shapes: [(ScanOptions.Crop, (width: Double, height: Double))] = [(.card, format.cardSize),
                                                                               (.window, (format.window.width, format.window.height))]
            let (crop, mm) = shapes.min { abs(ratio($0.1) / aspect - 1) < abs(ratio($1.1) / aspect - 1) }!
            let scale = (mm.width * mm.height / (w * h)).squareRoot()
            let warning = abs(ratio(mm) / aspect - 1) > 0.02
                ? "its shape (\(PDFUnits.number(aspect))) is not a \(format.rawValue) \(crop.rawValue)'s (\(PDFUnits.number(ratio(mm)))); placed at that area" + note
                : (ignored.map { "size from --print-format: \($0)" })
            return PhysicalSize(width: w * scale, height: h * scale, source: .format, format: format, crop: crop, warning: warning)
        }
        let candidates = Self.shapes.filter { abs(ratio($0.size) / aspect - 1) <= aspectTolerance }
            .sorted { abs(ratio($0.size) / aspect - 1) < abs(ratio($1.size) / aspect - 1) }
        if let best = candidates.first {
            let scale = best.size.width / w
            let others = candidates.dropFirst().filter { $0.size != best.size }.map { "\($0.format.rawValue) \($0.crop.rawValue)" }
            var warning = "no size recorded\(note.isEmpty ? "" : " (\(ignored!))"); taken for a \(best.format.rawValue) \(best.crop.rawValue) (\(PDFUnits.number(best.size.width)) × \(PDFUnits.number(best.size.height)) mm) from its shape"
            if !others.isEmpty { warning += ", but it could be a " + others.joined(separator: " or ") }
            warning += " (set it with --print-format or --dpi)"
            return PhysicalSize(width: best.size.width, height: h * scale, source: .aspectRatio, format: best.format,
                                crop: best.crop, warning: warning)
        }
        let mm = 25.4 / assumedPixelsPerInch
        return PhysicalSize(width: w * mm, height: h * mm, source: .assumed, format: nil, crop: nil,
                            warning: "no size recorded and its shape is no known format's\(note); placed at 300 ppi (set it with --print-format or --dpi)")
    }

    private static func ratio(_ size: (width: Double, height: Double)) -> Double { size.width / size.height }

    /// Every format's card and window, upright and turned a quarter (a landscape scan of a
    /// portrait print), in the order a tie is settled: cards first, the most common formats first.
    private static let shapes: [(format: PrintFormat, crop: ScanOptions.Crop, size: Size)] = {
        var list: [(PrintFormat, ScanOptions.Crop, Size)] = []
        let order: [PrintFormat] = [.instaxMini, .polaroid600, .instaxSquare, .instaxWide, .polaroidGo]
        for crop in [ScanOptions.Crop.card, .window] {
            for format in order {
                let mm = ScanMetadata.millimetres(of: format, crop: crop)!
                list.append((format, crop, Size(width: mm.width, height: mm.height)))
                if mm.width != mm.height { list.append((format, crop, Size(width: mm.height, height: mm.width))) }
            }
        }
        return list
    }()

    private struct Size: Equatable {
        var width: Double
        var height: Double
    }

    private static func ratio(_ size: Size) -> Double { size.width / size.height }
}
