import Foundation
import Testing
@testable import InstantScan

/// The colour arithmetic white balance rests on: the test's own CIEDE2000, the transfer tables,
/// the Planckian locus and McCamy's temperature.
@Suite struct ColorMathTests {
    /// Pairs and differences from Sharma, Wu & Dalal (2005), table 1.
    @Test(arguments: [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
        ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
        ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ])
    func ciede2000MatchesSharmasTable(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ expected: Double) {
        let d = CIEDE2000.difference((a.0, a.1, a.2), (b.0, b.1, b.2))
        #expect(abs(d - expected) < 1e-4, "\(d) vs \(expected)")
    }

    @Test func transferTablesRoundTripEveryCode() {
        for code in 0...255 {
            #expect(abs(Double(LinearLight.decodeTable[code]) - LinearLight.toLinear(Double(code) / 255)) < 1e-7)
            let root = Double(LinearLight.rootDecodeTable[code])
            let index = Int(root * Double(LinearLight.rootEncodeSteps - 1) + 0.5)
            #expect(LinearLight.rootEncodeTable[index] == UInt8(code), "code \(code)")
        }
    }

    @Test func rootEncodeTableFollowsTheCurveFinely() {
        var worstEntry = 0.0, worstStep = 0.0
        var previous = 0.0
        for i in 0..<LinearLight.rootEncodeSteps {
            let root = Double(i) / Double(LinearLight.rootEncodeSteps - 1)
            let exact = LinearLight.fromLinear(root * root) * 255
            worstEntry = max(worstEntry, abs(Double(LinearLight.rootEncodeTable[i]) - exact))
            if i > 0 { worstStep = max(worstStep, exact - previous) }
            previous = exact
        }
        // Each entry is the rounded code (0.5 off at most), and neighbouring entries are under
        // 0.05 codes apart, so looking up the nearest one is off by at most 0.53 codes.
        #expect(worstEntry <= 0.5 + 1e-9)
        #expect(worstStep < 0.05, "\(worstStep)")
    }

    @Test func mcCamyGivesD65AndTheLocus() throws {
        let d65 = try #require(PlanckianLocus.mcCamyTemperature(x: 0.3127, y: 0.3290))
        #expect(abs(d65 - 6504) < 30, "\(d65)")
        for kelvin in [2500.0, 3000, 4000, 5000, 6500] {
            let (x, y) = PlanckianLocus.chromaticity(kelvin: kelvin)
            let cct = try #require(PlanckianLocus.mcCamyTemperature(x: x, y: y))
            // McCamy's cubic is within ~2 % of the locus over this range.
            #expect(abs(cct / kelvin - 1) < 0.02, "\(kelvin) K → \(cct) K")
        }
    }

    @Test(arguments: [BuiltInProfile.srgb, .displayP3])
    func theLocusCompletesAnyMissingChannelOfALocusLight(_ profile: BuiltInProfile) {
        let space = WorkingSpace(profile)
        let locus = PlanckianLocus(space: space)
        for kelvin in [2700.0, 3500, 5000] {
            let (x, y) = PlanckianLocus.chromaticity(kelvin: kelvin)
            let levels = space.rgb(xyz: [x / y, 1, (1 - x - y) / y]).map { log($0) - 0.3 }
            for missing in 0..<3 {
                var dropped = levels
                dropped[missing] = 0
                let completed = locus.completing(dropped, missing: missing)
                #expect(abs(completed[missing] - levels[missing]) < 0.005, "\(kelvin) K, channel \(missing)")
            }
        }
    }

    @Test func labOfWhiteIsNeutralInBothSpaces() {
        for profile in BuiltInProfile.allCases {
            let space = WorkingSpace(profile)
            #expect(space.chroma([0.8, 0.8, 0.8]) < 1e-9)
            #expect(abs(space.lab([1, 1, 1]).l - 100) < 1e-9)
        }
    }
}
