@testable import InstantScan

/// A packed copy of an RGBA8 buffer for quick reads in tests (the buffer's subscript makes an
/// array per pixel).
struct PixelBufferReader {
    let width: Int, height: Int
    let bytes: [UInt8]

    init(_ buffer: PixelBuffer) {
        width = buffer.width
        height = buffer.height
        bytes = buffer.packedBytes()
    }

    /// Channel `c` of pixel (x, y).
    func value(_ x: Int, _ y: Int, _ c: Int) -> UInt8 { bytes[(y * width + x) * 4 + c] }

    /// The mean R, G, B over a region.
    func mean(x: Range<Int>, y: Range<Int>) -> [Double] {
        var sum = [0.0, 0.0, 0.0]
        for yy in y {
            for xx in x {
                let i = (yy * width + xx) * 4
                sum[0] += Double(bytes[i]); sum[1] += Double(bytes[i + 1]); sum[2] += Double(bytes[i + 2])
            }
        }
        let n = Double(x.count * y.count)
        return sum.map { $0 / n }
    }

    /// The per-channel median over a region.
    func median(x: Range<Int>, y: Range<Int>) -> [Double] {
        (0..<3).map { c in
            var values: [UInt8] = []
            for yy in y { for xx in x { values.append(value(xx, yy, c)) } }
            values.sort()
            return Double(values[values.count / 2])
        }
    }
}
