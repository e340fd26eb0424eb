import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error as a sentence: Foundation's file errors print as "Error Domain=NSCocoaErrorDomain
/// Code=642 …"; they become the file and the system's reason ("Read-only file system").
package enum ErrorText {
    package static func of(_ error: Error) -> String {
        if let cocoa = error as? CocoaError {
            let why = (cocoa.underlying as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
                ?? (cocoa.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
                ?? "the system refused (\(cocoa.code.rawValue))"
            return cocoa.filePath.map { "\($0): \(why)" } ?? why
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return "\(error)"
    }
}
