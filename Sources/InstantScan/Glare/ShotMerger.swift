#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Merges several photos of one glossy print, taken at different angles, into one scan without
/// the glare any single photo has.
///
/// ```swift
/// let shots = try ["IMG_1.jpg", "IMG_2.jpg"].map { Shot(data: try PhotoFile.read($0), name: $0) }
/// let merged = try ShotMerger(options: ScanOptions()).merge(shots)
/// let png = try OutputEncoder(format: .png(.fast)).encode(merged.print)
/// ```
///
/// Each shot's print is found (or taken from its corners) and rectified into the frame of the
/// reference shot — the one that sees the print largest, at its native resolution — and its glare
/// mapped (``GlareDetector``). What detection leaves (a pixel or two, a hair of rotation) is
/// registered away on the luma, glare weighted out (``ShotAligner``), and each shot is warped
/// again straight from its photo through the refined map, so no pixel is resampled twice.
/// Exposures are matched in linear light on the pixels no shot has glare on, the shots are fused
/// per pixel preferring those without glare (``ShotFusion``), and only then is the colour
/// corrected, once, from the fused print's frame: a frame half covered by glare in each shot is
/// whole in the fusion.
public struct ShotMerger: Sendable {
    /// What to produce: ``ScanOptions/corners`` is ignored (see ``Shot/corners``); the rest as for
    /// a scan. The shots are fused as whole cards; `crop` and `outputSize` shape the result.
    public var options: ScanOptions

    /// Whether residual misalignment is registered away (off only to show, in tests, what it prevents).
    var registers = true

    /// A shot whose luma correlates less than this with the reference after alignment shows
    /// something else (another print, a failed detection) and is left out.
    public static let minimumCorrelation = 0.6

    /// Makes a merger.
    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
    }

    /// A shot located and rectified into the reference frame.
    private struct Prepared {
        var name: String
        var decoded: DecodedImage
        var print: DetectedPrint
        var converter: ColorConverter
        var image: PixelBuffer
        var glare: GlareMap
    }

    /// Merges `shots` (at least two photos of the same print).
    /// - Throws: ``MergeError``: too few shots, a shot without a print, a shot that fails.
    public func merge(_ shots: [Shot]) throws -> MergeResult {
        guard shots.count >= 2 else { throw MergeError.tooFewShots(shots.count) }
        var timings = StageTimings()
        var warnings: [String] = []

        // Locate every print first: a shot without one fails before any pixel work.
        var located: [(name: String, decoded: DecodedImage, print: DetectedPrint, upright: PixelSize, converter: ColorConverter)] = []
        for shot in shots {
            do {
                var shotOptions = options
                shotOptions.corners = shot.corners
                let scanner = Scanner(options: shotOptions)
                var shotWarnings: [String] = []
                let (decoded, found, upright) = try scanner.locatePrints(in: shot.data, timings: &timings,
                                                                        warnings: &shotWarnings) { _, _ in 1 }
                guard let print = found.max(by: { $0.card.area < $1.card.area }) else { throw MergeError.noPrint(shot.name) }
                if found.count > 1 { shotWarnings.append("\(found.count) prints found; merging the largest") }
                let input = scanner.inputProfile(of: decoded, warnings: &shotWarnings)
                let converter = try ColorConverter(from: input, to: options.outputProfile.profile)
                warnings += shotWarnings.map { "\(shot.name): \($0)" }
                located.append((shot.name, decoded, print, upright, converter))
            } catch let error as MergeError {
                throw error
            } catch {
                throw MergeError.shot(shot.name, error)
            }
        }

        // The reference: the shot that sees the print largest (most pixels, usually the sharpest).
        let aspects = located.map { $0.print.format?.cardAspect ?? AspectRatio.recover($0.print.card, imageSize: $0.upright) }
        let natives = located.indices.map { ScanOptions.nativeSize(quad: located[$0].print.card, aspect: aspects[$0]) }
        let reference = natives.indices.max { natives[$0].width * natives[$0].height < natives[$1].width * natives[$1].height }!
        let format = options.format ?? located[reference].print.format
        for entry in located where entry.print.format != format {
            warnings.append("\(entry.name): detected as \(entry.print.format?.rawValue ?? "unknown"), merged as \(format?.rawValue ?? "unknown")")
        }
        let size = PixelSize(width: max(2, Int(natives[reference].width.rounded())),
                             height: max(2, Int(natives[reference].height.rounded())))
        let scanner = Scanner(options: options)
        let detector = GlareDetector(profile: options.outputProfile)

        func rectify(_ entry: (name: String, decoded: DecodedImage, print: DetectedPrint, upright: PixelSize, converter: ColorConverter),
                     refinement: Homography) throws -> PixelBuffer {
            let image = try timings.measure("warp") {
                try scanner.warp(entry.print.card, size: size, from: entry.decoded, refinement: refinement)
            }
            if !entry.converter.isIdentity { timings.measure("icc") { entry.converter.convert(image) } }
            return image
        }
        var prepared: [Prepared] = []
        for entry in located {
            do {
                let image = try rectify(entry, refinement: .identity)
                let glare = timings.measure("glare") { detector.map(card: image, format: format) }
                prepared.append(Prepared(name: entry.name, decoded: entry.decoded, print: entry.print,
                                         converter: entry.converter, image: image, glare: glare))
            } catch {
                throw MergeError.shot(entry.name, error)
            }
        }

        // Registration against the reference, glare of either weighted out.
        let aligner = ShotAligner()
        let referenceLuma = timings.measure("align") { FloatPlane.luma(of: prepared[reference].image) }
        let referenceGlare = prepared[reference].glare
        // Registration trusts nothing near glare: a blob's faint rim, under the map's threshold,
        // pulled the fit by half a pixel on the test shots (0.03 of the long side covers it).
        let registrationReach = 0.03
        let referenceTrust = referenceGlare.dilated(reach: registrationReach)
        var alignments: [ShotAlignment] = []
        for (index, shot) in prepared.enumerated() {
            let alignment = timings.measure("align") { () -> ShotAlignment in
                if index == reference || !registers {
                    let weights = ShotAligner.weightPlane(width: size.width, height: size.height, margin: aligner.edgeMargin) {
                        1 - shot.glare.value(u: $0, v: $1)
                    }
                    let luma = index == reference ? referenceLuma : FloatPlane.luma(of: shot.image)
                    return ShotAlignment(referenceToShot: .identity, correlation: 1, sharpness: ShotAligner.sharpness(luma, weights))
                }
                let shotTrust = shot.glare.dilated(reach: registrationReach)
                return aligner.align(reference: referenceLuma, moving: FloatPlane.luma(of: shot.image),
                                     referenceWeight: { 1 - referenceTrust.value(u: $0, v: $1) },
                                     movingWeight: { 1 - shotTrust.value(u: $0, v: $1) })
            }
            alignments.append(alignment)
        }

        // Re-warp the others through the refined map, and read their glare through it.
        let gridWidth = referenceGlare.width, gridHeight = referenceGlare.height
        var inputs: [ShotFusion.Input] = []
        var used: [Int] = []
        let bestSharpness = alignments.map(\.sharpness).max() ?? 1
        for (index, shot) in prepared.enumerated() {
            let alignment = alignments[index]
            guard alignment.correlation >= Self.minimumCorrelation else {
                warnings.append("\(shot.name): does not line up with \(prepared[reference].name) (correlation \((alignment.correlation * 100).rounded() / 100)); left out")
                continue
            }
            let image = index == reference ? shot.image : try rectify(located[index], refinement: alignment.referenceToShot)
            let map = alignment.referenceToShot
            var glare = FloatPlane(width: gridWidth, height: gridHeight)
            for gy in 0..<gridHeight {
                for gx in 0..<gridWidth {
                    let p = Point((Double(gx) + 0.5) / Double(gridWidth) * Double(size.width) - 0.5,
                                  (Double(gy) + 0.5) / Double(gridHeight) * Double(size.height) - 0.5)
                    let q = map.apply(p)
                    glare[gx, gy] = shot.glare.value(u: (q.x + 0.5) / Double(size.width), v: (q.y + 0.5) / Double(size.height))
                }
            }
            let sharpness = bestSharpness > 0 ? alignment.sharpness / bestSharpness : 1
            // Steep in sharpness: a shot half as sharp should hardly show where a sharp one is clear.
            // The 10–90 % width of an edge reads the tails, where even a few per cent of a blurred
            // shot shows: with the 4th power a shot of sharpness 0.53 widened the test's edge by
            // 0.44 px, with the 8th by 0.17 (the sharp shots' own differences: 0.22–0.25).
            let quality = pow(sharpness, 8) * min(1, alignment.correlation)
            inputs.append(ShotFusion.Input(image: image, glare: glare, gains: [1, 1, 1], quality: Float(max(quality, 1e-4))))
            used.append(index)
        }
        guard inputs.count >= 2 else { throw MergeError.tooFewShots(inputs.count) }
        let referenceInput = used.firstIndex(of: reference) ?? 0
        timings.measure("fuse") {
            for k in inputs.indices where k != referenceInput {
                inputs[k].gains = Self.exposureGains(inputs[k], against: inputs[referenceInput])
            }
        }
        let (fused, contributions) = try timings.measure("fuse") { try ShotFusion.fuse(inputs) }

        // Colour once, on the fused card.
        let referencePrint = prepared[reference].print
        var report: WhiteBalanceReport?
        try timings.measure("colour") {
            if options.whiteBalance != .none || options.light != nil {
                if let light = options.light, light.profile != options.outputProfile {
                    throw ScanError.lightInOtherSpace(light.profile, options.outputProfile)
                }
                let balance = WhiteBalance(mode: options.whiteBalance == .none ? .frame : options.whiteBalance,
                                           profile: options.outputProfile)
                let light = options.light ?? balance.estimate(card: fused, format: format)
                let chroma = balance.frameChroma(card: fused, format: format, light: light)
                let clipped = balance.apply(light, to: fused)
                report = WhiteBalanceReport(light: light, frameChroma: chroma?.before,
                                            correctedFrameChroma: chroma?.after, clippedShare: clipped)
            }
            options.stretch?.apply(to: fused)
        }
        let window = format?.normalizedWindow
        let residual = timings.measure("glare") { detector.map(card: fused, format: format) }
        let residualReport = GlareReport(share: residual.share(in: window), map: residual)
        if residualReport.share > GlareReport.warningShare {
            warnings.append("glare left over \(Int((residualReport.share * 100).rounded()))% of the picture where every shot has it: take another shot with the reflection elsewhere")
        }
        let output = try timings.measure("warp") { try shape(fused, window: window) }

        var reports: [ShotReport] = []
        let centre = Point(Double(size.width - 1) / 2, Double(size.height - 1) / 2)
        for (index, shot) in prepared.enumerated() {
            let moved = alignments[index].referenceToShot.apply(centre)
            let k = used.firstIndex(of: index)
            reports.append(ShotReport(name: shot.name, glare: GlareReport(share: shot.glare.share(in: window), map: shot.glare),
                                      shift: Point(moved.x - centre.x, moved.y - centre.y),
                                      correlation: alignments[index].correlation,
                                      sharpness: bestSharpness > 0 ? alignments[index].sharpness / bestSharpness : 1,
                                      contribution: k.map { contributions[$0] } ?? 0, used: k != nil))
        }
        let print = ScannedPrint(image: output, profile: options.outputProfile, card: referencePrint.card,
                                 window: referencePrint.window, format: format, confidence: referencePrint.confidence,
                                 whiteBalance: report, crop: options.crop,
                                 // The shots are minutes apart at most: the earliest dates the print.
                                 captureDate: shots.compactMap { EmbeddedMetadata(reading: $0.data).exif?.captureDate }.min(),
                                 glare: residualReport)
        return MergeResult(print: print, shots: reports, reference: reference, timings: timings, warnings: warnings)
    }

    /// Per channel, the median ratio of the reference to the shot in linear light over pixels that
    /// neither has glare on and that are neither black nor clipped: auto exposure changes between
    /// shots (glare itself makes the camera darken), and fusing unmatched exposures draws seams.
    static func exposureGains(_ shot: ShotFusion.Input, against reference: ShotFusion.Input) -> [Float] {
        let width = shot.image.width, height = shot.image.height
        let a = shot.image.packedBytes(), b = reference.image.packedBytes()
        let stride = max(1, Int((Double(width * height) / 20_000).squareRoot()))
        var ratios: [[Float]] = [[], [], []]
        let table = LinearLight.decodeTable
        for y in Swift.stride(from: stride / 2, to: height, by: stride) {
            let gy = (Double(y) + 0.5) / Double(height) * Double(shot.glare.height) - 0.5
            for x in Swift.stride(from: stride / 2, to: width, by: stride) {
                let gx = (Double(x) + 0.5) / Double(width) * Double(shot.glare.width) - 0.5
                guard shot.glare.clampedSample(gx, gy) < 0.05, reference.glare.clampedSample(gx, gy) < 0.05 else { continue }
                let i = 4 * (y * width + x)
                for c in 0..<3 where (20...249).contains(a[i + c]) && (20...249).contains(b[i + c]) {
                    ratios[c].append(table[Int(b[i + c])] / table[Int(a[i + c])])
                }
            }
        }
        return ratios.map { values in
            guard values.count >= 50 else { return 1 }
            let sorted = values.sorted()
            return sorted[sorted.count / 2]
        }
    }

    /// The fused card cut to the window and resized as ``ScanOptions/crop`` and
    /// ``ScanOptions/outputSize`` ask.
    func shape(_ card: PixelBuffer, window: Quad?) throws -> PixelBuffer {
        var region = Quad(rectangleWidth: Double(card.width), height: Double(card.height))
        if options.crop == .window {
            guard let window else { throw ScanError.windowNeedsFormat }
            region = window.mapped { Point($0.x * Double(card.width), $0.y * Double(card.height)) }
        }
        let native = PixelSize(width: max(1, Int((region.corners[1].x - region.corners[0].x).rounded())),
                               height: max(1, Int((region.corners[3].y - region.corners[0].y).rounded())))
        let aspect = Double(native.width) / Double(native.height)
        let size: PixelSize
        switch options.outputSize {
        case .native: size = native
        case let .exact(s):
            guard s.width > 0, s.height > 0 else { throw ScanError.invalidOutputSize("\(s)") }
            size = s
        case let .longSide(n):
            guard n > 0 else { throw ScanError.invalidOutputSize("long side \(n)") }
            size = aspect >= 1 ? PixelSize(width: n, height: max(1, Int((Double(n) / aspect).rounded())))
                : PixelSize(width: max(1, Int((Double(n) * aspect).rounded())), height: n)
        }
        if options.crop == .card && size == native { return card }
        // Output pixel centres sit at the middle of the region's cells, as the scan's warp does.
        let sx = (region.corners[1].x - region.corners[0].x) / Double(size.width)
        let sy = (region.corners[3].y - region.corners[0].y) / Double(size.height)
        let map = Homography.affine(scaleX: sx, scaleY: sy, translateX: region.corners[0].x + sx / 2 - 0.5,
                                    translateY: region.corners[0].y + sy / 2 - 0.5)
        return try PerspectiveWarp(interpolation: options.interpolation)
            .warp(card, outputSize: size, outputToSource: map, maximumPixels: options.maximumPixels)
    }
}
