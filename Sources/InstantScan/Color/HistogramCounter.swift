/// The counting kernel behind ``ChannelHistogram``: all of its pointer work lives here.
enum HistogramCounter {
    /// Bins per channel.
    private static let bins = 256
    /// Counters for one lane: red, green and blue bins one after the other.
    private static let laneStride = 3 * bins
    /// Interleaved sub-histograms per channel.
    private static let lanes = 4
    /// Pixels a band counts into its 32-bit lane counters before folding them into `Int` totals,
    /// far below the point where a counter could wrap.
    private static let flushInterval = 1 << 30

    /// Counts the region into 768 totals: red bins, then green, then blue.
    static func count(_ buffer: PixelBuffer, x: Range<Int>, y: Range<Int>) -> [Int] {
        var totals = [Int](repeating: 0, count: laneStride)
        guard !x.isEmpty, !y.isEmpty else { return totals }
        let bands = RowBands.bands(height: y.count, width: x.count)
        let perBand = UnsafeMutablePointer<Int>.allocate(capacity: bands.count * laneStride)
        perBand.initialize(repeating: 0, count: bands.count * laneStride)
        defer { perBand.deallocate() }

        RowBands.run(bands) { index, rows in
            let shifted = (rows.lowerBound + y.lowerBound)..<(rows.upperBound + y.lowerBound)
            countBand(buffer, x: x, rows: shifted, into: perBand + index * laneStride)
        }
        for band in 0..<bands.count {
            let source = perBand + band * laneStride
            for i in 0..<laneStride { totals[i] += source[i] }
        }
        return totals
    }

    private static func countBand(_ buffer: PixelBuffer, x: Range<Int>, rows: Range<Int>,
                                  into totals: UnsafeMutablePointer<Int>) {
        let counters = UnsafeMutablePointer<UInt32>.allocate(capacity: lanes * laneStride)
        counters.initialize(repeating: 0, count: lanes * laneStride)
        defer { counters.deallocate() }

        var sinceFlush = 0
        for row in rows {
            let start = UnsafeRawPointer(buffer.rowPointer(row)) + x.lowerBound * 4
            countRow(start, pixels: x.count, counters)
            sinceFlush += x.count
            if sinceFlush >= flushInterval {
                fold(counters, into: totals)
                sinceFlush = 0
            }
        }
        fold(counters, into: totals)
    }

    /// Adds the four lanes into the totals and clears them.
    private static func fold(_ counters: UnsafeMutablePointer<UInt32>, into totals: UnsafeMutablePointer<Int>) {
        for lane in 0..<lanes {
            let source = counters + lane * laneStride
            for i in 0..<laneStride {
                totals[i] += Int(source[i])
                source[i] = 0
            }
        }
    }

    /// Counts one row; pixel `i` goes to lane `i % 4`. The pixel pointer is 4-byte aligned.
    @inline(__always)
    private static func countRow(_ pixels: UnsafeRawPointer, pixels count: Int,
                                 _ h: UnsafeMutablePointer<UInt32>) {
        let h0 = h, h1 = h + laneStride, h2 = h + 2 * laneStride, h3 = h + 3 * laneStride
        var i = 0
        while i &+ 4 <= count {
            let p = pixels + i &* 4
            let a = UInt32(littleEndian: p.load(as: UInt32.self))
            let b = UInt32(littleEndian: p.load(fromByteOffset: 4, as: UInt32.self))
            let c = UInt32(littleEndian: p.load(fromByteOffset: 8, as: UInt32.self))
            let d = UInt32(littleEndian: p.load(fromByteOffset: 12, as: UInt32.self))
            h0[Int(a & 0xFF)] &+= 1
            h1[Int(b & 0xFF)] &+= 1
            h2[Int(c & 0xFF)] &+= 1
            h3[Int(d & 0xFF)] &+= 1
            h0[256 &+ Int((a >> 8) & 0xFF)] &+= 1
            h1[256 &+ Int((b >> 8) & 0xFF)] &+= 1
            h2[256 &+ Int((c >> 8) & 0xFF)] &+= 1
            h3[256 &+ Int((d >> 8) & 0xFF)] &+= 1
            h0[512 &+ Int((a >> 16) & 0xFF)] &+= 1
            h1[512 &+ Int((b >> 16) & 0xFF)] &+= 1
            h2[512 &+ Int((c >> 16) & 0xFF)] &+= 1
            h3[512 &+ Int((d >> 16) & 0xFF)] &+= 1
            i &+= 4
        }
        while i < count {
            let a = UInt32(littleEndian: (pixels + i &* 4).load(as: UInt32.self))
            h0[Int(a & 0xFF)] &+= 1
            h0[256 &+ Int((a >> 8) & 0xFF)] &+= 1
            h0[512 &+ Int((a >> 16) & 0xFF)] &+= 1
            i &+= 1
        }
    }
}
