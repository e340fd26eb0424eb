import ArgumentParser
import InstantScan

/// The CLI's exit codes, after BSD's sysexits where one fits, so shells and schedulers can tell a
/// bad photo from a bad command line from a full disk.
enum ExitCodes {
    static let someFailed = ExitCode(1)
    static let noPrint = ExitCode(2)
    static let dataError = ExitCode(65)
    static let noInput = ExitCode(66)
    static let cannotCreate = ExitCode(73)

    /// The exit code a library error deserves.
    static func code(for error: Error) -> ExitCode {
        ExitCode(Int32(FailureClass.exitCode(for: error)))
    }
}
