@testable import InstantScan

/// Test images for the colour suites.
enum ColorTestImages {
    /// Uniformly random RGBA bytes.
    static func random(width: Int, height: Int, seed: UInt64) throws -> PixelBuffer {
        var random = SeededGenerator(seed: seed)
        let bytes = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &random) }
        return try PixelBuffer(width: width, height: height, packed: bytes)
    }

    /// Random pixels whose channels sit in narrow, different ranges (a dull, tinted photo), so that
    /// a stretch has real work to do and the percent rule decides the result.
    static func tinted(width: Int, height: Int, seed: UInt64) throws -> PixelBuffer {
        var random = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            bytes.append(UInt8.random(in: 40...180, using: &random))
            bytes.append(UInt8.random(in: 70...140, using: &random))
            // A skewed blue: most pixels dark, a few bright outliers in the top tail.
            let blue = UInt8.random(in: 0...99, using: &random) < 97
                ? UInt8.random(in: 20...90, using: &random) : UInt8.random(in: 200...255, using: &random)
            bytes.append(blue)
            bytes.append(UInt8.random(in: 0...255, using: &random))
        }
        return try PixelBuffer(width: width, height: height, packed: bytes)
    }

    /// An image in which every pixel has the given channel values (alpha varies).
    static func pixels(_ values: [(UInt8, UInt8, UInt8)], width: Int) throws -> PixelBuffer {
        precondition(values.count % width == 0)
        var bytes: [UInt8] = []
        for (index, value) in values.enumerated() {
            bytes += [value.0, value.1, value.2, UInt8(truncatingIfNeeded: index * 37)]
        }
        return try PixelBuffer(width: width, height: values.count / width, packed: bytes)
    }

    /// A copy of a buffer.
    static func copy(_ buffer: PixelBuffer) throws -> PixelBuffer {
        try PixelBuffer(width: buffer.width, height: buffer.height, format: buffer.format, packed: buffer.packedBytes())
    }
}
