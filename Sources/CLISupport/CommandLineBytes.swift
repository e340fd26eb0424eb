#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InstantScan

/// The command's arguments as the system passed them. `CommandLine.arguments` decodes each as
/// UTF-8 and replaces what is not with U+FFFD, so `scan caf\xE9.jpg` would look for a file that
/// does not exist and two such names would become one; here every argument keeps its exact bytes
/// (as a ``SystemPath`` string), so a file name given on the command line is opened as given.
package enum CommandLineBytes {
    /// The arguments after the program's name.
    package static func arguments() -> [String] {
        let argv = CommandLine.unsafeArgv
        return (1..<Int(CommandLine.argc)).compactMap { index in
            guard let argument = argv[index] else { return nil }
            let length = strlen(argument)
            return argument.withMemoryRebound(to: UInt8.self, capacity: length) {
                SystemPath.string(UnsafeBufferPointer(start: $0, count: length))
            }
        }
    }
}
