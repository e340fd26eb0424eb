#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system questions the tool asks, on a path's exact bytes (Foundation's
/// `FileManager` would look up the UTF-8 of the escaped string, another name).
extension SystemPath {
    /// What a path names.
    package enum Kind: Sendable, Equatable {
        case file, folder, other
    }

    /// `stat` of `path` (following symbolic links), or nil when there is nothing there.
    package static func status(_ path: String) -> stat? {
        var info = stat()
        return withCString(path) { stat($0, &info) } == 0 ? info : nil
    }

    /// `lstat` of `path` (a symbolic link itself), or nil when there is nothing there.
    package static func linkStatus(_ path: String) -> stat? {
        var info = stat()
        return withCString(path) { lstat($0, &info) } == 0 ? info : nil
    }

    /// What `path` names (through symbolic links), or nil when nothing.
    package static func kind(_ path: String) -> Kind? {
        guard let info = status(path) else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// True when something is at `path` (through symbolic links).
    package static func exists(_ path: String) -> Bool {
        status(path) != nil
    }

    /// Size in bytes and modification time (seconds since 1970) of the file at `path`.
    package static func stamp(_ path: String) -> (bytes: Int, modified: Double)? {
        guard let info = status(path) else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return (Int(info.st_size), Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// The names in the folder at `path` (without `.` and `..`), each from its exact bytes; the
    /// `errno` of the failure when the folder cannot be listed.
    package static func names(inFolder path: String) -> Result<[String], SystemError> {
        guard let folder = withCString(path, { opendir($0) }) else { return .failure(SystemError(errno)) }
        defer { closedir(folder) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { return .failure(SystemError(errno)) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                let bytes = raw.prefix { $0 != 0 }
                return string(bytes)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// A system call's failure: its `errno` and the system's words for it.
    package struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
        package var code: Int32
        package init(_ code: Int32) { self.code = code }
        package var description: String { String(cString: strerror(code)) }
    }
}
