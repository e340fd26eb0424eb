import Testing
@testable import InstantScan

@Suite struct OutputNamingTests {
    @Test func oneFileForOnePrintNumberedForSeveral() {
        let naming = OutputNaming(target: "/tmp/x/print.png", fileExtension: "png")
        #expect(naming.paths(forPrints: 1, of: "IMG_1.jpg") == ["/tmp/x/print.png"])
        #expect(naming.paths(forPrints: 3, of: "IMG_1.jpg") == ["/tmp/x/print-1.png", "/tmp/x/print-2.png", "/tmp/x/print-3.png"])
    }

    @Test func aFolderTargetUsesThePhotosName() {
        let naming = OutputNaming(target: "/tmp/out-does-not-exist/", fileExtension: "jpg")
        #expect(naming.paths(forPrints: 2, of: "/photos/IMG_0042.JPG") == ["/tmp/out-does-not-exist/IMG_0042-1.jpg", "/tmp/out-does-not-exist/IMG_0042-2.jpg"])
    }

    @Test func noExtensionTakesTheEncoders() {
        #expect(OutputNaming(target: "scan", fileExtension: "png").paths(forPrints: 1, of: "a.jpg") == ["scan.png"])
    }
}
