import ArgumentParser
import InstantScan

/// The CLI's exit codes, after BSD's sysexits where one fits, so shells and schedulers can tell a
/// bad photo from a bad command line from a full disk.
package enum ExitCodes {
    package static let someFailed = ExitCode(1)
    package static let noPrint = ExitCode(2)
    package static let dataError = ExitCode(65)
    package static let noInput = ExitCode(66)
    /// A part of instantscan is missing (`instantscan-review`, which `review` runs).
    package static let unavailable = ExitCode(69)
    package static let cannotCreate = ExitCode(73)

    /// The exit code a library error deserves.
    package static func code(for error: Error) -> ExitCode {
        ExitCode(Int32(FailureClass.exitCode(for: error)))
    }
}
