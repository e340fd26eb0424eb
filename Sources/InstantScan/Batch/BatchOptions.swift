/// How a batch runs.
public struct BatchOptions: Sendable {
    /// What each scan produces.
    public var scan = ScanOptions()
    /// Where the print lies in every photo, when all are framed alike (a copy stand); nil to
    /// detect the prints of each.
    public var corners: Quad?
    /// The container written for each print.
    public var output: OutputEncoder.Format = .png(.fast)
    /// Photos scanned at once (each on one core).
    public var jobs: Int = ProcessInfoCores.active
    /// Replace existing outputs that the manifest does not account for.
    public var overwrite = false
    /// Skip photos an earlier run finished (recorded in a manifest in the output folder).
    public var resume = true
    /// Make preview images for a contact sheet (a few tens of kilobytes per photo).
    public var previews = false
    /// Scan only this shard's share of the photos given, keeping the shard's own manifest (nil:
    /// all of them).
    public var shard: Shard?

    /// The defaults: all cores, PNG, resumable, never overwrite.
    public init() {}
}
