import Foundation
import Testing
@testable import InstantScan

/// The whole photo's gray edge outside the card: a cue of the light for frames that are not a
/// white reference, read where the band just around the card may be one coloured placemat.
@Suite struct PhotoGrayEdgeTests {
    /// The photo of `photo` under `light` decoded, as an RGBA8 image, and its card.
    func decodedPhoto(_ photo: FramedPrintPhoto, light: [Double]) throws -> (image: PixelBuffer, card: Quad) {
        let (jpeg, corners) = try photo.photo(light: light)
        let decoded = try ImageReader.decodeOpaque(jpeg)
        let image = try PerspectiveWarp().warp(decoded.pixels, outputSize: decoded.pixels.size,
                                               outputToSource: Homography.affine(scaleX: 1, scaleY: 1, translateX: 0, translateY: 0))
        return (image, corners.mapped { Point($0.x + 0.5, $0.y + 0.5) })
    }

    @Test func theCueReadsTheLampAroundTheCardWithTheCardLeftOut() throws {
        // A saturated red frame and its picture fill a quarter of the photo; around it a
        // patchwork of many colours balanced around grey. Left out, the card does not pull the cue.
        var photo = FramedPrintPhoto(frame: .colour([0.60, 0.06, 0.05]))
        photo.margin = (x: 200, y: 200)
        photo.patchwork = true
        let (image, card) = try decodedPhoto(photo, light: FramedPrintPhoto.warmLamp)
        let lamp = try #require(LightChroma(rgb: FramedPrintPhoto.warmLamp))
        let masked = try #require(PhotoGrayEdge.chroma(of: image, excluding: [card]))
        let unmasked = try #require(PhotoGrayEdge.chroma(of: image, excluding: []))
        #expect(masked.distance(to: lamp) < 0.1, "cue \(masked), lamp \(lamp), unmasked \(unmasked)")
        // With the card read too, the red frame's edges pull it red: the mask is what keeps it out.
        #expect(unmasked.distance(to: lamp) > masked.distance(to: lamp) + 0.1, "unmasked \(unmasked), masked \(masked)")
    }

    @Test func onePlainSurfaceAroundTheCardGivesNoCue() throws {
        // A grey weave fills the photo outside the card: its edges are its own colour times the
        // lamp, which the ring around the card reads already.
        var photo = FramedPrintPhoto(frame: .colour([0.60, 0.06, 0.05]))
        photo.margin = (x: 150, y: 150)
        let (image, card) = try decodedPhoto(photo, light: FramedPrintPhoto.warmLamp)
        #expect(PhotoGrayEdge.chroma(of: image, excluding: [card]) == nil)
    }

    @Test func aClippedPhotoGivesNoCue() throws {
        var photo = FramedPrintPhoto(frame: .colour([0.60, 0.06, 0.05]))
        photo.table = [5, 5, 5]
        let (image, card) = try decodedPhoto(photo, light: FramedPrintPhoto.neutral)
        #expect(PhotoGrayEdge.chroma(of: image, excluding: [card]) == nil)
    }

    /// A coloured-frame print on a blue placemat on a grey tablecloth, under a warm lamp. The
    /// band around the card sees only the placemat, which reads a light near neutral; the picture
    /// reads the lamp; they disagree, and the witness nearer neutral, the placemat, would win.
    /// The rest of the photo shows the lamp on the tablecloth: with it among the surroundings'
    /// cues, the light comes nearer the lamp than the same print photographed so close that the
    /// placemat fills the photo.
    @Test func theWholePhotoMovesTheLightTowardsTheLampWhenThePlacematMisleadsTheRing() throws {
        var wide = FramedPrintPhoto(frame: .colour([0.30, 0.25, 0.03]))
        wide.placemat = (colour: [0.45, 0.60, 1.30], reach: 0.3)
        wide.margin = (x: 450, y: 450)
        var close = wide
        close.margin = (x: Int(0.3 * Double(wide.width)), y: Int(0.3 * Double(wide.height)))
        let lamp = FramedPrintPhoto.warmLamp
        let wideScan = try #require(try wide.scan(light: lamp))
        let closeScan = try #require(try close.scan(light: lamp))
        let wideLight = try #require(wideScan.whiteBalance?.light)
        let closeLight = try #require(closeScan.whiteBalance?.light)
        #expect(wideLight.source == .surroundings, "\(wideLight.reason)")
        #expect(wideLight.reason.contains("gray edge of the whole photo"), "\(wideLight.reason)")
        let (wideError, closeError) = (wideLight.distance(toLight: lamp), closeLight.distance(toLight: lamp))
        #expect(wideError < closeError - 0.1, "light error \(wideError) with the tablecloth in view, \(closeError) without")
        let (wideDifference, closeDifference) = (try wide.pictureDifferences(wideScan.image).mean,
                                                 try close.pictureDifferences(closeScan.image).mean)
        #expect(wideDifference < closeDifference - 1, "mean ΔE00 \(wideDifference) against \(closeDifference)")
    }
}
