/// What a decode and detection on it hold at their peak, estimated from the header alone, for a
/// batch's ``LocateGate``.
enum DetectionFootprint {
    /// The detector's peak per working pixel: three colour planes and the gradient's three (4 bytes
    /// each), its ridge mask and the segment search's arrays. Measured under valgrind's massif on
    /// a 12 MP photo's half-scale decode (1008 × 756 working pixels): 23.8 MB of heap at the peak,
    /// 31 bytes a working pixel.
    static let bytesPerWorkingPixel = 32

    /// The bytes of the sequential JPEG `data` (its header `info`) decoded at 1/`scaleDenominator`
    /// (RGB, rows padded to 64 bytes as ``PixelBuffer`` pads them), plus the detector's working
    /// planes when `detecting` with `workingLongSide`; nil for other formats, whose decoded pixel
    /// size the header does not settle, and for a progressive (or lossless, or arithmetic-coded)
    /// JPEG, whose decoder holds every coefficient of the photo (2 bytes a sample: 36 MB for a
    /// 12 MP photo at any scale).
    static func bytes(of data: [UInt8], info: ImageInfo, scaleDenominator: Int, detectingAt workingLongSide: Int?) -> Int? {
        guard info.format == .jpeg, isSequential(data) else { return nil }
        let width = (info.storedSize.width + scaleDenominator - 1) / scaleDenominator
        let height = (info.storedSize.height + scaleDenominator - 1) / scaleDenominator
        let decoded = ((width * 3 + 63) & ~63) * height
        guard let workingLongSide else { return decoded }
        let scale = BoxDownsampler.workingScale(for: PixelSize(width: width, height: height), maximumLongSide: workingLongSide)
        let working = (Double(width) / scale).rounded(.up) * (Double(height) / scale).rounded(.up)
        return decoded + Int(working) * bytesPerWorkingPixel
    }

    /// Whether the JPEG's frame is baseline or extended sequential Huffman (SOF0, SOF1), which
    /// libjpeg decodes a few rows of coefficients at a time.
    private static func isSequential(_ data: [UInt8]) -> Bool {
        guard let frame = JPEGMarkers.segments(in: data).first(where: \.isStartOfFrame) else { return false }
        return frame.marker == 0xC0 || frame.marker == 0xC1
    }
}
