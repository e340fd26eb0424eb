/// A shot whose print is found, before any pixel work.
struct LocatedShot {
    /// How messages name the shot.
    var name: String
    /// The photo, decoded in full.
    var decoded: DecodedImage
    /// The print merged (the largest when the shot shows several).
    var print: DetectedPrint
    /// The conversion from the photo's colour space into the output's.
    var converter: ColorConverter
}

/// A shot rectified into the reference frame, with its glare.
struct PreparedShot {
    var located: LocatedShot
    /// The card in the reference frame, in the output's colour space.
    var image: PixelBuffer
    /// Where glare blows it out.
    var glare: GlareMap
}

/// The frame every shot is rectified into: the reference shot's card at its native resolution.
struct ReferenceFrame {
    /// The index of the reference shot: the one most others agree is the same print, of those the
    /// one that sees the print largest (most pixels, usually the sharpest).
    var reference: Int
    /// The card's size in the frame.
    var size: PixelSize
    /// The format the merge uses: the caller's, else the reference's.
    var format: PrintFormat?

    /// The frame of shot `reference`, by default the one that sees the print largest.
    init(_ located: [LocatedShot], format: PrintFormat?, reference: Int? = nil) {
        let natives = Self.nativeSizes(located)
        self.reference = reference ?? Self.largest(located)
        size = PixelSize(width: max(2, Int(natives[self.reference].width.rounded())),
                         height: max(2, Int(natives[self.reference].height.rounded())))
        self.format = format ?? located[self.reference].print.format
    }

    /// Each shot's card at its native resolution.
    static func nativeSizes(_ located: [LocatedShot]) -> [(width: Double, height: Double)] {
        located.map {
            PrintRectifier.nativeSize(quad: $0.print.card, aspect: PrintRectifier.cardAspect(of: $0.print, photo: $0.decoded.uprightSize))
        }
    }

    /// The shot that sees the print largest; of those in `among` when given.
    static func largest(_ located: [LocatedShot], among: [Int]? = nil) -> Int {
        let natives = nativeSizes(located)
        return (among ?? Array(located.indices)).max { natives[$0].width * natives[$0].height < natives[$1].width * natives[$1].height }!
    }
}

/// The shots fused into one card.
struct FusedCard {
    /// The fused card, before colour correction.
    var image: PixelBuffer
    /// The indices of the shots that went in (those that lined up).
    var used: [Int]
    /// Each used shot's share of the total weight, in the order of ``used``.
    var contributions: [Double]
}
