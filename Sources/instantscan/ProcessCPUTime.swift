#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the whole process between laps, every thread's together.
///
/// The detector's stage clock counts its calling thread only, so that stage times mean the same on a
/// busy machine; but its searches and refinements also run on worker threads, and what a photo
/// costs the machine is the time of all of them. While `detect` runs, detection is all the process
/// does, so the process's CPU time between two laps is detection's.
struct ProcessCPUTime {
    private var last = ProcessCPUTime.now()

    /// Seconds of CPU time the process used since the previous lap (or since this was made).
    mutating func lap() -> Double {
        let t = Self.now()
        defer { last = t }
        return t - last
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
