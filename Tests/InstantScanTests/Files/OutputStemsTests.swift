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

    /// A stem an earlier run gave is kept: a photo added later that the scheme would put first
    /// does not take it, and the photo keeping it is not renamed.
    @Test func recordedStemsAreKept() {
        func stems(_ names: [String], _ kept: [String: String]) -> [String: String] {
            let recorded = Dictionary(uniqueKeysWithValues: kept.map { (SystemPath.Key($0.key), $0.value) })
            return Dictionary(uniqueKeysWithValues: OutputStems.stems(for: names, keeping: recorded).map { (SystemPath.string($0.key.bytes), $0.value) })
        }
        #expect(stems(["a.jpg", "a.avif"], ["a.jpg": "a"]) == ["a.jpg": "a", "a.avif": "a.avif"])
        #expect(stems(["a.jpg", "a.avif"], [:]) == ["a.avif": "a", "a.jpg": "a.jpg"], "nothing recorded: the scheme alone")
        #expect(stems(["a.jpg"], ["a.jpg": "a.jpg"]) == ["a.jpg": "a.jpg"], "its neighbour gone, it keeps its name")
        // A kept stem that is another photo's file name: that photo is numbered instead.
        #expect(stems(["a.jpg", "a.JPG", "a.png"], ["a.png": "a.JPG"]) == ["a.png": "a.JPG", "a.jpg": "a", "a.JPG": "a.JPG~2"])
        // Two photos recorded with one stem (an older version's clash): the first keeps it.
        #expect(stems(["a.jpg", "a.avif"], ["a.jpg": "a", "a.avif": "a"]) == ["a.avif": "a", "a.jpg": "a.jpg"])
        #expect(OutputStems.recordedStem(ofOutput: "2019/IMG_0042-12.png") == "IMG_0042")
        #expect(OutputStems.recordedStem(ofOutput: "a.JPG~2-1.jpg") == "a.JPG~2")
        #expect(OutputStems.recordedStem(ofOutput: "notes.txt") == nil)
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
