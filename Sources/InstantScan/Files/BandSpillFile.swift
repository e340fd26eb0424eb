internal import CShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An unnamed file in the output's folder that holds one band of a streamed PNG's compressed
/// bytes from when they are made until the PNG is written, so that they are not resident beside
/// the photo while the scan is made (``ScanOptions/spillFolder``). It has no name from the start
/// (`O_TMPFILE`, or a name unlinked at once): nothing is left behind by a failed write, an
/// interrupted scan or a killed process, and the output itself is still written atomically.
final class BandSpillFile: @unchecked Sendable {
    /// Open for reading and writing; closed with the object.
    let descriptor: Int32
    /// The folder it is in, for errors.
    let folder: String

    /// A new unnamed file in `folder`, or nil where the folder refuses one (it does not exist
    /// yet, or is read-only): the band then stays in memory.
    init?(in folder: String) {
        let descriptor = SystemPath.withCString(folder) { is_open_unnamed_file($0) }
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.folder = folder
    }

    deinit {
        close(descriptor)
    }
}
