import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-contained HTML page of a batch: per photo, a preview with the detected prints drawn,
/// each scan's thumbnail, format and confidence; and the failures first, each with the command
/// that fixes it by hand. It is the page a person looks at to see which scans need a fix.
///
/// Photos are added as they finish and their sections go to a scratch file at once, so a batch of
/// thousands of photos never holds its report in memory; ``finish(_:)`` assembles the page
/// atomically.
package final class ContactSheet: @unchecked Sendable {
    private let path: String
    private let outputFolder: String
    private let scratchPath: String
    private let scratch: FileHandle
    private let lock = NSLock()
    private var failures: [(photo: String, html: String)] = []
    /// Where each photo's section lies in the scratch file, to copy them out in photo order.
    private var sections: [(photo: String, offset: UInt64, length: Int)] = []
    private var scratchLength: UInt64 = 0

    /// Starts a report that will be written to `path` for a batch writing into `outputFolder`.
    package init(path: String, outputFolder: String) throws {
        self.path = path
        self.outputFolder = outputFolder
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try? OutputFolder.create(folder)
        scratchPath = folder + "/.\(URL(fileURLWithPath: path).lastPathComponent).\(getpid()).sections"
        // By its bytes (SystemPath): the report's folder may have a name that is not UTF-8.
        let fd = SystemPath.withCString(scratchPath) { open($0, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        guard fd >= 0 else {
            throw AtomicFile.WriteError.failed(path, "cannot create a scratch file beside the report: \(String(cString: strerror(errno)))")
        }
        scratch = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    deinit {
        try? scratch.close()
        SystemPath.withCString(scratchPath) { _ = unlink($0) }
    }

    /// Adds one photo's section.
    package func add(_ outcome: PhotoOutcome) {
        let anchor = Self.anchor(outcome.photo.relativePath)
        var html = "<section id=\"\(anchor)\" class=\"photo\(outcome.failure == nil ? "" : " failed")\">\n"
        html += "<h2>\(Self.name(outcome.photo.relativePath))</h2>\n<div class=\"row\">\n"
        if let preview = outcome.preview {
            html += "<figure class=\"preview\"><img alt=\"photo with detected prints\" src=\"\(Self.dataURI(preview))\">"
            html += "<figcaption>\(outcome.detected.count) print\(outcome.detected.count == 1 ? "" : "s") found</figcaption></figure>\n"
        }
        if outcome.skipped {
            html += "<p class=\"earlier\">done in an earlier run</p>\n"
        }
        for print in outcome.prints {
            let link = Self.escape(RelativeLink.href(from: path, to: print.path))
            html += "<figure class=\"scan\">"
            if let thumbnail = print.thumbnail {
                html += "<a href=\"\(link)\"><img alt=\"scan\" src=\"\(Self.dataURI(thumbnail))\"></a>"
            }
            let confidence = String(format1: print.confidence * 100)
            let sure = ReviewThreshold.needsReview(print.confidence) ? "unsure" : "sure"
            html += "<figcaption><b>\(print.format?.rawValue ?? "unknown format")</b><br><span class=\"\(sure)\">confidence \(confidence) %</span>"
            html += "<br>\(print.size.width)×\(print.size.height)<br><a href=\"\(link)\"><code>\(Self.name(URL(fileURLWithPath: print.path).lastPathComponent))</code></a>"
            if ReviewThreshold.needsReview(print.confidence) {
                html += "<br><span class=\"check\">check it — to fix:</span><pre>\(Self.escape(fixCommand(outcome, corners: print.card, replacing: print.path)))</pre>"
            }
            html += "</figcaption></figure>\n"
        }
        if let failure = outcome.failure {
            let command = fixCommand(outcome, corners: outcome.detected.first?.card)
            html += "<div class=\"failure\"><b>Failed:</b> \(Self.name(failure))<br>Fix by hand:<pre>\(Self.escape(command))</pre></div>\n"
            let item = "<li><a href=\"#\(anchor)\">\(Self.name(outcome.photo.relativePath))</a>: \(Self.name(failure))<pre>\(Self.escape(command))</pre></li>"
            lock.withLock { failures.append((outcome.photo.relativePath, item)) }
        }
        for warning in outcome.warnings {
            html += "<p class=\"warning\">⚠ \(Self.name(warning))</p>\n"
        }
        html += "</div></section>\n"
        let bytes = Data(html.utf8)
        lock.withLock {
            guard (try? scratch.write(contentsOf: bytes)) != nil else { return }
            sections.append((outcome.photo.relativePath, scratchLength, bytes.count))
            scratchLength += UInt64(bytes.count)
        }
    }

    /// Writes the page with the summary at the top, never over a file in `protected` (the batch's
    /// photos and scans, its manifest).
    package func finish(_ summary: BatchSummary, protecting protected: ProtectedFiles = ProtectedFiles([String]())) throws {
        try lock.withLock {
            try scratch.synchronize()
            let status = summary.succeeded ? "all done" : summary.interrupted ? "interrupted" : "\(summary.failures.count) failed"
            try AtomicFile.stream(to: path, overwrite: true, protecting: protected) { sink in
                try sink.write("""
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>InstantScan batch — \(status)</title>
                <style>\(Self.style)</style></head><body>
                <h1>InstantScan batch</h1>
                <p class="summary">\(summary.photos) photos · \(summary.printsScanned) prints scanned · \(summary.skipped) already done · \
                <b>\(summary.failures.count) failed</b>\(summary.interrupted ? " · interrupted, \(summary.notStarted) not started (run again to go on)" : "")</p>

                """)
                if !failures.isEmpty {
                    let items = failures.sorted { $0.photo < $1.photo }.map(\.html)
                    try sink.write("<section class=\"failures\"><h2>Needs a fix</h2><ul>\n\(items.joined(separator: "\n"))\n</ul></section>\n")
                }
                let fd = SystemPath.withCString(scratchPath) { open($0, O_RDONLY | O_CLOEXEC) }
                guard fd >= 0 else {
                    throw AtomicFile.WriteError.failed(path, "the report's scratch file vanished")
                }
                let reader = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
                defer { try? reader.close() }
                for section in sections.sorted(by: { $0.photo < $1.photo }) {
                    try reader.seek(toOffset: section.offset)
                    guard let chunk = try reader.read(upToCount: section.length), chunk.count == section.length else {
                        throw AtomicFile.WriteError.failed(path, "the report's scratch file is short")
                    }
                    try sink.write(Array(chunk))
                }
                try sink.write("</body></html>\n")
            }
        }
    }

    /// The command that scans a photo by hand, with the detected corners to edit (or placeholders):
    /// into the scan it replaces (with --overwrite), or where the batch would have written it.
    func fixCommand(_ outcome: PhotoOutcome, corners: Quad?, replacing scan: String? = nil) -> String {
        let stem = (outcome.photo.relativePath as NSString).deletingPathExtension
        let output = scan ?? (outputFolder as NSString).appendingPathComponent(stem + "-1.png")
        let cornerText = corners.map { q in
            q.corners.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: " ")
        } ?? "TLx,TLy TRx,TRy BRx,BRy BLx,BLy"
        return "instantscan scan \(Self.shellQuote(outcome.photo.path)) -o \(Self.shellQuote(output)) --corners \"\(cornerText)\""
            + (scan == nil ? "" : " --overwrite")
    }

    /// An HTML id for a photo's section; a byte that is not UTF-8 is spelled in hex, so names
    /// that differ only there keep their own sections' ids.
    static func anchor(_ relativePath: String) -> String {
        "p-" + relativePath.unicodeScalars.map { scalar -> String in
            if SystemPath.escapes.contains(scalar.value) { return "x" + String(scalar.value - SystemPath.escapeBase, radix: 16) }
            return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? String(scalar) : "-"
        }.joined()
    }

    static func dataURI(_ jpeg: [UInt8]) -> String {
        "data:image/jpeg;base64," + Data(jpeg).base64EncodedString()
    }

    /// A name (or a message quoting names) for the page: its invisible characters shown escaped
    /// as in the terminal, and isolated in `<bdi>` so that a right-to-left name does not reorder
    /// the text around it.
    static func name(_ text: String) -> String {
        "<bdi>" + escape(VisibleText.safe(text)) + "</bdi>"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `text` quoted for a POSIX shell; a path with bytes that are not UTF-8, or with controls or
    /// invisible characters (a bidirectional control would reorder the command as shown), as
    /// `$'…\xE9…'` (bash, zsh, ksh): the one quoting that carries any byte and shows it.
    static func shellQuote(_ text: String) -> String {
        if SystemPath.isEscaped(text) || text.unicodeScalars.contains(where: VisibleText.needsEscape) {
            return "$'" + SystemPath.bytes(text).map { byte -> String in
                switch byte {
                case UInt8(ascii: "'"), UInt8(ascii: "\\"): return "\\" + String(UnicodeScalar(byte))
                case 0x20..<0x7F: return String(UnicodeScalar(byte))
                default: return "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            }.joined() + "'"
        }
        return text.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } ? text
            : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static let style = """
    body{font:14px system-ui,sans-serif;margin:24px;background:#f6f5f2;color:#222}
    h1{margin:0 0 4px}.summary{margin:0 0 20px;color:#444}
    section.photo{background:#fff;border-radius:8px;padding:12px 16px;margin:0 0 16px;box-shadow:0 1px 3px #0002}
    section.failed{border-left:6px solid #d33}
    section.failures{background:#fff0f0;border-radius:8px;padding:8px 16px;margin:0 0 20px}
    h2{font-size:15px;margin:0 0 8px;word-break:break-all}
    .row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
    figure{margin:0}figure.preview img{max-width:480px;max-height:480px;border-radius:4px}
    figure.scan img{max-width:240px;max-height:240px;box-shadow:0 1px 4px #0004}
    figcaption{font-size:12px;color:#555;margin-top:4px}
    pre{white-space:pre-wrap;word-break:break-all;background:#f2f2f2;padding:6px;border-radius:4px;font-size:12px;max-width:640px}
    .failure{color:#a00}.warning{color:#a60;font-size:12px}.check{color:#c60;font-weight:bold}
    .sure{color:#1a7f3c}.unsure{color:#c60;font-weight:bold}.earlier{color:#777;font-size:12px;margin:0}
    """
}
