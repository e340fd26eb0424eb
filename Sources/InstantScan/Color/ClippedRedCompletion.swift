#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The red of a white frame that the photo clipped almost everywhere, completed from the
/// Planckian locus and checked against the picture's greys.
///
/// With red clipped, the frame gives the light's green and blue only, and the locus gives the red
/// that goes with them. The locus is the reddest a usual light can be at that blue: incandescent
/// lamps sit on it, but fluorescent tubes and LEDs sit on its green side, with less red. The
/// picture still holds red where it is not clipped: among its samples whose blue-to-green ratio
/// is the light's (greys, and colours off to either side of red), the median red-to-green is
/// the light's when the greys dominate, and it is only heard when they do (``greyShare``). That
/// witness only ever takes red *down*, by at most ``largestShift`` and with half its word
/// (``pictureWeight``): a picture of a red door is not a pink lamp, and a green one pulls red
/// down by no more than a green tube does.
struct ClippedRedCompletion {
    /// Samples count as having the light's blue-to-green ratio within this (log units, 5 %).
    static let band = 0.05
    /// Fewer such samples than this say nothing.
    static let minimumSamples = 60
    /// Samples darker than this (linear, code ≈ 16) carry no usable ratio.
    static let floor = 0.005
    /// The most the picture may take red down (log units, about 14 %): a green tube's distance
    /// from the locus.
    static let largestShift = 0.15
    /// How much of the picture's word is taken.
    static let pictureWeight = 0.5

    /// The light's log red-to-green as the picture's samples with the light's log blue-to-green
    /// `blueGreen` show it; nil when too few samples have it.
    static func pictureRedGreen(_ picture: PictureSamples, blueGreen: Double) -> Double? {
        var ratios: [Double] = []
        for i in 0..<picture.count {
            let r = picture.linear[0][i], g = picture.linear[1][i], b = picture.linear[2][i]
            guard min(r, g, b) >= floor else { continue }
            let gLog = log(g)
            if abs(log(b) - gLog - blueGreen) < band { ratios.append(log(r) - gLog) }
        }
        guard ratios.count >= minimumSamples, concentration(ratios) >= greyShare else { return nil }
        return FrameLightFit.median(ratios)
    }

    /// A picture's greys share one red-to-green ratio whatever their lightness, so they pile up
    /// in one narrow peak; below this share of the samples in the peak, the picture has too few
    /// greys to speak (a smooth wash of colours, a sunset) and its median is just its content.
    static let greyShare = 0.2
    /// The peak's width (log units).
    static let peakWidth = 0.06

    /// The largest share of `ratios` within any window ``peakWidth`` wide.
    static func concentration(_ ratios: [Double]) -> Double {
        let sorted = ratios.sorted()
        var best = 0, low = 0
        for high in sorted.indices {
            while sorted[high] - sorted[low] > peakWidth { low += 1 }
            best = max(best, high - low + 1)
        }
        return Double(best) / Double(max(sorted.count, 1))
    }

    /// How much to lower the locus-completed red of `levels` (log levels R, G, B of the light,
    /// R from the locus): 0 or negative, in log units.
    static func shift(levels: [Double], picture: PictureSamples) -> Double {
        let onLocus = levels[0] - levels[1]
        guard let seen = pictureRedGreen(picture, blueGreen: levels[2] - levels[1]) else { return 0 }
        return pictureWeight * min(max(seen - onLocus, -largestShift), 0)
    }
}
