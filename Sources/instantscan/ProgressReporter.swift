import CLISupport
import Foundation
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows a batch's progress on standard error: a redrawn bar (done/total, current file, ETA) on a
/// terminal, one plain line per photo when redirected to a file or a pipe, nothing when quiet.
final class ProgressReporter: @unchecked Sendable {
    enum Style { case bar, lines, quiet }

    private let style: Style
    private let total: Int
    private let start = Date()
    private let lock = NSLock()
    private var current = ""
    private var done = 0

    init(total: Int, quiet: Bool) {
        self.total = total
        style = quiet ? .quiet : isatty(STDERR_FILENO) == 1 ? .bar : .lines
    }

    func started(_ photo: String) {
        lock.withLock {
            current = Terminal.safe(photo)
            if style == .bar { drawBar() }
        }
    }

    /// Reports a finished photo, and its warnings on lines of their own above the bar (never
    /// inside it), whether quiet or not.
    func finished(_ photo: String, done: Int, status: String, warnings: [String] = []) {
        let photo = Terminal.safe(photo)
        let warningText = warnings.map { "instantscan: warning: \(photo): \(Terminal.safe($0))\n" }.joined()
        lock.withLock {
            self.done = done
            switch style {
            case .quiet: write(warningText)
            case .lines: write("[\(done)/\(total)] \(photo): \(Terminal.safe(status))\n" + warningText)
            case .bar:
                write("\r\u{1B}[K" + (status.hasPrefix("failed") ? "\(photo): \(Terminal.safe(status))\n" : "") + warningText)
                drawBar()
            }
        }
    }

    func end() {
        lock.withLock { if style == .bar { write("\r\u{1B}[K") } }
    }

    private func drawBar() {
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        var eta = ""
        if done > 0 && done < total {
            let seconds = Int(Date().timeIntervalSince(start) / Double(done) * Double(total - done))
            eta = seconds >= 60 ? " ETA \(seconds / 60)m\(String(format: "%02d", seconds % 60))s" : " ETA \(seconds)s"
        }
        let name = current.count > 40 ? "…" + current.suffix(39) : current
        write("\r\u{1B}[K\(bar) \(done)/\(total)\(eta) \(name)")
    }

    private func write(_ text: String) {
        _ = try? FileDescriptor.standardError.writeAll(Array(text.utf8))
    }
}
