#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Times the detector's stages in CPU time of the calling thread, so that the numbers mean the same on
/// a busy machine as on an idle one (wall time on a shared box measures the neighbours).
struct StageClock {
    private var last: Double
    private(set) var laps: [(stage: String, seconds: Double)] = []

    init() { last = StageClock.now() }

    mutating func lap(_ stage: String) {
        let t = StageClock.now()
        laps.append((stage, t - last))
        last = t
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
