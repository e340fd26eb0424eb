@testable import InstantScan

extension LightEstimate {
    /// How far (log ratios) this light's colour is from `truth`'s, the light a test photo was made under.
    func distance(toLight truth: [Double]) -> Double {
        LightChroma(rgb: lightColor)!.distance(to: LightChroma(rgb: truth)!)
    }
}
