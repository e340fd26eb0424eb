import Foundation
import Testing
@testable import InstantScan

/// The glare map on rectified cards: a blob is found at its size, nothing is found where there is
/// nothing, and white picture content is not glare.
@Suite struct GlareDetectorTests {
    static let tungsten = [1.0, 0.78, 0.52]

    /// The share of the window a blob covers (inside its radius), counted on the straight card.
    static func trueShare(_ print: GlarePrint, _ blobs: [GlarePrint.Blob]) -> Double {
        let w = print.format.normalizedWindow.corners
        var inside = 0, total = 0
        for y in 0..<print.height {
            let v = (Double(y) + 0.5) / Double(print.height)
            guard v > w[0].y, v < w[2].y else { continue }
            for x in 0..<print.width {
                let u = (Double(x) + 0.5) / Double(print.width)
                guard u > w[0].x, u < w[1].x else { continue }
                total += 1
                if blobs.contains(where: { $0.value(u, v, aspect: print.format.cardAspect) >= $0.strength / 2 }) { inside += 1 }
            }
        }
        return Double(inside) / Double(total)
    }

    @Test(arguments: [0.07, 0.12])
    func aBlobIsFoundAtItsSize(radius: Double) throws {
        let print = GlarePrint()
        let blobs = [GlarePrint.Blob(u: 0.55, v: 0.4, radius: radius)]
        let card = try print.renderCard(cast: Self.tungsten, blobs: blobs)
        let map = GlareDetector().map(card: card, format: print.format)
        let share = map.share(in: print.format.normalizedWindow)
        let truth = Self.trueShare(print, blobs)
        #expect(abs(share - truth) < 0.25 * truth, "share \(share) against \(truth)")
        // Where it is: the blob's centre is glare, the far corner of the picture is not.
        #expect(map.value(u: 0.55, v: 0.4) > 0.9)
        #expect(map.value(u: 0.15, v: 0.8) < 0.05)
    }

    @Test func aPrintWithoutGlareReportsNone() throws {
        let print = GlarePrint()
        let card = try print.renderCard(cast: Self.tungsten, blobs: [])
        let share = GlareDetector().map(card: card, format: print.format).share(in: print.format.normalizedWindow)
        #expect(share < 0.002, "share \(share)")
    }

    @Test(arguments: [[1.0, 1.0, 1.0], [1.0, 0.78, 0.52]])
    func aBrightWhitePictureIsNotGlare(cast: [Double]) throws {
        var print = GlarePrint()
        print.whitePicture = true
        let card = try print.renderCard(cast: cast, blobs: [])
        let map = GlareDetector().map(card: card, format: print.format)
        #expect(map.share(in: print.format.normalizedWindow) < 0.002, "share \(map.share(in: print.format.normalizedWindow))")
        // And glare on it is still glare: clipped, which white cloth is not. Its halo spreads into
        // the bright cloth around it (merging takes that from another shot too), so the share is
        // bounded above loosely.
        let glared = try print.renderCard(cast: cast, blobs: [GlarePrint.Blob(u: 0.5, v: 0.45, radius: 0.1)])
        let share = GlareDetector().map(card: glared, format: print.format).share(in: print.format.normalizedWindow)
        let truth = Self.trueShare(print, [GlarePrint.Blob(u: 0.5, v: 0.45, radius: 0.1)])
        #expect(share > 0.8 * truth && share < 2 * truth, "share \(share) against \(truth)")
    }

    @Test(arguments: [PixelSize(width: 2004, height: 2), PixelSize(width: 3, height: 1500), PixelSize(width: 1, height: 1),
                      PixelSize(width: 900, height: 1100)])
    func theGridNeverReadsPastTheCard(_ size: PixelSize) throws {
        // A sliver of a card (found by fuzzing `--size 2004x02`) had blocks taller than the card,
        // and the downsampling read rows past its end.
        let (k, w, h) = GlareDetector().blocks(of: size)
        #expect(w * k <= size.width && h * k <= size.height)
        let card = try PixelBuffer(width: size.width, height: size.height)
        let map = try GlareDetector().downsampled(card)
        #expect(map.width == w && map.height == h)
    }

    @Test func aThinBrightLineIsNotGlare() throws {
        // A specular line (a scratch catching the light) two pixels wide: bright and neutral, but
        // not a blob.
        let print = GlarePrint()
        let card = try print.renderCard(cast: Self.tungsten, blobs: [])
        for y in 60..<240 { for x in 130..<132 { card[x, y] = [255, 255, 255, 255] } }
        let share = GlareDetector().map(card: card, format: print.format).share(in: print.format.normalizedWindow)
        #expect(share < 0.002, "share \(share)")
    }

    @Test func theWarningSaysWhatToDo() {
        let over = GlareReport(share: 0.061, map: .empty())
        #expect(over.warning == "glare over 6% of the picture: take another shot at a different angle, then `instantscan merge`")
        #expect(GlareReport(share: 0.03, map: .empty()).warning == nil)
    }

    @Test func scanReportsTheShareAndWarns() throws {
        let print = GlarePrint()
        let corners = print.corners(rotation: 0.05, keystone: 5)
        let blobs = [GlarePrint.Blob(u: 0.5, v: 0.42, radius: 0.13)]
        let photo = try print.renderShot(corners: corners, cast: Self.tungsten, blobs: blobs, seed: 3)
        let png = try OutputEncoder(format: .png(.fast)).encode(photo, profile: .srgb)
        var options = ScanOptions()
        options.format = .polaroid600
        for crop in ScanOptions.Crop.allCases {
            options.crop = crop
            let result = try PrintScanner(options: options).scan(png, corners: corners)
            let glare = try #require(result.prints.first?.glare)
            let truth = Self.trueShare(print, blobs)
            #expect(abs(glare.share - truth) < 0.3 * truth, "\(crop): share \(glare.share) against \(truth)")
            #expect(result.warnings.contains { $0.contains("instantscan merge") }, "\(crop): \(result.warnings)")
        }
    }
}
