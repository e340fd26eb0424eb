import Foundation
import Testing
@testable import InstantScan

/// Paths that are not UTF-8 travel as strings and come back as their exact bytes.
@Suite struct SystemPathTests {
    /// Byte strings that are valid UTF-8, invalid in every way UTF-8 can be, and valid UTF-8 of
    /// the escape range itself.
    static let cases: [[UInt8]] = [
        Array("café.jpg".utf8),
        [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70, 0x67],      // Latin-1 é
        [0xC3],                                                // truncated two-byte form
        [0xC0, 0xAF],                                          // overlong '/'
        [0xED, 0xA0, 0x80],                                    // a surrogate
        [0xF4, 0x90, 0x80, 0x80],                              // past U+10FFFF
        [0xFF, 0xFE, 0x80, 0xBF],
        [0xEF, 0x9E, 0xA9],                                    // U+F7A9, inside the escape range
        Array("\u{F7A9}\u{F7E9}x".utf8) + [0xE9],
        [0xF0, 0x9F, 0x93, 0xB7, 0xE9],                        // an emoji, then Latin-1
    ]

    @Test(arguments: cases) func everyByteStringComesBackExactly(_ raw: [UInt8]) {
        let path = SystemPath.string(raw)
        #expect(SystemPath.bytes(path) == raw)
        SystemPath.withCString(path) { pointer in
            #expect(Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }) == raw)
        }
    }

    @Test func randomBytesRoundTripAndStayDistinct() {
        var random = SeededGenerator(seed: 15)
        var seen: [String: [UInt8]] = [:]
        for _ in 0..<5000 {
            let raw = (0..<Int(random.next() % 12 + 1)).map { _ in UInt8(random.next() % 255 + 1) }
            let path = SystemPath.string(raw)
            #expect(SystemPath.bytes(path) == raw)
            if let earlier = seen[path] { #expect(earlier == raw, "two byte strings share \(path.debugDescription)") }
            seen[path] = raw
        }
    }

    @Test func validUTF8IsLeftAsItIs() {
        for text in ["IMG_0042.jpg", "Ferien/Strand ☀️.heic", "日本.png", ""] {
            #expect(SystemPath.string(Array(text.utf8)) == text)
            #expect(!SystemPath.isEscaped(text))
        }
    }

    @Test func peopleSeeTheReplacementCharacter() {
        let e9 = SystemPath.string(Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let e8 = SystemPath.string(Array("caf".utf8) + [0xE8] + Array(".jpg".utf8))
        #expect(e9 != e8)
        #expect(SystemPath.display(e9) == "caf\u{FFFD}.jpg")
        #expect(SystemPath.display(e8) == "caf\u{FFFD}.jpg")
    }
}
