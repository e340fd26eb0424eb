import Testing
@testable import InstantScan

/// The naming scheme for photos whose names differ only by extension or case (README, "Output names").
@Suite struct OutputStemsTests {
    @Test func aLoneStemIsKept() {
        #expect(OutputStems.stems(for: ["IMG_0042.jpg", "2019/IMG_0042.jpg"]) == ["IMG_0042.jpg": "IMG_0042", "2019/IMG_0042.jpg": "IMG_0042"])
    }

    @Test func collidingStemsKeepTheirExtensionWhateverTheOrder() {
        let expected = ["a.jpg": "a", "a.JPG": "a.JPG~2", "a.png": "a.png", "A.Jpg": "A.Jpg", "x/a.JPG": "a"]
        #expect(OutputStems.stems(for: ["a.jpg", "a.JPG", "a.png", "A.Jpg", "x/a.JPG"]) == expected)
        #expect(OutputStems.stems(for: ["x/a.JPG", "A.Jpg", "a.png", "a.JPG", "a.jpg"]) == expected)
    }

    @Test func namesEqualWithoutCaseAreNumbered() {
        #expect(OutputStems.stems(for: ["a.jpg", "a.JPG", "a.Jpg"]) == ["a.jpg": "a", "a.JPG": "a.JPG", "a.Jpg": "a.Jpg~2"])
    }
}
