/// How a band decode of a JPEG is shared between two cores: the rows cut in two, each part decoded
/// by its own libjpeg reader into its rows of the one buffer.
///
/// A baseline JPEG cannot be entropy-decoded from the middle, so the lower part's reader still
/// passes over every row above it (`jpeg_skip_scanlines`: Huffman decoding only, no inverse DCT,
/// upsampling or colour conversion). The cut is placed so that both readers do about the same
/// work: the upper part is longer by what the lower part's skip costs. Each row is decoded exactly
/// as a single reader decodes it (the band decoder's pixels do not depend on where a band starts),
/// so the pixels are the same.
enum JPEGBandSplit {
    /// A row skipped costs about this share of a whole row decoded at 1/`scaleDenominator`:
    /// entropy decoding of every column, where a decoded row also runs the inverse DCT, upsampling
    /// and colour conversion on the crop's columns. The skip decodes the same coefficients at any
    /// scale while the rest shrinks with the scale, so the share grows: measured in CPU time on
    /// 12 MP 4:2:0 photos with libjpeg-turbo 2.1, 0.40–0.58 at full scale, 0.65–0.73 at 1/2,
    /// 0.75–0.82 at 1/4 (where, with 0.88–0.92 at 1/8, a second reader saves too little to pay
    /// for itself, so those scales are not split).
    static func skipCost(scaleDenominator: Int) -> Double {
        switch scaleDenominator {
        case 1: 0.45
        case 2: 0.68
        default: 1
        }
    }
    /// Fewer pixels than this and a second reader (its setup and its pass over the rows above)
    /// costs more than it saves.
    static let minimumPixels = 1 << 20
    /// Parts start on multiples of this many rows (an iMCU row of a 4:2:0 photo at full scale).
    static let rowAlignment = 16

    /// The parts of `rows` (the band, `columns` of the image's `width` pixels) to decode
    /// concurrently at 1/`scaleDenominator`: one part (no split) with one core, a scale of 1/4 or
    /// less, a progressive file (skipping decodes every
    /// scan in full, and each reader would hold the whole image's coefficients), a small band, or
    /// a narrow one (its rows cost little more to decode than to skip).
    static func parts(rows: Range<Int>, columns: Int, width: Int, scaleDenominator: Int = 1, progressive: Bool,
                      cores: Int = ProcessInfoCores.active) -> [Range<Int>] {
        guard cores > 1, !progressive, rows.count * columns >= minimumPixels, rows.count >= 4 * rowAlignment,
              columns > 0, width >= columns else {
            return [rows]
        }
        // A skipped row against a decoded row of the crop.
        let s = skipCost(scaleDenominator: scaleDenominator) * Double(width) / Double(columns)
        guard s < 1 else { return [rows] }
        // Upper part: skip r0, decode m − r0; lower part: skip m, decode r1 − m. Equal when
        // m = (r1 + r0·(1 − s)) / (2 − s).
        let (r0, r1) = (Double(rows.lowerBound), Double(rows.upperBound))
        let ideal = (r1 + r0 * (1 - s)) / (2 - s)
        let cut = Int((ideal / Double(rowAlignment)).rounded()) * rowAlignment
        guard cut > rows.lowerBound, cut < rows.upperBound else { return [rows] }
        return [rows.lowerBound..<cut, cut..<rows.upperBound]
    }
}
