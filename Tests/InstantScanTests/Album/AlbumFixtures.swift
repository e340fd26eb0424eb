import Foundation
@testable import InstantScan

/// Scan files of known size, and a small reader of the PDFs made from them.
enum AlbumFixtures {
    /// Writes a textured scan of `format`'s card (or window) at `ppi` to `path`, as `scan` would:
    /// PNG or JPEG by the extension, with its metadata unless `metadata` is false.
    @discardableResult
    static func writeScan(_ path: String, format: PrintFormat, crop: ScanOptions.Crop = .card, ppi: Double,
                          date: CaptureDate? = nil, metadata: Bool = true, profile: BuiltInProfile = .srgb) throws -> PixelBuffer {
        let mm = ScanMetadata.millimetres(of: format, crop: crop)!
        let size = PixelSize(width: Int((mm.width / 25.4 * ppi).rounded()), height: Int((mm.height / 25.4 * ppi).rounded()))
        let image = try TestImages.smoothTexture(width: size.width, height: size.height)
        let jpeg = path.hasSuffix(".jpg")
        let encoder = OutputEncoder(format: jpeg ? .jpeg(quality: 95) : .png(.fast))
        let meta = metadata ? ScanMetadata(format: format, crop: crop, imageSize: size, captureDate: date) : nil
        try Data(try encoder.encode(image, profile: profile, metadata: meta)).write(to: URL(fileURLWithPath: path))
        return image
    }

    /// A PDF read just far enough to check its structure.
    struct ParsedPDF {
        let bytes: [UInt8]
        /// A Latin-1 view, one Unicode scalar a byte (CR read as a space, so CR LF is not one
        /// character), indexed through its unicode scalars so offsets are byte offsets.
        let text: String
        /// Object number → byte offset, from the cross-reference table.
        var xref: [Int: Int] = [:]
        var size = 0
        var startxref = 0

        init(_ bytes: [UInt8]) throws {
            self.bytes = bytes
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: bytes.map { Unicode.Scalar($0 == 0x0D ? 0x20 : $0) })
            text = String(scalars)
            guard let start = text.range(of: "startxref\n", options: .backwards) else { throw ParseError("no startxref") }
            startxref = Int(text[start.upperBound...].prefix { $0.isNumber })!
            let table = text[index(startxref)...]
            guard table.hasPrefix("xref\n") else { throw ParseError("startxref does not point at xref") }
            let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
            let header = lines[1].split(separator: " ")
            size = Int(header[1])!
            for number in 0..<size {
                let line = lines[2 + number]
                guard line.count == 19 || line.count == 20 else { throw ParseError("xref line \(number) is \(line.count) bytes") }
                let fields = line.split(separator: " ")
                if fields[2].hasPrefix("n") { xref[number] = Int(fields[0])! }
            }
            let trailer = lines[(2 + size)...].joined(separator: "\n")
            guard trailer.hasPrefix("trailer"), trailer.contains("/Size \(size)") else { throw ParseError("bad trailer") }
        }

        func index(_ offset: Int) -> String.Index {
            text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: offset)
        }

        struct ParseError: Error, CustomStringConvertible {
            let description: String
            init(_ text: String) { description = text }
        }

        /// Object `number`'s text from `N 0 obj` to `endobj` (streams included, as Latin-1).
        func object(_ number: Int) -> String? {
            guard let offset = xref[number] else { return nil }
            let from = index(offset)
            guard let end = text[from...].range(of: "endobj") else { return nil }
            return String(text[from..<end.upperBound])
        }

        /// The bytes of object `number`'s stream, by its /Length.
        func stream(_ number: Int) -> [UInt8]? {
            guard let object = object(number), let length = Self.integer(after: "/Length ", in: object),
                  let start = object.range(of: "stream\n") else { return nil }
            let offset = xref[number]! + object.unicodeScalars.distance(from: object.startIndex, to: start.upperBound)
            return Array(bytes[offset..<offset + length])
        }

        /// Numbers of objects whose dictionary contains `needle`.
        func objects(containing needle: String) -> [Int] {
            xref.keys.sorted().filter { number in
                guard let object = object(number) else { return false }
                let dictionary = object.components(separatedBy: "stream\n").first ?? object
                return dictionary.contains(needle)
            }
        }

        /// The MediaBox of every page object, in points, in page-tree order.
        var mediaBoxes: [(width: Double, height: Double)] {
            guard let tree = objects(containing: "/Type /Pages").first, let kids = object(tree)?.components(separatedBy: "/Kids [").last?
                .components(separatedBy: "]").first else { return [] }
            let numbers = kids.split(separator: " ").enumerated().filter { $0.offset % 3 == 0 }.map { Int($0.element)! }
            return numbers.compactMap { number in
                guard let page = object(number), let box = page.components(separatedBy: "/MediaBox [").last?.components(separatedBy: "]").first else { return nil }
                let values = box.split(separator: " ").map { Double($0)! }
                return (values[2] - values[0], values[3] - values[1])
            }
        }

        static func integer(after key: String, in text: String) -> Int? {
            guard let range = text.range(of: key) else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }
    }
}
