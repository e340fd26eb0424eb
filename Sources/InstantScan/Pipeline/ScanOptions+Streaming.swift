extension ScanOptions {
    /// Makes each scan band by band straight into the bytes `format` writes (``streamedPNG`` or
    /// ``streamedJPEG``), for callers that only write their scans: no scan then exists whole. The
    /// whole-image path stays where streaming cannot be bit for bit the same (see
    /// `PrintScanner.streamedScan`).
    package mutating func streamScans(into format: OutputEncoder.Format) {
        switch format {
        case let .png(compression): streamedPNG = compression
        case let .jpeg(quality): streamedJPEG = quality
        }
    }
}
