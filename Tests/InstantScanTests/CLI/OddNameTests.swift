import Foundation
import Testing
@testable import InstantScan

/// Names made to break the file handling (issue 15, after item 7): names that differ only in
/// Unicode normalization, newlines, a leading dash, names at NAME_MAX, a FIFO named like a photo.
@Suite struct OddNameTests {
    static func listing(_ folder: TemporaryFolder) -> [[UInt8]] {
        RawNames.names(in: Array(folder.url.path.utf8)).filter { $0.first != UInt8(ascii: ".") }
    }

    static func batch(_ input: TemporaryFolder, _ output: TemporaryFolder, _ more: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(["batch", input.url.path, "-o", output.url.path] + more)
    }

    /// `café.jpg` precomposed and decomposed: one name to Swift, two files on Linux.
    @Test func namesThatDifferOnlyInNormalizationAreTwoPhotos() throws {
        let input = try TemporaryFolder(), output = try TemporaryFolder()
        let photo = try BatchSafetyTests.photo()
        let nfc = Array("caf\u{E9}.jpg".utf8), nfd = Array("cafe\u{301}.jpg".utf8)
        for name in [nfc, nfd] { try RawNames.write(photo, to: RawNames.path(input.url.path, name)) }
        let first = try Self.batch(input, output)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("2 prints scanned"), "\(first.stderr)")
        #expect(Self.listing(output) == [Array("cafe\u{301}-1.png".utf8), Array("caf\u{E9}.jpg-1.png".utf8)])
        let again = try Self.batch(input, output)
        #expect(again.stderr.contains("2 already done"), "\(again.stderr)")
    }

    @Test func newlinesAndLeadingDashesAreNamesLikeOthers() throws {
        let input = try TemporaryFolder(), output = try TemporaryFolder()
        let photo = try BatchSafetyTests.photo()
        try photo.write(to: input.url.appendingPathComponent("-x.jpg"))
        try photo.write(to: input.url.appendingPathComponent("a\nb.jpg"))
        let run = try Self.batch(input, output)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.listing(output) == [Array("-x-1.png".utf8), Array("a\nb-1.png".utf8)])
        #expect(run.stderr.contains("a\\nb.jpg"), "\(run.stderr)")
        let scans = try TemporaryFolder()
        let scan = try CLIRunner.run(["scan", "./-x.jpg", "-o", scans.url.path + "/"], in: input.url)
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(Self.listing(scans) == [Array("-x-1.png".utf8)])
    }

    /// Photos named at NAME_MAX (255 bytes): their scans' names are cut to fit, stay distinct,
    /// and resume.
    @Test func namesAtTheLengthLimitGetScansThatFit() throws {
        let input = try TemporaryFolder(), output = try TemporaryFolder()
        let photo = try BatchSafetyTests.photo()
        let long = String(repeating: "é", count: 125)    // 250 bytes
        for name in [long + "a.jpg", long + "b.jpg"] { try photo.write(to: input.url.appendingPathComponent(name)) }
        let first = try Self.batch(input, output)
        #expect(first.status == 0, "\(first.stderr)")
        let names = Self.listing(output)
        #expect(names.count == 2 && Set(names).count == 2)
        for name in names {
            #expect(name.count <= 255 && String(decoding: name, as: UTF8.self).hasSuffix("-1.png"))
            #expect(String(validating: name, as: UTF8.self) != nil, "cut inside a character")
        }
        let again = try Self.batch(input, output)
        #expect(again.stderr.contains("2 already done"), "\(again.stderr)")
    }

    /// A FIFO named `p.jpg` is not a photo in a batch, and `scan p.jpg` ends at once.
    @Test func aFIFOIsNotAPhotoAndNeverHangs() throws {
        let input = try TemporaryFolder(), output = try TemporaryFolder()
        try BatchSafetyTests.photo().write(to: input.url.appendingPathComponent("a.jpg"))
        #expect(mkfifo(input.path("p.jpg"), 0o644) == 0)
        let run = try Self.batch(input, output)
        #expect(run.status == 0 && run.stderr.contains("1 photos"), "\(run.stderr)")
        let scan = try CLIRunner.run(["scan", input.path("p.jpg"), "-o", output.path("p.png")])
        #expect(scan.status == 65, "\(scan.stderr)")
        #expect(scan.stderr.contains("p.jpg"), "\(scan.stderr)")
    }
}
