/// Writes a PDF file front to back, one object at a time, keeping only each object's byte offset.
///
/// A PDF is a header, numbered objects in any order, then a cross-reference table giving each
/// object's offset, and a trailer naming the catalog. Writing objects as soon as they exist —
/// an image the moment it is compressed — and remembering only where they went is what keeps an
/// album's memory flat however many pages it has. Objects that must point at later ones (the page
/// tree at its pages) reserve their number first and are written when their content is known.
package final class PDFDocumentWriter {
    /// Where the bytes go, in order (a file through ``AtomicFile``, or memory in tests).
    private let sink: ([UInt8]) throws -> Void
    /// Bytes written so far: the offset of the next object.
    package private(set) var bytesWritten = 0
    /// Offset of every object written, by number.
    private var offsets: [Int: Int] = [:]
    private var nextNumber = 1

    /// Starts a document by writing its header.
    ///
    /// The version is 1.7 because image colour spaces embed the scans' own ICC profiles, which may
    /// be ICC version 4 (PDF 1.5 and later read them).
    /// - Parameter sink: receives the bytes in order; its errors are passed on.
    package init(sink: @escaping ([UInt8]) throws -> Void) throws {
        self.sink = sink
        // The comment of four bytes above 127 tells transfer programs the file is binary.
        try emit(Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
    }

    /// Reserves the next object number, for an object written later.
    package func reserve() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// Number of objects reserved so far (the cross-reference table's size less one).
    package var objectCount: Int { nextNumber - 1 }

    /// Writes object `number` whose value is `body` (a dictionary, array, number…).
    package func writeObject(_ number: Int, _ body: String) throws {
        try begin(number)
        try emit(Array("\(body)\nendobj\n".utf8))
    }

    /// Writes object `number` as a stream: `dictionary` holds the entries without `/Length`,
    /// which is added from `data`.
    package func writeStream(_ number: Int, dictionary: String, data: [UInt8]) throws {
        try begin(number)
        try emit(Array("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8))
        try emit(data)
        try emit(Array("\nendstream\nendobj\n".utf8))
    }

    /// Writes the cross-reference table and the trailer; the document is complete after this.
    ///
    /// A reserved number never written becomes a free entry, so the table still adds up.
    package func finish(root: Int, info: Int?, id: [UInt8]) throws {
        let xref = bytesWritten
        var table = "xref\n0 \(nextNumber)\n0000000000 65535 f\r\n"
        for number in 1..<max(nextNumber, 1) {
            if let offset = offsets[number] {
                let digits = String(offset)
                table += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n\r\n"
            } else {
                table += "0000000000 00001 f\r\n"
            }
        }
        let hexID = id.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        table += "trailer\n<< /Size \(nextNumber) /Root \(root) 0 R"
        if let info { table += " /Info \(info) 0 R" }
        table += " /ID [<\(hexID)> <\(hexID)>] >>\nstartxref\n\(xref)\n%%EOF\n"
        try emit(Array(table.utf8))
    }

    private func begin(_ number: Int) throws {
        precondition(number >= 1 && number < nextNumber && offsets[number] == nil, "object \(number) not reserved or written twice")
        offsets[number] = bytesWritten
        try emit(Array("\(number) 0 obj\n".utf8))
    }

    private func emit(_ bytes: [UInt8]) throws {
        try sink(bytes)
        bytesWritten += bytes.count
    }
}
