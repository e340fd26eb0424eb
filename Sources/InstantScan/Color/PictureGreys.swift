#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The picture's samples as colours (log R/G, log B/G), for counting how many of them a light
/// would make grey.
///
/// Pictures hold a few surfaces that are grey or white (concrete, a shirt, clouds, a painted
/// wall). Under the right light they all land on neutral together, so the share of the picture
/// that a light makes grey peaks at the light ("grey pixels"). Unlike a mean (shades of gray,
/// gray edge), that share does not move with the picture's dominant colour: a picture of wood or
/// skin does not pull it, it only lacks a peak.
struct PictureGreys {
    /// log(R/G) and log(B/G) of the samples bright enough for a colour to be read.
    var rg: [Double] = []
    var bg: [Double] = []

    /// Below this linear level (code ≈ 40) a sample's ratios are JPEG noise.
    static let darkLevel = 0.02
    /// How near a light's colour a sample must be to count as grey under it (log-ratio units,
    /// about 5 %; C*ab about 3 for a mid grey).
    static let tolerance = 0.05

    init(picture: PictureSamples) {
        rg.reserveCapacity(picture.count)
        bg.reserveCapacity(picture.count)
        for i in 0..<picture.count {
            let r = picture.linear[0][i], g = picture.linear[1][i], b = picture.linear[2][i]
            guard min(r, g, b) >= PictureGreys.darkLevel else { continue }
            rg.append(log(r / g))
            bg.append(log(b / g))
        }
    }

    /// How many samples were read.
    var count: Int { rg.count }

    /// The share of the samples that `light` makes grey (within ``tolerance``).
    func share(greyUnder light: LightChroma) -> Double {
        guard count > 0 else { return 0 }
        let limit = PictureGreys.tolerance * PictureGreys.tolerance
        var grey = 0
        for i in 0..<count {
            let dr = rg[i] - light.rg, db = bg[i] - light.bg
            if dr * dr + db * db <= limit { grey += 1 }
        }
        return Double(grey) / Double(count)
    }
}
