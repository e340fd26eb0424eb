import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File names as bytes, for names that are not UTF-8: made, listed and passed to the binary with
/// POSIX calls on the exact bytes, never through a Swift `String` (which would replace them).
enum RawNames {
    /// `folder` (a UTF-8 path) joined with the raw component `name`.
    static func path(_ folder: String, _ name: [UInt8]) -> [UInt8] {
        Array(folder.utf8) + [UInt8(ascii: "/")] + name
    }

    /// Writes `data` to the file at the raw `path`.
    static func write(_ data: Data, to path: [UInt8]) throws {
        let fd = withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        let written = data.withUnsafeBytes { Foundation.write(fd, $0.baseAddress!, $0.count) }
        guard written == data.count else { throw POSIXError(.EIO) }
    }

    /// The bytes of the file at the raw `path`, or nil.
    static func read(_ path: [UInt8]) -> Data? {
        let fd = withCString(path) { open($0, O_RDONLY) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            guard n > 0 else { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return data
    }

    /// Makes the folder at the raw `path`.
    static func makeFolder(_ path: [UInt8]) throws {
        guard withCString(path, { mkdir($0, 0o755) }) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// The names in the folder at the raw `path` (no `.`, `..`), as bytes, sorted.
    static func names(in path: [UInt8]) -> [[UInt8]] {
        guard let folder = withCString(path, { opendir($0) }) else { return [] }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }

    /// Runs the built binary with `arguments` passed as these exact bytes (Foundation's `Process`
    /// would send the UTF-8 of a `String`), standard output and error to files read back after.
    static func run(_ arguments: [[UInt8]]) throws -> CLIRunner.Result {
        let scratch = try TemporaryFolder()
        let out = scratch.path("stdout"), err = scratch.path("stderr")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let all = [Array(CLIRunner.binary.path.utf8)] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = all.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { pointer[i] = CChar(bitPattern: b) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, CLIRunner.binary.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return CLIRunner.Result(status: exit,
                                stdout: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data(), as: UTF8.self),
                                stderr: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: err))) ?? Data(), as: UTF8.self))
    }
}
