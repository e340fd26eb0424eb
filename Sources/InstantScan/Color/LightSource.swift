/// What a ``LightEstimate`` was measured from.
public enum LightSource: String, Sendable, Equatable, Codable, CaseIterable {
    /// The print's white frame: colour, falloff and exposure.
    case frame
    /// A frame yellowed with age: the light is the frame's colour less the ageing the picture
    /// and the surroundings show (pulled towards a typical ageing), with the frame's falloff;
    /// the exposure maps the frame's red, which ageing barely touches, to aged paper's. The
    /// frame keeps its yellow in the scan.
    case agedFrame
    /// A dark (black-edition) frame: colour and falloff; its lightness is only roughly known, so
    /// the exposure meets the photo's half-way.
    case darkFrame
    /// The picture and the surface around the card (colour-constancy cues pooled in linear
    /// light; the band just around the card and the gray edge of the whole photo outside the
    /// prints), with the frame's falloff when its colour is the same all round: a frame that is
    /// not a white reference (coloured, patterned, or yellowed beyond what can be told).
    case surroundings
    /// The white frames of the other prints in the same photo, read as ``frame``: the light's
    /// colour for a print whose own frame is not a white reference, when they agree with each
    /// other or with this print's own cues (one lamp over one table); its exposure stays its own.
    case otherPrints
    /// Statistics of the picture (colour-constancy cues in linear light): no format known,
    /// gray-world mode, or a frame that is not a white reference when the photo shows nothing
    /// around the card (or nothing there agreed with the picture).
    case picture
    /// Nothing: white balance is off.
    case none
}
