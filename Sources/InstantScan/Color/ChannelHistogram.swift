/// Per-channel counts of the 256 values of red, green and blue in an RGBA8 image (alpha is ignored).
///
/// Counting uses four interleaved sub-histograms per channel: consecutive pixels increment
/// different counters, so a run of equal values (a flat sky, a white border) does not stall on
/// each increment waiting for the previous store to the same counter. Large images are counted in
/// parallel row bands.
package struct ChannelHistogram: Sendable, Equatable {
    /// How many pixels have each red value (256 entries).
    package let red: [Int]
    /// How many pixels have each green value (256 entries).
    package let green: [Int]
    /// How many pixels have each blue value (256 entries).
    package let blue: [Int]

    /// Pixels counted (the sum of any one channel's counts).
    package var pixelCount: Int { red.reduce(0, +) }

    /// The counts of one channel: 0 red, 1 green, 2 blue.
    package subscript(channel: Int) -> [Int] {
        switch channel {
        case 0: return red
        case 1: return green
        case 2: return blue
        default: preconditionFailure("channel \(channel) is not 0 (red), 1 (green) or 2 (blue)")
        }
    }

    /// Makes a histogram from counts, e.g. to combine or to test.
    ///
    /// - Precondition: each array has 256 non-negative entries and all three sum to the same total.
    package init(red: [Int], green: [Int], blue: [Int]) {
        precondition(red.count == 256 && green.count == 256 && blue.count == 256,
                     "a channel histogram has 256 bins")
        precondition(!(red + green + blue).contains { $0 < 0 }, "counts cannot be negative")
        let total = red.reduce(0, +)
        precondition(green.reduce(0, +) == total && blue.reduce(0, +) == total,
                     "every channel must count the same pixels")
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Counts every pixel of an RGBA8 buffer.
    package init(of buffer: PixelBuffer) {
        self.init(of: buffer, x: 0..<buffer.width, y: 0..<buffer.height)
    }

    /// Counts the pixels of an RGBA8 buffer inside columns `x` and rows `y` (an empty range counts
    /// nothing).
    ///
    /// - Precondition: the buffer is ``PixelFormat/rgba8`` and the ranges lie inside it.
    package init(of buffer: PixelBuffer, x: Range<Int>, y: Range<Int>) {
        precondition(buffer.format == .rgba8, "ChannelHistogram counts RGBA8 buffers")
        precondition(x.lowerBound >= 0 && x.upperBound <= buffer.width
                     && y.lowerBound >= 0 && y.upperBound <= buffer.height,
                     "region \(x) × \(y) lies outside the \(buffer.width)×\(buffer.height) image")
        let totals = HistogramCounter.count(buffer, x: x, y: y)
        red = Array(totals[0..<256])
        green = Array(totals[256..<512])
        blue = Array(totals[512..<768])
    }
}
