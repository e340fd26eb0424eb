import Foundation
import Testing
@testable import InstantScan

@Suite struct AtomicFileTests {
    @Test func writesWholeFilesAndLeavesNoTemporaries() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("a.bin")
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write([4, 5], to: path)
        #expect(try PhotoFile.read(path) == [4, 5])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["a.bin"])
    }

    @Test func refusesToReplaceWithoutOverwrite() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("a.bin")
        try AtomicFile.write([1], to: path, overwrite: false)
        #expect(throws: AtomicFile.WriteError.exists(path)) { try AtomicFile.write([2], to: path, overwrite: false) }
        #expect(try PhotoFile.read(path) == [1])
    }

    @Test func neverReplacesAnInputEvenWithOverwrite() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("photo.jpg")
        try AtomicFile.write([9, 9], to: path)
        #expect(throws: AtomicFile.WriteError.wouldOverwriteInput(path)) {
            try AtomicFile.write([1], to: path, overwrite: true, protecting: [path])
        }
        #expect(try PhotoFile.read(path) == [9, 9])
    }

    @Test func aFailedStreamLeavesNoFile() throws {
        struct Boom: Error {}
        let folder = try TemporaryFolder()
        let path = folder.path("half.html")
        #expect(throws: Boom.self) {
            try AtomicFile.stream(to: path) { sink in
                try sink.write("<html>")
                throw Boom()
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func unwritableFolderIsAClearError() throws {
        let path = "/proc/instantscan-cannot-write-here/out.png"
        #expect {
            try AtomicFile.write([1], to: path)
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("cannot write")
        }
    }
}
