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
    /// The index of the shot that sees the print largest (most pixels, usually the sharpest).
    var reference: Int
    /// The card's size in the frame.
    var size: PixelSize
    /// The format the merge uses: the caller's, else the reference's.
    var format: PrintFormat?

    init(_ located: [LocatedShot], format: PrintFormat?) {
        let natives = located.map {
            PrintRectifier.nativeSize(quad: $0.print.card,
                                      aspect: PrintRectifier.cardAspect(of: $0.print, photo: $0.decoded.uprightSize))
        }
        reference = natives.indices.max { natives[$0].width * natives[$0].height < natives[$1].width * natives[$1].height }!
        size = PixelSize(width: max(2, Int(natives[reference].width.rounded())),
                         height: max(2, Int(natives[reference].height.rounded())))
        self.format = format ?? located[reference].print.format
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
