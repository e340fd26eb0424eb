#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks at exit that what a command printed reached standard output: `--json > full-disk/report.json`
/// (or `> /dev/full`) must not exit 0 with the data lost. The check runs whichever way the command
/// ends; it fails with exit 74 (EX_IOERR).
package enum StandardOutputCheck {
    package static func install() {
        atexit(checkStandardOutputAtExit)
    }
}

/// Flushes standard output and, when that fails, says so and exits 74. A free function, not a
/// closure: it runs on whichever thread calls `exit` (the interrupt handler's, after a second
/// Ctrl-C), so it must not be isolated to the main actor.
private func checkStandardOutputAtExit() {
    guard fflush(nil) != 0 else { return }
    let message = "instantscan: error: cannot write to standard output: \(String(cString: strerror(errno)))\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    _exit(74)
}
