/// The glare detector's working grid summed from row bands of a card that never exists whole:
/// the same block sums as ``GlareDetector/downsampled(_:)`` (whole numbers, so the order they are
/// added in does not matter), gathered band by band, from several bands at once.
///
/// Each band adds into its own ``Part``; ``image(parts:)`` adds the parts and scales each block
/// as the whole-card path does, so the map is the same.
struct GlareBlockSums {
    /// One band's share of the sums: red, green and blue per block of the block rows its rows
    /// reach, row-major from block row `firstBlockRow`.
    struct Part {
        var firstBlockRow: Int
        var sums: [UInt32]
    }

    let k: Int, w: Int, h: Int

    init(detector: GlareDetector, cardSize: PixelSize) {
        (k, w, h) = detector.blocks(of: cardSize)
    }

    /// An empty part for a band of card rows `rows`.
    func part(rows: Range<Int>) -> Part {
        let first = min(rows.lowerBound / k, h), end = min(h, (rows.upperBound + k - 1) / k)
        return Part(firstBlockRow: first, sums: [UInt32](repeating: 0, count: 3 * w * max(0, end - first)))
    }

    /// Blocks at most this wide are summed in 16-bit lanes (`k · 255` fits 16 bits).
    static let packedBlockWidth = 257

    /// Adds `rows` of the card (RGBA8, held in `band` from its first row `firstRow`) to `part`.
    ///
    /// A block's `k` pixels of a row are summed two at a time as 64-bit words, each channel in
    /// 16-bit lanes of two sums (red and blue, green and alpha; no carry crosses them while
    /// `k ≤` ``packedBlockWidth``), and added to the block once (a pixel at a time cost a division
    /// and three sums a pixel).
    func add(_ band: PixelBuffer, firstRow: Int, rows: Range<Int>, to part: inout Part) {
        guard k <= Self.packedBlockWidth else { return addPixelByPixel(band, firstRow: firstRow, rows: rows, to: &part) }
        let first = part.firstBlockRow
        part.sums.withUnsafeMutableBufferPointer { sums in
            for y in rows where y / k < h {
                let line = UnsafeRawPointer(band.rowPointer(y - firstRow))
                let base = (y / k - first) * w * 3
                let pairs = k / 2, odd = k % 2 == 1
                var p = line
                for block in 0..<w {
                    // Two pixels a 64-bit word: four 16-bit halves of red, blue (and green, alpha).
                    var redBlue: UInt64 = 0, greenAlpha: UInt64 = 0
                    for _ in 0..<pairs {
                        let v = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
                        redBlue &+= v & 0x00FF_00FF_00FF_00FF
                        greenAlpha &+= (v >> 8) & 0x00FF_00FF_00FF_00FF
                        p += 8
                    }
                    if odd {
                        let v = UInt64(UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)))
                        redBlue &+= v & 0x00FF_00FF
                        greenAlpha &+= (v >> 8) & 0x00FF_00FF
                        p += 4
                    }
                    let o = base + block * 3
                    sums[o] &+= UInt32(truncatingIfNeeded: (redBlue & 0xFFFF) + ((redBlue >> 32) & 0xFFFF))
                    sums[o + 1] &+= UInt32(truncatingIfNeeded: (greenAlpha & 0xFFFF) + ((greenAlpha >> 32) & 0xFFFF))
                    sums[o + 2] &+= UInt32(truncatingIfNeeded: ((redBlue >> 16) & 0xFFFF) + (redBlue >> 48))
                }
            }
        }
    }

    /// ``add(_:firstRow:rows:to:)`` a channel and a pixel at a time, for blocks too wide to pack.
    func addPixelByPixel(_ band: PixelBuffer, firstRow: Int, rows: Range<Int>, to part: inout Part) {
        let columns = w * k, first = part.firstBlockRow
        part.sums.withUnsafeMutableBufferPointer { sums in
            for y in rows where y / k < h {
                let line = band.rowPointer(y - firstRow)
                let base = (y / k - first) * w * 3
                for x in 0..<columns {
                    let p = line + 4 * x, o = base + (x / k) * 3
                    sums[o] &+= UInt32(p[0]); sums[o + 1] &+= UInt32(p[1]); sums[o + 2] &+= UInt32(p[2])
                }
            }
        }
    }

    /// The working grid from every band's part: each block's mean, as ``GlareDetector/downsampled(_:)`` rounds it.
    func image(parts: [Part]) throws -> PixelBuffer {
        let norm = 1 / Float(k * k)
        var sums = [UInt32](repeating: 0, count: 3 * w * h)
        sums.withUnsafeMutableBufferPointer { sums in
            for part in parts {
                let offset = 3 * w * part.firstBlockRow
                part.sums.withUnsafeBufferPointer { add in
                    for i in add.indices { sums[offset + i] &+= add[i] }
                }
            }
        }
        var out = [UInt8](repeating: 255, count: w * h * 4)
        out.withUnsafeMutableBufferPointer { out in
            sums.withUnsafeBufferPointer { sums in
                for block in 0..<(w * h) {
                    for c in 0..<3 { out[4 * block + c] = BlockMeanCode.code(Float(sums[3 * block + c]) * norm) }
                }
            }
        }
        return try PixelBuffer(width: w, height: h, packed: out)
    }
}
