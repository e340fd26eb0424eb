import SystemPackage

/// Messages for people go to standard error, so standard output carries only data (JSON, tables).
package enum Console {
    package static func error(_ message: String) {
        write("instantscan: error: \(Terminal.safe(message))\n")
    }

    package static func warning(_ message: String) {
        write("instantscan: warning: \(Terminal.safe(message))\n")
    }

    package static func note(_ message: String) {
        write(message + "\n")
    }

    private static func write(_ text: String) {
        _ = try? FileDescriptor.standardError.writeAll(Array(text.utf8))
    }
}
