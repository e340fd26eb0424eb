import Foundation

/// Makes a PDF album of scans: one print a page at its physical size, or contact sheets.
///
/// ```swift
/// var options = AlbumOptions()
/// options.captions = true
/// let summary = try AlbumBuilder(options: options).write(["a.png", "b.jpg"], to: "album.pdf")
/// ```
///
/// Each image is a `DCTDecode` (JPEG) XObject in an `ICCBased` colour space carrying the scan's
/// own ICC profile (sRGB when it has none), so colour-managed viewers show what the scan shows.
/// JPEG scans go in unchanged; PNG scans are compressed at ``AlbumOptions/quality``. Scans are
/// read, written and released one at a time: memory does not grow with the album. A scan that
/// cannot be read is reported in the summary and left out; the rest still make the album.
public struct AlbumBuilder: Sendable {
    /// What the album looks like.
    public var options: AlbumOptions

    /// Makes a builder.
    public init(options: AlbumOptions = AlbumOptions()) {
        self.options = options
    }

    /// Writes the album of `paths` (in that order) to `output`, atomically: nothing appears there
    /// unless the whole album was written, and no input is ever overwritten.
    /// - Parameters:
    ///   - paths: The scans, in album order.
    ///   - output: The PDF file to write.
    ///   - onScan: Called after each scan, placed or failed, for progress.
    /// - Throws: ``AtomicFile/WriteError`` when the file cannot be written,
    ///   ``AlbumError/noUsableScans(_:)`` when no scan could be read.
    @discardableResult
    public func write(_ paths: [String], to output: String, onScan: (AlbumEntry) -> Void = { _ in }) throws -> AlbumSummary {
        var summary: AlbumSummary?
        try AtomicFile.stream(to: output, overwrite: true, protecting: paths) { sink in
            summary = try write(paths, sink: { try sink.write($0) }, onScan: onScan)
        }
        return summary!
    }

    /// Writes the album of `paths` to `sink`, front to back.
    @discardableResult
    public func write(_ paths: [String], sink: @escaping ([UInt8]) throws -> Void,
                      onScan: (AlbumEntry) -> Void = { _ in }) throws -> AlbumSummary {
        let pdf = try PDFDocumentWriter(sink: sink)
        let catalog = pdf.reserve(), pageTree = pdf.reserve()
        // Scans usually share one profile: each distinct one is written once.
        var profiles: [[UInt8]: Int] = [:]
        var font: Int?
        var pages: [Int] = []
        var entries: [AlbumEntry] = []
        var composer = SheetComposer(options: options)

        func emit(_ page: SheetComposer.Page) throws {
            if options.captions, font == nil, page.placements.contains(where: { $0.item.caption != nil }) {
                let number = pdf.reserve()
                try pdf.writeObject(number, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
                font = number
            }
            pages.append(try writePage(page, pdf: pdf, parent: pageTree, font: font))
        }

        for path in paths {
            var entry = AlbumEntry(path: path)
            let image: AlbumImage
            do {
                image = try AlbumImage(path: path, options: options)
            } catch {
                entry.failure = Self.message(for: error, path: path)
                entries.append(entry)
                onScan(entry)
                continue
            }
            entry.size = image.size
            entry.pixels = image.pixels
            entry.captureDate = image.metadata.captureDate
            entry.isPassthrough = image.isPassthrough
            entry.imageBytes = image.jpeg.count
            entry.warnings = image.warnings

            let profile: Int
            if let known = profiles[image.iccProfile] {
                profile = known
            } else {
                profile = pdf.reserve()
                try pdf.writeStream(profile, dictionary: "/N 3 /Alternate /DeviceRGB", data: image.iccProfile)
                profiles[image.iccProfile] = profile
            }
            let xobject = pdf.reserve()
            try pdf.writeStream(xobject, dictionary: "/Type /XObject /Subtype /Image /Width \(image.pixels.width) /Height \(image.pixels.height) /ColorSpace [/ICCBased \(profile) 0 R] /BitsPerComponent 8 /Filter /DCTDecode", data: image.jpeg)

            var width = image.size.width, height = image.size.height
            if options.layout == .sheet {
                // A print larger than the sheet (only a wrong size would do that) is shrunk to fit.
                let area = composer.area
                let scale = min(1, area.width / width, (area.height - options.captionBand) / height)
                if scale < 1 {
                    entry.warnings.append("\(Int(width.rounded())) × \(Int(height.rounded())) mm does not fit the sheet; shrunk to \(Int((scale * 100).rounded())) %")
                    width *= scale
                    height *= scale
                }
            }
            let caption = options.captions ? (image.metadata.captureDate?.dayInWords ?? Self.fileName(path)) : nil
            let (page, finished) = composer.add(.init(image: xobject, width: width, height: height, caption: caption))
            for done in finished { try emit(done) }
            entry.page = page
            entries.append(entry)
            onScan(entry)
        }
        for done in composer.finish() { try emit(done) }
        guard !pages.isEmpty else { throw AlbumError.noUsableScans(entries) }

        try pdf.writeObject(pageTree, "<< /Type /Pages /Kids [\(pages.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>")
        try pdf.writeObject(catalog, "<< /Type /Catalog /Pages \(pageTree) 0 R /ViewerPreferences << /DisplayDocTitle true >> >>")
        let title = options.title ?? Self.title(for: entries.compactMap(\.captureDate))
        let created = options.creationDate ?? Self.now()
        let info = pdf.reserve()
        try pdf.writeObject(info, "<< /Title \(PDFText.textString(title)) /Producer \(PDFText.textString("InstantScan \(InstantScanVersion.string)")) /Creator (instantscan album) /CreationDate (\(created.pdfDate)) >>")
        try pdf.finish(root: catalog, info: info, id: Self.documentID(title: title, created: created, entries: entries, bytes: pdf.bytesWritten))
        return AlbumSummary(title: title, pages: pages.count, entries: entries, bytes: pdf.bytesWritten)
    }

    /// Writes one page's content stream and page object; returns the page object's number.
    private func writePage(_ page: SheetComposer.Page, pdf: PDFDocumentWriter, parent: Int, font: Int?) throws -> Int {
        let pt = PDFUnits.points, n = PDFUnits.number
        let pageHeight = page.height
        var content = ""
        var xobjects: [String] = []
        for (index, placement) in page.placements.enumerated() {
            let item = placement.item
            let name = "Im\(index)"
            xobjects.append("/\(name) \(item.image) 0 R")
            // The image space is the unit square: scale it to the print's size, then move it to
            // its bottom-left corner (PDF's y grows upwards, the composer's downwards).
            let bottom = pageHeight - placement.y - item.height
            content += "q \(n(pt(item.width))) 0 0 \(n(pt(item.height))) \(n(pt(placement.x))) \(n(pt(bottom))) cm /\(name) Do Q\n"
            if let caption = item.caption, font != nil {
                let indent = options.margin < 2 ? 2.0 : 0
                let baseline = bottom - 4.5
                content += "BT /F1 9 Tf 0.25 g \(n(pt(placement.x + indent))) \(n(pt(baseline))) Td \(PDFText.winAnsiLiteral(caption)) Tj ET\n"
            }
        }
        let contents = pdf.reserve()
        try pdf.writeStream(contents, dictionary: "", data: Array(content.utf8))
        var resources = "/XObject << \(xobjects.joined(separator: " ")) >>"
        if let font { resources += " /Font << /F1 \(font) 0 R >>" }
        let number = pdf.reserve()
        try pdf.writeObject(number, "<< /Type /Page /Parent \(parent) 0 R /MediaBox [0 0 \(n(pt(page.width))) \(n(pt(page.height)))] /Resources << \(resources) >> /Contents \(contents) 0 R >>")
        return number
    }

    /// The default title: the span of the photos' dates, or "Instant prints" without any.
    static func title(for dates: [CaptureDate]) -> String {
        guard let first = dates.min(), let last = dates.max() else { return "Instant prints" }
        let a = first.dayInWords, b = last.dayInWords
        return a == b ? a : "\(a) – \(b)"
    }

    /// The file name without folder and extension, for a caption without a date.
    static func fileName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// File errors already name their path; every other error gets it in front.
    static func message(for error: Error, path: String) -> String {
        switch error {
        case is PhotoFile.ReadError: return "\(error)"
        default: return "\(path): \(error)"
        }
    }

    /// Now, in UTC.
    static func now() -> CaptureDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date())
        return CaptureDate(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!,
                           second: c.second!, utcOffsetMinutes: 0)!
    }

    /// A file identifier (the trailer's /ID) from what the album is, so the same album made twice
    /// from the same scans at the same time gets the same one: two FNV-1a hashes, 16 bytes.
    static func documentID(title: String, created: CaptureDate, entries: [AlbumEntry], bytes: Int) -> [UInt8] {
        var text = "\(title)|\(created)|\(bytes)"
        for entry in entries { text += "|\(entry.path)|\(entry.imageBytes)|\(entry.page ?? 0)" }
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001B3 }
            return hash
        }
        let a = fnv(0xCBF29CE484222325), b = fnv(0x84222325CBF29CE4)
        return (0..<8).map { UInt8((a >> (8 * $0)) & 0xFF) } + (0..<8).map { UInt8((b >> (8 * $0)) & 0xFF) }
    }
}
