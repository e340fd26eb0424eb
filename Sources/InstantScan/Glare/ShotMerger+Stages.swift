#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ShotMerger {
    /// Finds a shot's print (the largest, when it shows several) and its colour conversion.
    func locate(_ shot: Shot, timings: inout StageTimings, warnings: inout [String]) throws -> LocatedShot {
        do {
            let located = try PrintLocator(options: options).locate(shot.data, corners: shot.corners, timings: &timings) { _, _ in 1 }
            var shotWarnings = located.warnings
            guard let print = located.prints.max(by: { $0.card.area < $1.card.area }) else { throw MergeError.noPrint(shot.name) }
            if located.prints.count > 1 { shotWarnings.append("\(located.prints.count) prints found; merging the largest") }
            let converter = try PrintColorCorrection(options: options).converter(for: located.decoded, warnings: &shotWarnings)
            warnings += shotWarnings.map { "\(shot.name): \($0)" }
            return LocatedShot(name: shot.name, decoded: located.decoded, print: print, converter: converter)
        } catch let error as MergeError {
            throw error
        } catch {
            throw MergeError.shot(shot.name, error)
        }
    }

    /// The shot's card warped into the reference frame through `refinement`, in the output's space.
    func rectify(_ shot: LocatedShot, in frame: ReferenceFrame, refinement: Homography,
                 timings: inout StageTimings) throws -> PixelBuffer {
        let image = try timings.measure("warp") {
            try PrintRectifier(options: options).warp(shot.print.card, size: frame.size, from: shot.decoded, refinement: refinement)
        }
        if !shot.converter.isIdentity { timings.measure("icc") { shot.converter.convert(image) } }
        return image
    }

    /// The shot rectified into the frame, its glare mapped.
    func prepare(_ shot: LocatedShot, in frame: ReferenceFrame, timings: inout StageTimings) throws -> PreparedShot {
        do {
            let image = try rectify(shot, in: frame, refinement: .identity, timings: &timings)
            let glare = timings.measure("glare") { GlareDetector(profile: options.outputProfile).map(card: image, format: frame.format) }
            return PreparedShot(located: shot, image: image, glare: glare)
        } catch {
            throw MergeError.shot(shot.name, error)
        }
    }

    /// The shot most others pass ``SamePrintCheck`` against (compared pairwise as rectified in
    /// `frame`, by their corners), the largest view among those tied: with three shots or more,
    /// one of another print is then the odd one out even when it sees its print largest.
    func majorityReference(_ prepared: [PreparedShot], located: [LocatedShot], in frame: ReferenceFrame,
                           timings: inout StageTimings) -> Int {
        guard prepared.count >= 3 else { return frame.reference }
        let reach = 0.03
        let (lumas, trusts) = timings.measure("align") {
            (prepared.map { FloatPlane.luma(of: $0.image) }, prepared.map { $0.glare.dilated(reach: reach) })
        }
        var votes = [Int](repeating: 0, count: prepared.count)
        timings.measure("align") {
            for i in prepared.indices {
                for j in prepared.indices where j > i {
                    let verdict = SamePrintCheck().compare(reference: lumas[i], moving: lumas[j], map: .identity,
                                                           window: frame.format?.normalizedWindow,
                                                           referenceWeight: { 1 - trusts[i].value(u: $0, v: $1) },
                                                           movingWeight: { 1 - trusts[j].value(u: $0, v: $1) })
                    if verdict.isSamePrint {
                        votes[i] += 1
                        votes[j] += 1
                    }
                }
            }
        }
        let most = votes.max() ?? 0
        return ReferenceFrame.largest(located, among: prepared.indices.filter { votes[$0] == most })
    }

    /// Registers every shot against the reference, glare of either weighted out.
    func align(_ prepared: [PreparedShot], in frame: ReferenceFrame, timings: inout StageTimings) -> [ShotAlignment] {
        let aligner = ShotAligner()
        let size = frame.size
        let referenceLuma = timings.measure("align") { FloatPlane.luma(of: prepared[frame.reference].image) }
        // Registration trusts nothing near glare: a blob's faint rim, under the map's threshold,
        // pulled the fit by half a pixel on the test shots (0.03 of the long side covers it).
        let registrationReach = 0.03
        let referenceTrust = prepared[frame.reference].glare.dilated(reach: registrationReach)
        return prepared.indices.map { index in
            let shot = prepared[index]
            return timings.measure("align") { () -> ShotAlignment in
                let luma = index == frame.reference ? referenceLuma : FloatPlane.luma(of: shot.image)
                if index == frame.reference {
                    let weights = ShotAligner.weightPlane(width: size.width, height: size.height, margin: aligner.edgeMargin) {
                        1 - shot.glare.value(u: $0, v: $1)
                    }
                    return ShotAlignment(referenceToShot: .identity, correlation: 1, sharpness: ShotAligner.sharpness(luma, weights))
                }
                let shotTrust = shot.glare.dilated(reach: registrationReach)
                let referenceWeight: (Double, Double) -> Float = { 1 - referenceTrust.value(u: $0, v: $1) }
                let movingWeight: (Double, Double) -> Float = { 1 - shotTrust.value(u: $0, v: $1) }
                var alignment: ShotAlignment
                if registers {
                    alignment = aligner.align(reference: referenceLuma, moving: luma,
                                              referenceWeight: referenceWeight, movingWeight: movingWeight)
                } else {
                    let weights = ShotAligner.weightPlane(width: size.width, height: size.height, margin: aligner.edgeMargin) {
                        1 - shot.glare.value(u: $0, v: $1)
                    }
                    alignment = ShotAlignment(referenceToShot: .identity, correlation: 1, sharpness: ShotAligner.sharpness(luma, weights))
                }
                let check = SamePrintCheck()
                alignment.samePrint = check.compare(reference: referenceLuma, moving: luma, map: alignment.referenceToShot,
                                                    window: frame.format?.normalizedWindow,
                                                    referenceWeight: referenceWeight, movingWeight: movingWeight)
                // Registration never makes a shot worse than its corners: on a fine texture under
                // soft glare it can run off (104 px on a grass picture), and the corners alone
                // then line the pictures up better.
                if registers {
                    let unrefined = check.compare(reference: referenceLuma, moving: luma, map: .identity,
                                                  window: frame.format?.normalizedWindow,
                                                  referenceWeight: referenceWeight, movingWeight: movingWeight)
                    if unrefined.edges > alignment.samePrint.edges + 0.1 {
                        let weights = ShotAligner.weightPlane(width: size.width, height: size.height, margin: aligner.edgeMargin,
                                                              weight: referenceWeight)
                        alignment.referenceToShot = .identity
                        alignment.correlation = aligner.correlation(referenceLuma, luma, weights, .identity, movingWeight: movingWeight)
                        alignment.samePrint = unrefined
                    }
                }
                return alignment
            }
        }
    }

    /// Re-warps the shots that line up through their refined maps, reads their glare through the
    /// same maps, matches their exposure to the reference's and fuses them.
    func fuse(_ prepared: [PreparedShot], alignments: [ShotAlignment], in frame: ReferenceFrame,
              timings: inout StageTimings, warnings: inout [String]) throws -> FusedCard {
        let size = frame.size
        let gridWidth = prepared[frame.reference].glare.width, gridHeight = prepared[frame.reference].glare.height
        var inputs: [ShotFusion.Input] = []
        var used: [Int] = []
        // Each shot left out, named with the reason: said as a warning when the rest merge, in
        // the error when too few are left.
        var leftOut: [String] = []
        let bestSharpness = alignments.map(\.sharpness).max() ?? 1
        for (index, shot) in prepared.enumerated() {
            let alignment = alignments[index]
            let referenceName = prepared[frame.reference].located.name
            if let reason = alignment.samePrint.reason {
                leftOut.append("\(shot.located.name): not the same print as \(referenceName): \(reason)")
                continue
            }
            let image = index == frame.reference ? shot.image
                : try rectify(shot.located, in: frame, refinement: alignment.referenceToShot, timings: &timings)
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
        guard inputs.count >= 2 else { throw MergeError.shotsLeftOut(leftOut) }
        warnings += leftOut.map { "\($0); left out" }
        let referenceInput = used.firstIndex(of: frame.reference) ?? 0
        timings.measure("fuse") {
            for k in inputs.indices where k != referenceInput {
                inputs[k].gains = Self.exposureGains(inputs[k], against: inputs[referenceInput])
            }
        }
        let (image, contributions) = try timings.measure("fuse") { try ShotFusion.fuse(inputs) }
        return FusedCard(image: image, used: used, contributions: contributions)
    }
}
