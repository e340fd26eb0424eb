import Foundation
import Testing
@testable import InstantScan

/// A yellowed frame whose red the photo clipped under a warm lamp (issue 19): the light's red is
/// completed as what a phone leaves of a lamp, greener than the Planckian locus, not on the locus.
@Suite struct ResidualCastTests {
    let space = WorkingSpace(.srgb)

    /// A phone that keeps `kept` of a black-body lamp's colour (in log ratios): the cast its photo
    /// shows, as log levels with green at 0.
    func residual(kelvin: Double, kept: Double) -> [Double] {
        let point = PlanckianLocus(space: space).point(kelvin: kelvin)
        return [kept * point.rg, 0, kept * point.bg]
    }

    @Test func aPartlyCorrectedLampIsGreenerThanTheLocusAtItsBlue() {
        let locus = PlanckianLocus(space: space), cast = ResidualCast(locus: locus)
        for kelvin in [2400.0, 2700, 3000, 3500] {
            // The locus overstates the red of every partly corrected lamp.
            for kept in [0.5, 0.6, 0.75, 0.9] {
                let lamp = residual(kelvin: kelvin, kept: kept)
                #expect(locus.completing(lamp, missing: 0)[0] > lamp[0] + 0.01, "\(kelvin) K, kept \(kept)")
                #expect(cast.red(completing: lamp) <= locus.completing(lamp, missing: 0)[0])
            }
            // A phone keeping the assumed share gets its lamp's red back; one keeping less gets
            // nearer it than on the locus.
            let assumed = residual(kelvin: kelvin, kept: ResidualCast.kept)
            #expect(abs(cast.red(completing: assumed) - assumed[0]) < 0.005, "\(kelvin) K")
            for kept in [0.5, 0.6] {
                let lamp = residual(kelvin: kelvin, kept: kept)
                let onLocus = locus.completing(lamp, missing: 0)[0]
                #expect(abs(cast.red(completing: lamp) - lamp[0]) < onLocus - lamp[0], "\(kelvin) K, kept \(kept)")
            }
        }
    }

    @Test func aLampTheLocusItselfGivesKeepsItsRedWithinTheAssumedShare() {
        // An uncorrected lamp (a phone set to daylight): the completion takes a little red off,
        // no more than the share the phone is assumed to keep implies.
        let locus = PlanckianLocus(space: space), cast = ResidualCast(locus: locus)
        let lamp = residual(kelvin: 3000, kept: 1)
        let completed = cast.red(completing: lamp)
        #expect(completed <= lamp[0] + 1e-9)
        #expect(lamp[0] - completed < 0.1, "\(lamp[0] - completed)")
    }

    /// The fixture's lamp is a phone's residual of about 3000 K; the yellowed frame clips its red.
    /// Completed on the locus, the light came out too red (the locus is about 6 % redder at the
    /// lamp's blue): the picture green and dark.
    @Test func aYellowedFrameWhoseRedClipsUnderAWarmLampGetsTheLampsRed() throws {
        let photo = FramedPrintPhoto(frame: .yellowed)
        let print = try #require(try photo.scan(light: FramedPrintPhoto.warmLamp))
        let light = try #require(print.whiteBalance?.light)
        #expect(light.source == .agedFrame, "\(light.reason)")
        #expect(light.channels[0] == .locus)
        #expect(light.reason.contains("completed as a lamp's cast a phone partly corrected"), "\(light.reason)")
        let lamp = FramedPrintPhoto.warmLamp
        let redGreen = light.lightColor[0] / light.lightColor[1]
        // On the locus (less what the picture's greys take off) it was 0.036 off in log R/G.
        #expect(abs(log(redGreen / (lamp[0] / lamp[1]))) < 0.027, "R/G \(redGreen), lamp \(lamp[0] / lamp[1])")
        let differences = try photo.pictureDifferences(print.image)
        #expect(differences.mean < 2, "mean ΔE00 \(differences.mean)")
    }
}
