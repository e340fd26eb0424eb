#if canImport(Glibc)
import Glibc
#endif

/// An image the library owns: contiguous rows of 8-bit pixels with a stride.
///
/// Decoders write straight into a `PixelBuffer` and every stage hands the same buffer on, so pixels
/// are copied only where a stage must make a new image (a warp, a resize). It is a class so that
/// passing it along never copies pixels by accident; the memory is freed with the last reference.
///
/// It is `Sendable` because the only concurrent writers the library creates are its own parallel
/// row-band loops, and each of those writes a disjoint band of rows.
public final class PixelBuffer: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixel layout.
    public let format: PixelFormat
    /// Bytes from the start of one row to the start of the next (at least `width * bytesPerPixel`).
    public let bytesPerRow: Int

    private let storage: UnsafeMutableRawPointer
    private let byteCount: Int
    /// Whether `storage` is an anonymous mapping of its own (large buffers) rather than malloc's.
    private let isMapped: Bool

    /// Bytes allocated past the last row, so that a 4-byte load of the last 3-byte pixel stays
    /// inside the allocation.
    static let loadSlack = 8

    /// The pixel count past which buffers are refused unless the caller raises the limit.
    public static let defaultMaximumPixels = 100_000_000

    /// Makes a buffer with uninitialised contents (decoders and warps overwrite every byte).
    ///
    /// Rows are padded to 64 bytes so that each starts on a cache line.
    /// - Throws: ``ImageError/invalidDimensions(width:height:)`` for an empty or overflowing size,
    ///   ``ImageError/tooManyPixels(width:height:limit:)`` above `maximumPixels`.
    public convenience init(width: Int, height: Int, format: PixelFormat = .rgba8,
                            maximumPixels: Int = PixelBuffer.defaultMaximumPixels) throws {
        try self.init(width: width, height: height, format: format, maximumPixels: maximumPixels, sparse: false)
    }

    /// Makes a buffer of uninitialised contents whose pages exist only once written: always a
    /// mapping of its own, without transparent huge pages (which would commit 2 MiB around any
    /// row written). For an image of which only some rows are ever written and read (a streamed
    /// scan's card, sampled on a grid of rows before the scan is made band by band).
    convenience init(sparseWidth width: Int, height: Int, format: PixelFormat = .rgba8,
                     maximumPixels: Int = PixelBuffer.defaultMaximumPixels) throws {
        try self.init(width: width, height: height, format: format, maximumPixels: maximumPixels, sparse: true)
    }

    private init(width: Int, height: Int, format: PixelFormat, maximumPixels: Int, sparse: Bool) throws {
        try PixelBuffer.validate(width: width, height: height, maximumPixels: maximumPixels)
        let rowBytes = (width * format.bytesPerPixel + 63) & ~63
        self.width = width
        self.height = height
        self.format = format
        self.bytesPerRow = rowBytes
        self.byteCount = rowBytes * height
        // A few bytes of slack past the last row: kernels load a 3-byte pixel as one 4-byte word.
        if sparse || byteCount >= Self.mappingThreshold,
           let mapped = Self.map(byteCount + Self.loadSlack, hugePages: !sparse) {
            self.storage = mapped
            self.isMapped = true
        } else {
            self.storage = UnsafeMutableRawPointer.allocate(byteCount: byteCount + Self.loadSlack, alignment: 64)
            self.isMapped = false
        }
    }

    /// Buffers from this size up get a mapping of their own, returned to the system when freed.
    ///
    /// Through malloc, glibc raises its mmap threshold to the size of the first large block freed
    /// (up to 32 MiB), so every later photo-sized buffer comes from an arena's heap and stays in
    /// the process after it is freed: a batch worker then holds the largest buffers it ever had,
    /// in each arena. Mapped directly, a scan's memory goes back when it ends (measured on a
    /// 20-photo batch, two jobs: peak RSS in the benchmark's batch table).
    static let mappingThreshold = 4 << 20

    private static func map(_ length: Int, hugePages: Bool = true) -> UnsafeMutableRawPointer? {
        #if canImport(Glibc)
        guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              address != MAP_FAILED else { return nil }
        // Fresh pages fault in one at a time; where the kernel offers transparent huge pages on
        // request, 2 MiB at a time.
        if hugePages { _ = madvise(address, length, 14 /* MADV_HUGEPAGE */) }
        return address
        #else
        return nil
        #endif
    }

    /// Makes a buffer filled with one value per byte (e.g. 0 for black, 255 for white).
    public convenience init(width: Int, height: Int, format: PixelFormat = .rgba8, filledWith byte: UInt8,
                            maximumPixels: Int = PixelBuffer.defaultMaximumPixels) throws {
        try self.init(width: width, height: height, format: format, maximumPixels: maximumPixels)
        storage.initializeMemory(as: UInt8.self, repeating: byte, count: byteCount)
    }

    deinit {
        #if canImport(Glibc)
        if isMapped {
            munmap(storage, byteCount + Self.loadSlack)
            return
        }
        #endif
        storage.deallocate()
    }

    /// Checks a size before anything is allocated: the guard against absurd or hostile headers.
    public static func validate(width: Int, height: Int, maximumPixels: Int = defaultMaximumPixels) throws {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20 else {
            throw ImageError.invalidDimensions(width: width, height: height)
        }
        guard width * height <= maximumPixels else {
            throw ImageError.tooManyPixels(width: width, height: height, limit: maximumPixels)
        }
    }

    /// The size as a ``PixelSize``.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Reads the whole buffer, rows `bytesPerRow` apart.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage, count: byteCount))
    }

    /// Writes the whole buffer, rows `bytesPerRow` apart.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(start: storage, count: byteCount))
    }

    /// The first byte of row `y`, for the library's row loops.
    @inline(__always)
    func rowPointer(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        assert(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        return (storage + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
    }

    /// The base address, for C libraries that take a pointer and a stride.
    var baseAddress: UnsafeMutablePointer<UInt8> {
        storage.assumingMemoryBound(to: UInt8.self)
    }

    /// Reads one pixel's channels (1 or 4 values). Slow: for tests and tools, not loops.
    public subscript(x: Int, y: Int) -> [UInt8] {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the image")
            let p = rowPointer(y) + x * format.bytesPerPixel
            return (0..<format.bytesPerPixel).map { p[$0] }
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the image")
            precondition(newValue.count == format.bytesPerPixel, "a pixel has \(format.bytesPerPixel) channels")
            let p = rowPointer(y) + x * format.bytesPerPixel
            for i in 0..<newValue.count { p[i] = newValue[i] }
        }
    }

    /// Returns the memory of the rows outside `kept` to the system, for a photo of which only a
    /// band of rows is still to be read: the whole-page part of those rows is dropped
    /// (`madvise(MADV_DONTNEED)`) and reads as 0 afterwards; rows in `kept` are never touched.
    ///
    /// A print rarely fills the photo's height, and the photo and its warped print are the two
    /// large buffers alive together: dropping the rows above and below the print before the warp
    /// fills its output lowers a scan's peak memory by the share of the photo outside the print.
    /// Where `madvise` is not available this does nothing (the rows keep their pixels).
    func releaseRows(keeping kept: Range<Int>) {
        #if canImport(Glibc)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return }
        let first = min(max(kept.lowerBound, 0), height), last = min(max(kept.upperBound, first), height)
        let start = Int(bitPattern: storage)
        // Whole pages strictly inside [from, to) of the allocation: its other bytes stay as they are.
        func release(from: Int, to: Int) {
            let lo = (start + from + page - 1) / page * page, hi = (start + to) / page * page
            guard hi > lo, let address = UnsafeMutableRawPointer(bitPattern: lo) else { return }
            _ = madvise(address, hi - lo, Int32(MADV_DONTNEED))
        }
        release(from: 0, to: first * bytesPerRow)
        release(from: last * bytesPerRow, to: byteCount)
        #endif
    }

    /// The pixels packed without row padding, for tests and encoders that want tight rows.
    public func packedBytes() -> [UInt8] {
        let rowBytes = width * format.bytesPerPixel
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        out.withUnsafeMutableBytes { dst in
            for y in 0..<height {
                (dst.baseAddress! + y * rowBytes).copyMemory(from: rowPointer(y), byteCount: rowBytes)
            }
        }
        return out
    }

    /// Makes a buffer from tightly packed pixels (`width * bytesPerPixel` bytes a row).
    public convenience init(width: Int, height: Int, format: PixelFormat = .rgba8, packed: [UInt8]) throws {
        try self.init(width: width, height: height, format: format)
        let rowBytes = width * format.bytesPerPixel
        precondition(packed.count == rowBytes * height, "packed pixels do not fill \(width)×\(height)")
        packed.withUnsafeBytes { src in
            for y in 0..<height {
                rowPointer(y).update(from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * rowBytes,
                                     count: rowBytes)
            }
        }
    }
}
