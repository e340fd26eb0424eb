#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sides of a band under a glare streak that runs their whole length.
///
/// A clear album sleeve (or a glossy print's surface) reflects the lamp or window as a streak of
/// light, often a long one lying along a side of a print. The reflection adds light to whatever lies
/// under it: in linear light the side's colour is the border's own plus an even veil of the light's
/// colour, whatever that colour is. The side's median then sits far off the others, brighter and paler
/// (a green border reads grey-green), and where the streak covers the whole side no darker part of
/// it shows the border's own colour (``BorderAppearance``'s `unglared` needs one).
///
/// So a side whose linear colour is another side's plus light of every channel in nearly the same
/// measure agrees with the border, provided the surface just beyond that side is brightened too, by
/// light of the same colour: the sleeve's streak lies over the border and the pocket beside it alike.
/// A side of another colour (a picture's region, a strip of a different surface) adds a hue of its
/// own, not an even veil, or leaves the surface beyond it as dark as elsewhere. Only a card whose sides
/// were measured as lines is read so (see ``score(card:window:measuredCard:)``).
extension BorderAppearance {
    /// The least share of the veil's strongest channel that its weakest must reach: a veil is the
    /// light's colour, near the scene's white (a warm or cool cast bends it, not by a factor of three).
    static let veilEvenness: Float = 0.35
    /// The least veil, in linear light (0...1), worth reading as one: below it the side agrees anyway.
    static let veilLeast: Float = 0.06
    /// How much of the band's veil the surface just beyond must show, at the least: the streak fades
    /// from its middle, and the strip beyond is a little farther from the side's middle line.
    static let veilBeyondShare: Float = 0.25
    /// The most the band's veil and the light added beyond the card may differ in colour (shares of
    /// their channels' sum): one lamp's reflection lies over both. A pale picture region or another
    /// card's colour taken for a veil adds a hue of its own (a warm-lit white wall read as a veiled
    /// green border differs by about 0.13; the streaks over album prints by 0.03 or less).
    static let veilLightDifference: Float = 0.06

    /// How many sides agree with the border once a veil of glare over a whole side is taken off.
    ///
    /// - Parameters:
    ///   - sides: each side's typical band colour (nil: not seen).
    ///   - outside: the surface's colour just beyond each card side (nil: not seen).
    /// - Returns: the sides agreeing as they are and the one agreeing under a veil, when all but one
    ///   agree as they are and that one does under a veil (a streak lies along one side: with two sides
    ///   of one colour and two of another, which is the border's own is not known); otherwise 0.
    func agreeingUnderVeil(_ sides: [Color?], outside: [Color?]) -> Int {
        // The sides that agree among themselves, as many as agree with any one of them: the border's
        // own colour. (Not the median of all four, which a veiled side and a caption pull between.)
        var agreeing: [Int] = []
        for r in sides.indices {
            guard let reference = sides[r] else { continue }
            let with = sides.indices.filter { i in sides[i].map { agrees($0, with: reference) } ?? false }
            if with.count > agreeing.count { agreeing = with }
        }
        guard agreeing.count >= 3, agreeing.count < sides.count(where: { $0 != nil }),
              let own = median(agreeing.compactMap { sides[$0] }) else { return 0 }
        // The brightest the surface is beyond the agreeing sides: the streak must brighten it beyond that.
        let beyond = agreeing.compactMap { outside[$0] }.max { Self.luminance($0) < Self.luminance($1) }
        var veiled = 0
        for i in sides.indices where !agreeing.contains(i) {
            guard let c = sides[i], let veil = Self.veil(over: own, giving: c) else { continue }
            guard let out = outside[i], let plain = beyond, let added = Self.veil(over: plain, giving: out),
                  added.strength >= Self.veilBeyondShare * veil.strength,
                  Self.shareDifference(veil.added, added.added) <= Self.veilLightDifference else { continue }
            veiled += 1
        }
        // Without a veiled side the reference's agreement says nothing the median's did not.
        return veiled > 0 ? agreeing.count + veiled : 0
    }

    /// A colour's brightness in linear light, the channels' mean.
    static func luminance(_ c: Color) -> Float { (linear(c.0) + linear(c.1) + linear(c.2)) / 3 }

    /// The even veil of light that turns `base` into `veiled`, if there is one: every channel brighter
    /// in linear light, the weakest by at least ``veilEvenness`` of the strongest, the strongest by at
    /// least ``veilLeast``. Its strength is the mean of the channels' additions; `added` the additions.
    static func veil(over base: Color, giving veiled: Color) -> (strength: Float, added: Color)? {
        let d = (linear(veiled.0) - linear(base.0), linear(veiled.1) - linear(base.1), linear(veiled.2) - linear(base.2))
        let most = max(d.0, d.1, d.2), least = min(d.0, d.1, d.2)
        guard most >= veilLeast, least > 0, least >= veilEvenness * most else { return nil }
        return ((d.0 + d.1 + d.2) / 3, d)
    }

    /// The largest difference between two added lights' shares of their channels' sum: how far apart
    /// their colours are, whatever their strengths.
    static func shareDifference(_ a: Color, _ b: Color) -> Float {
        let sa = max(a.0 + a.1 + a.2, 1e-6), sb = max(b.0 + b.1 + b.2, 1e-6)
        return max(abs(a.0 / sa - b.0 / sb), abs(a.1 / sa - b.1 / sb), abs(a.2 / sa - b.2 / sb))
    }

    /// A working-image code (0...255, sRGB-encoded) as linear light, 0...1.
    static func linear(_ code: Float) -> Float {
        let v = max(0, min(1, code / 255))
        return v <= 0.04045 ? v / 12.92 : Float(pow(Double((v + 0.055) / 1.055), 2.4))
    }
}
