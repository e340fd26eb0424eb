#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLISupport
import Foundation

/// `instantscan review` is its own executable, `instantscan-review`, run the way git runs git-foo:
/// its HTTP server brings in FoundationNetworking with libcurl and a TLS stack, which every scan
/// would otherwise load and map at start. It is looked for beside this executable's real path (a
/// symbolic link on PATH works), then on PATH.
enum ReviewExecutable {
    static let name = "instantscan-review"

    /// Replaces this process with `instantscan-review` when the command line is `review …` (its
    /// arguments passed on as their exact bytes) or `help review`; returns when it is neither.
    static func runIfAsked() {
        let argc = Int(CommandLine.argc)
        let argv = CommandLine.unsafeArgv
        guard argc >= 2, let first = argv[1] else { return }
        if strcmp(first, "review") == 0 {
            exec((2..<argc).map { argv[$0] })
        }
        if strcmp(first, "help") == 0, argc >= 3, let second = argv[2], strcmp(second, "review") == 0 {
            exec([strdup("--help")])
        }
    }

    /// Runs `instantscan-review` with `arguments` in place of this process; on failure, says why
    /// and exits 69 (EX_UNAVAILABLE).
    static func exec(_ arguments: [UnsafeMutablePointer<CChar>?]) -> Never {
        guard let path = locate() else {
            Console.error("review needs \(name), which is neither beside this executable nor on PATH: install it with instantscan")
            exit(ExitCodes.unavailable.rawValue)
        }
        execv(path, [strdup(path)] + arguments + [nil])
        Console.error("cannot run \(path): \(String(cString: strerror(errno)))")
        exit(ExitCodes.unavailable.rawValue)
    }

    /// The executable's path: beside this one's real path first, so that an installed pair keeps
    /// to itself, then the first on PATH.
    static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        var folders: [String] = []
        if let own = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path {
            folders.append(own)
        }
        folders += (path ?? "").split(separator: ":").map(String.init)
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
