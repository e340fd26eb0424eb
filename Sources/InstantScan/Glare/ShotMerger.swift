/// Merges several photos of one glossy print, taken at different angles, into one scan without
/// the glare any single photo has.
///
/// ```swift
/// let shots = try ["IMG_1.jpg", "IMG_2.jpg"].map { Shot(data: try PhotoFile.read($0), name: $0) }
/// let merged = try ShotMerger(options: ScanOptions()).merge(shots)
/// let png = try OutputEncoder(format: .png(.fast)).encode(merged.print)
/// ```
///
/// Each shot's print is found (or taken from its corners) and rectified
/// (``PrintRectifier``) into the frame of the reference shot — the one most other shots agree
/// shows the same print, of those the one that sees it largest, at its native resolution — and
/// its glare mapped (``GlareDetector``). What detection
/// leaves (a pixel or two, a hair of rotation) is registered away on the luma, glare weighted out
/// (`ShotAligner`), and each shot is warped again straight from its photo through the refined
/// map, so no pixel is resampled twice. Exposures are matched in linear light on the pixels no
/// shot has glare on, the shots are fused per pixel preferring those without glare
/// (`ShotFusion`), and only then is the colour corrected (``PrintColorCorrection``), once, from
/// the fused print's frame: a frame half covered by glare in each shot is whole in the fusion.
public struct ShotMerger: Sendable {
    /// What to produce, as for a scan. The shots are fused as whole cards; `crop` and
    /// `outputSize` shape the result.
    public var options: ScanOptions

    /// Whether residual misalignment is registered away (off only to show, in tests, what it prevents).
    var registers = true

    /// Makes a merger.
    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
    }

    /// Merges `shots` (at least two photos of the same print).
    /// - Parameters:
    ///   - shots: The photos, with the print's corners in each when known.
    ///   - light: A light to divide out instead of estimating one from the fused frame, in
    ///     ``ScanOptions/outputProfile``'s space.
    /// - Throws: ``MergeError``: too few shots, a shot without a print, a shot that fails.
    public func merge(_ shots: [Shot], light: LightEstimate? = nil) throws -> MergeResult {
        guard shots.count >= 2 else { throw MergeError.tooFewShots(shots.count) }
        var timings = StageTimings()
        var warnings: [String] = []

        // Locate every print first: a shot without one fails before any pixel work.
        var located: [LocatedShot] = []
        for shot in shots {
            located.append(try locate(shot, timings: &timings, warnings: &warnings))
        }
        var frame = ReferenceFrame(located, format: options.format)
        var prepared: [PreparedShot] = []
        for entry in located {
            prepared.append(try prepare(entry, in: frame, timings: &timings))
        }
        // The reference is the shot most others agree with: were it the one shot of another
        // print, every other shot would be left out.
        let agreed = majorityReference(prepared, located: located, in: frame, timings: &timings)
        if agreed != frame.reference {
            frame = ReferenceFrame(located, format: options.format, reference: agreed)
            prepared = []
            for entry in located {
                prepared.append(try prepare(entry, in: frame, timings: &timings))
            }
        }
        for entry in located where entry.print.format != frame.format {
            warnings.append("\(entry.name): detected as \(entry.print.format?.rawValue ?? "unknown"), merged as \(frame.format?.rawValue ?? "unknown")")
        }
        let alignments = align(prepared, in: frame, timings: &timings)
        let fused = try fuse(prepared, alignments: alignments, in: frame, timings: &timings, warnings: &warnings)

        // Colour once, on the fused card.
        let report = try timings.measure("colour") {
            try PrintColorCorrection(options: options).correct(fused.image, format: frame.format, light: light)
        }
        let window = frame.format?.normalizedWindow
        let residual = timings.measure("glare") {
            GlareDetector(profile: options.outputProfile).report(card: fused.image, format: frame.format, window: window)
        }
        if residual.share > GlareReport.warningShare {
            warnings.append("glare left over \(Int((residual.share * 100).rounded()))% of the picture where every shot has it: take another shot with the reflection elsewhere")
        }
        let output = try timings.measure("warp") { try shape(fused.image, window: window) }

        let referencePrint = located[frame.reference].print
        let print = ScannedPrint(image: output, profile: options.outputProfile, card: referencePrint.card,
                                 window: referencePrint.window, format: frame.format, confidence: referencePrint.confidence,
                                 whiteBalance: report, crop: options.crop,
                                 // The shots are minutes apart at most: the earliest dates the print.
                                 captureDate: shots.compactMap { EmbeddedMetadata(reading: $0.data).exif?.captureDate }.min(),
                                 glare: residual)
        return MergeResult(print: print, shots: reports(prepared, alignments: alignments, fused: fused, in: frame),
                           reference: frame.reference, timings: timings, warnings: warnings)
    }

    /// One report per shot: its glare, how far it moved, how well it lined up, what it gave.
    private func reports(_ prepared: [PreparedShot], alignments: [ShotAlignment], fused: FusedCard,
                         in frame: ReferenceFrame) -> [ShotReport] {
        let window = frame.format?.normalizedWindow
        let centre = Point(Double(frame.size.width - 1) / 2, Double(frame.size.height - 1) / 2)
        let bestSharpness = alignments.map(\.sharpness).max() ?? 1
        return prepared.indices.map { index in
            let shot = prepared[index]
            let moved = alignments[index].referenceToShot.apply(centre)
            let k = fused.used.firstIndex(of: index)
            return ShotReport(name: shot.located.name, glare: GlareReport(share: shot.glare.share(in: window), map: shot.glare),
                              shift: Point(moved.x - centre.x, moved.y - centre.y),
                              correlation: alignments[index].correlation,
                              pictureCorrelation: alignments[index].samePrint.picture,
                              edgeAgreement: alignments[index].samePrint.edges,
                              sharpness: bestSharpness > 0 ? alignments[index].sharpness / bestSharpness : 1,
                              contribution: k.map { fused.contributions[$0] } ?? 0, used: k != nil)
        }
    }
}
