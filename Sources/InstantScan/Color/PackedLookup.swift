/// The table-lookup kernel behind ``StretchTables/apply(to:)``: all of its pointer work lives here.
///
/// The three tables are widened to 32-bit words already shifted into their byte of an RGBA pixel,
/// so a pixel costs one load, three table loads, three ORs and one store. The 3 KB of tables stay
/// in L1. Integer work only: integer↔float SIMD conversions are out-of-line calls in Swift 6.3.
struct PackedLookup: ~Copyable {
    /// Red words, then green, then blue: 256 each.
    private let words: UnsafeMutablePointer<UInt32>

    init(_ tables: StretchTables) {
        words = .allocate(capacity: 3 * 256)
        for v in 0..<256 {
            // Pixels are loaded as little-endian words: red is the low byte, alpha the high one.
            words[v] = UInt32(tables.red[v])
            words[256 + v] = UInt32(tables.green[v]) << 8
            words[512 + v] = UInt32(tables.blue[v]) << 16
        }
    }

    deinit {
        words.deallocate()
    }

    func apply(to buffer: PixelBuffer) {
        let bands = ColorRowBands.bands(height: buffer.height, width: buffer.width)
        let words = UnsafePointer(self.words)
        ColorRowBands.run(bands) { _, rows in
            for y in rows {
                PackedLookup.mapRow(UnsafeMutableRawPointer(buffer.rowPointer(y)), pixels: buffer.width, words)
            }
        }
    }

    @inline(__always)
    private static func mapRow(_ row: UnsafeMutableRawPointer, pixels count: Int, _ words: UnsafePointer<UInt32>) {
        let red = words, green = words + 256, blue = words + 512
        var i = 0
        while i < count {
            let p = row + i &* 4
            let v = UInt32(littleEndian: p.load(as: UInt32.self))
            let mapped = (v & 0xFF00_0000)
                | red[Int(v & 0xFF)]
                | green[Int((v >> 8) & 0xFF)]
                | blue[Int((v >> 16) & 0xFF)]
            p.storeBytes(of: mapped.littleEndian, as: UInt32.self)
            i &+= 1
        }
    }
}
