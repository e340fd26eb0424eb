/// The one way scans reach the disk: encode, then write atomically (a reader sees the old file or
/// the whole new one), never over an input.
extension OutputEncoder {
    /// Encodes `print` (with its ``ScannedPrint/metadata``) and writes it to `path`.
    ///
    /// - Parameters:
    ///   - print: The scan to write.
    ///   - path: Where to write it.
    ///   - overwrite: Whether an existing file at `path` may be replaced.
    ///   - inputs: Paths that must never be written (the photos being scanned).
    ///   - timings: Where the time spent encoding and writing is added (stages `encode`, `write`).
    public func write(_ print: ScannedPrint, to path: String, overwrite: Bool = false, protecting inputs: [String] = [],
                      timings: inout StageTimings) throws {
        try write(print, to: path, overwrite: overwrite, protecting: ProtectedFiles(inputs), timings: &timings)
    }

    /// ``write(_:to:overwrite:protecting:timings:)`` without the timings.
    public func write(_ print: ScannedPrint, to path: String, overwrite: Bool = false, protecting inputs: [String] = []) throws {
        var timings = StageTimings()
        try write(print, to: path, overwrite: overwrite, protecting: inputs, timings: &timings)
    }

    /// Encodes an image in `profile`'s colour space, with `metadata` when given, and writes it to `path`.
    public func write(_ image: PixelBuffer, profile: BuiltInProfile, metadata: ScanMetadata? = nil, to path: String,
                      overwrite: Bool = false, protecting inputs: [String] = [], timings: inout StageTimings) throws {
        try write(image, profile: profile, metadata: metadata, to: path, overwrite: overwrite,
                  protecting: ProtectedFiles(inputs), timings: &timings)
    }

    /// ``write(_:to:overwrite:protecting:)`` guarding inputs known by device and inode (a batch's
    /// photos, opened once).
    package func write(_ print: ScannedPrint, to path: String, overwrite: Bool = false, protecting inputs: ProtectedFiles) throws {
        var timings = StageTimings()
        try write(print, to: path, overwrite: overwrite, protecting: inputs, timings: &timings)
    }

    /// The variant above, adding the time spent to `timings`.
    package func write(_ print: ScannedPrint, to path: String, overwrite: Bool = false, protecting inputs: ProtectedFiles,
                       timings: inout StageTimings) throws {
        let encoded = try timings.measure("encode") { try encode(print) }
        try timings.measure("write") { try AtomicFile.write(encoded, to: path, overwrite: overwrite, protecting: inputs) }
    }

    /// The one encode-and-write every public variant ends in.
    package func write(_ image: PixelBuffer, profile: BuiltInProfile, metadata: ScanMetadata? = nil, to path: String,
                       overwrite: Bool = false, protecting inputs: ProtectedFiles, timings: inout StageTimings) throws {
        let encoded = try timings.measure("encode") { try encode(image, profile: profile, metadata: metadata) }
        try timings.measure("write") { try AtomicFile.write(encoded, to: path, overwrite: overwrite, protecting: inputs) }
    }
}
