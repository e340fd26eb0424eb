import Foundation
import Testing
@testable import InstantScan

/// A photo's bytes are held until its last print is written, so reading them must not hold more
/// than the file.
@Suite struct PhotoFileTests {
    @Test func readsTheWholeFileIntoAnArrayOfItsSize() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("photo.jpg")
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try PhotoFile.read(path)
        #expect(read == bytes)
        // Grown to find the end, the array held twice the file (602 064 bytes).
        #expect(read.capacity < bytes.count + 4096, "capacity \(read.capacity)")
    }

    @Test func readsAnEmptyFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.jpg")
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(try PhotoFile.read(path).isEmpty)
    }
}
