/// What merging shots of one print produced.
public struct MergeResult: Sendable {
    /// The merged print: colour-corrected once, with ``ScannedPrint/glare`` what glare is left
    /// (where every shot had it).
    public var print: ScannedPrint
    /// One report per shot, in the order given.
    public var shots: [ShotReport]
    /// The index of the shot whose frame the others were aligned to.
    public var reference: Int
    /// Time spent in each stage.
    public var timings: StageTimings
    /// Things the user should know that did not stop the merge.
    public var warnings: [String]
}
