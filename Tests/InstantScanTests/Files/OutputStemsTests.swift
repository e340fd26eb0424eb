import Testing
@testable import InstantScan

/// The naming scheme for photos whose names differ only by extension or case (README, "Output names").
@Suite struct OutputStemsTests {
    /// The stems keyed by the names as written here (the scheme keys them by their bytes).
    static func stems(_ names: [String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: OutputStems.stems(for: names).map { (SystemPath.string($0.key.bytes), $0.value) })
    }

    @Test func aLoneStemIsKept() {
        #expect(Self.stems(["IMG_0042.jpg", "2019/IMG_0042.jpg"]) == ["IMG_0042.jpg": "IMG_0042", "2019/IMG_0042.jpg": "IMG_0042"])
    }

    @Test func collidingStemsKeepTheirExtensionWhateverTheOrder() {
        let expected = ["a.jpg": "a", "a.JPG": "a.JPG~2", "a.png": "a.png", "A.Jpg": "A.Jpg", "x/a.JPG": "a"]
        #expect(Self.stems(["a.jpg", "a.JPG", "a.png", "A.Jpg", "x/a.JPG"]) == expected)
        #expect(Self.stems(["x/a.JPG", "A.Jpg", "a.png", "a.JPG", "a.jpg"]) == expected)
    }

    @Test func namesEqualWithoutCaseAreNumbered() {
        #expect(Self.stems(["a.jpg", "a.JPG", "a.Jpg"]) == ["a.jpg": "a", "a.JPG": "a.JPG", "a.Jpg": "a.Jpg~2"])
    }

    /// `café.jpg` precomposed (NFC) and decomposed (NFD): equal as Swift strings, two files on
    /// Linux, one on macOS. Each gets its own stem, by its bytes, whatever the order.
    @Test func namesThatDifferOnlyInNormalizationGetTheirOwnStems() {
        let nfc = "caf\u{E9}.jpg", nfd = "cafe\u{301}.jpg"
        #expect(nfc == nfd && SystemPath.Key(nfc) != SystemPath.Key(nfd))
        for names in [[nfc, nfd], [nfd, nfc]] {
            let stems = OutputStems.stems(for: names)
            #expect(stems.count == 2)
            // NFD sorts first by its bytes ("e" before "\u{E9}"'s lead byte) and keeps the plain stem.
            #expect(stems[SystemPath.Key(nfd)].map { Array($0.utf8) } == Array("cafe\u{301}".utf8))
            #expect(stems[SystemPath.Key(nfc)].map { Array($0.utf8) } == Array("caf\u{E9}.jpg".utf8))
        }
    }
}
