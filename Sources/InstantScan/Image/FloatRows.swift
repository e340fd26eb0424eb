/// The rows of `Float` planes by pointer, for the inner loops of the float-plane kernels (the
/// colour gradient, the glare map's box sums), on the model of swift-collections' `_UnsafeHandle`:
/// made only inside one of the `with…` calls below for arrays the caller owns, valid only there,
/// never stored. A handle made for reading asserts (in debug builds) that nothing writes through it.
///
/// Why pointers at all: these loops run over every working pixel several times a scan, and the
/// bounds checks of array subscripts keep the compiler from vectorising them.
struct FloatRows {
    private let base: UnsafeMutablePointer<Float>
    /// Floats a row.
    let width: Int
    /// Floats in all.
    let count: Int
    private let isMutable: Bool

    private init(_ buffer: UnsafeMutableBufferPointer<Float>, width: Int, isMutable: Bool) {
        // An empty array may have no storage: an aligned address stands in, never dereferenced
        // (every access asserts it is inside `count`, which is 0).
        base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Float>.alignment)!
        self.width = width
        count = buffer.count
        self.isMutable = isMutable
    }

    /// Row `y`'s first float; the row runs to `width` floats.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<Float> {
        assert(y >= 0 && (y + 1) * width <= count, "row \(y) outside \(count / max(width, 1)) rows")
        return base + y * width
    }

    /// Float `i` of the planes, row-major.
    @inline(__always)
    subscript(i: Int) -> Float {
        get {
            assert(i >= 0 && i < count)
            return base[i]
        }
        nonmutating set {
            assert(isMutable, "a handle made for reading is written")
            assert(i >= 0 && i < count)
            base[i] = newValue
        }
    }

    /// The four floats from `p` on, for kernels the compiler will not vectorise on its own.
    @inline(__always)
    static func load4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
    }

    /// Writes `v` to the four floats from `p` on.
    @inline(__always)
    static func store4(_ v: SIMD4<Float>, to p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<Float>.self)
    }

    /// Runs `body` with a mutable handle on `plane`, rows of `width` floats.
    static func with<R>(_ plane: inout [Float], width: Int, _ body: (FloatRows) throws -> R) rethrows -> R {
        try plane.withUnsafeMutableBufferPointer { try body(FloatRows($0, width: width, isMutable: true)) }
    }

    /// Runs `body` with mutable handles on three planes of one size.
    static func with<R>(_ a: inout [Float], _ b: inout [Float], _ c: inout [Float], width: Int,
                        _ body: (FloatRows, FloatRows, FloatRows) throws -> R) rethrows -> R {
        try with(&a, width: width) { a in
            try with(&b, width: width) { b in
                try with(&c, width: width) { c in try body(a, b, c) }
            }
        }
    }

    /// Runs `body` with read-only handles on three planes of one size.
    static func reading<R>(_ a: [Float], _ b: [Float], _ c: [Float], width: Int,
                           _ body: (FloatRows, FloatRows, FloatRows) throws -> R) rethrows -> R {
        func handle(_ buffer: UnsafeBufferPointer<Float>) -> FloatRows {
            FloatRows(UnsafeMutableBufferPointer(mutating: buffer), width: width, isMutable: false)
        }
        return try a.withUnsafeBufferPointer { a in
            try b.withUnsafeBufferPointer { b in
                try c.withUnsafeBufferPointer { c in try body(handle(a), handle(b), handle(c)) }
            }
        }
    }
}
