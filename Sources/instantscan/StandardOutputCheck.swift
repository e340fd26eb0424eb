import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension InstantScanCommand {
    /// Runs the command as argument-parser does, then checks that what it printed reached standard
    /// output: `--json > full-disk/report.json` (or `> /dev/full`) must not exit 0 with the data
    /// lost. The check runs at exit, whichever way the command ends; it fails with exit 74
    /// (EX_IOERR). The arguments are read from their bytes (``CommandLineBytes``), not from
    /// `CommandLine.arguments`, which replaces a file name's bytes that are not UTF-8.
    static func main() {
        atexit(checkStandardOutputAtExit)
        main(CommandLineBytes.arguments())
    }
}

/// Flushes standard output and, when that fails, says so and exits 74. A free function, not a
/// closure in `main()`: it runs on whichever thread calls `exit` (the interrupt handler's, after
/// a second Ctrl-C), so it must not be isolated to the main actor.
private func checkStandardOutputAtExit() {
    guard fflush(nil) != 0 else { return }
    let message = "instantscan: error: cannot write to standard output: \(String(cString: strerror(errno)))\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    _exit(74)
}
