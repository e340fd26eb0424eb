import Foundation
import Testing
@testable import InstantScan

/// Item 7 of issue 15: file and folder names that are not UTF-8 (`caf\xE9.jpg` from a Latin-1
/// camera card) are scanned, named, recorded and resumed by their exact bytes, through the real
/// binary with the names passed as raw argv bytes.
@Suite struct NonUTF8NameTests {
    static let e9 = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    static let e8 = Array("caf".utf8) + [0xE8] + Array(".jpg".utf8)
    static let e9Scan = Array("caf".utf8) + [0xE9] + Array("-1.png".utf8)
    static let e8Scan = Array("caf".utf8) + [0xE8] + Array("-1.png".utf8)
    /// The UTF-8 of U+FFFD: a name Foundation would have made of the bytes.
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    static func contains(_ name: [UInt8], _ part: [UInt8]) -> Bool {
        name.count >= part.count && (0...(name.count - part.count)).contains { Array(name[$0..<$0 + part.count]) == part }
    }

    @Test func twoLatin1NamesAreBatchedToDistinctScansAndResume() throws {
        let input = try TemporaryFolder()
        let photo = try BatchSafetyTests.photo()
        for name in [Self.e9, Self.e8] { try RawNames.write(photo, to: RawNames.path(input.url.path, name)) }
        let work = try TemporaryFolder()
        // The output folder's own name is not UTF-8 either.
        let output = RawNames.path(work.url.path, Array("scans".utf8) + [0xFF])

        let first = try RawNames.run([Array("batch".utf8), Array(input.url.path.utf8), Array("-o".utf8), output])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("2 prints scanned"), "\(first.stderr)")
        // Messages show the name as a terminal would, not the private escape.
        #expect(first.stderr.contains("caf\u{FFFD}.jpg"), "\(first.stderr)")
        #expect(!first.stderr.unicodeScalars.contains { (0xF780...0xF7FF).contains($0.value) }, "\(first.stderr)")

        // Written into the folder of those bytes, not a look-alike; two distinct scans.
        #expect(RawNames.names(in: Array(work.url.path.utf8)) == [Array("scans".utf8) + [0xFF]])
        #expect(RawNames.names(in: output).filter { $0.first != 0x2E } == [Self.e8Scan, Self.e9Scan])
        #expect(!RawNames.names(in: output).contains { Self.contains($0, Self.replacement) })
        for scan in [Self.e8Scan, Self.e9Scan] {
            let bytes = try #require(RawNames.read(output + [UInt8(ascii: "/")] + scan))
            #expect(try ImageReader.decode([UInt8](bytes)).pixels.width > 100)
        }
        // The inputs are untouched.
        #expect(RawNames.names(in: Array(input.url.path.utf8)) == [Self.e8, Self.e9])
        for name in [Self.e9, Self.e8] { #expect(RawNames.read(RawNames.path(input.url.path, name)) == photo) }

        // The manifest keeps the names exactly, and a re-run recognises both as done.
        let manifest = try BatchManifest(outputFolder: SystemPath.string(output))
        let done = manifest.entries.values.filter { $0.state == .done }
        #expect(Set(done.map { SystemPath.bytes($0.photo) }) == [Self.e8, Self.e9])
        #expect(Set(done.flatMap(\.outputs).map(SystemPath.bytes)) == [Self.e8Scan, Self.e9Scan])
        let again = try RawNames.run([Array("batch".utf8), Array(input.url.path.utf8), Array("-o".utf8), output])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("2 already done"), "\(again.stderr)")
    }

    @Test func scanTakesLatin1NamesFromTheCommandLine() throws {
        let input = try TemporaryFolder()
        let photo = try BatchSafetyTests.photo()
        for name in [Self.e9, Self.e8] { try RawNames.write(photo, to: RawNames.path(input.url.path, name)) }
        let output = try TemporaryFolder()
        let run = try RawNames.run([Array("scan".utf8), RawNames.path(input.url.path, Self.e9),
                                    RawNames.path(input.url.path, Self.e8), Array("-o".utf8), Array((output.url.path + "/").utf8)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(RawNames.names(in: Array(output.url.path.utf8)) == [Self.e8Scan, Self.e9Scan])
        // A single file output named with such bytes too.
        let single = RawNames.path(output.url.path, Array("one".utf8) + [0xE9] + Array(".png".utf8))
        let one = try RawNames.run([Array("scan".utf8), RawNames.path(input.url.path, Self.e9), Array("-o".utf8), single])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(RawNames.read(single) != nil)
        #expect(RawNames.names(in: Array(input.url.path.utf8)) == [Self.e8, Self.e9])
    }

    @Test func theContactSheetShowsTheNameAndLinksItsBytes() {
        let page = "/tmp/out/report.html"
        let scan = SystemPath.string(Array("/tmp/out/".utf8) + Self.e9Scan)
        #expect(RelativeLink.href(from: page, to: scan) == "caf%E9-1.png")
        #expect(ContactSheet.anchor(SystemPath.string(Self.e9)) != ContactSheet.anchor(SystemPath.string(Self.e8)))
        #expect(ContactSheet.shellQuote(SystemPath.string(Self.e9)) == "$'caf\\xE9.jpg'")
    }
}
