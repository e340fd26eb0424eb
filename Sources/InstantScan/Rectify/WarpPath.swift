internal import CShims

/// The instruction set the bilinear warp's C kernel runs on. Every path writes the same bytes;
/// tests compare them, and ``best`` is what the warp uses.
struct WarpPath: RawRepresentable, Sendable, Equatable, CustomStringConvertible {
    let rawValue: Int32

    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    static let scalar = WarpPath(rawValue: Int32(IS_WARP_PATH_SCALAR))
    static let sse41 = WarpPath(rawValue: Int32(IS_WARP_PATH_SSE41))
    static let avx2 = WarpPath(rawValue: Int32(IS_WARP_PATH_AVX2))
    static let neon = WarpPath(rawValue: Int32(IS_WARP_PATH_NEON))

    /// The fastest path this CPU has, asked once.
    static let best = WarpPath(rawValue: is_warp_best_path())

    /// Whether this build and CPU run the path.
    var isAvailable: Bool { is_warp_path_available(rawValue) != 0 }

    var description: String {
        switch self {
        case .scalar: return "scalar"
        case .sse41: return "SSE4.1"
        case .avx2: return "AVX2"
        case .neon: return "NEON"
        default: return "path \(rawValue)"
        }
    }
}
