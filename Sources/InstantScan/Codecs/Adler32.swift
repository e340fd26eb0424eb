internal import CShims

/// The Adler-32 checksum a PNG's zlib stream ends with, over its filtered rows.
///
/// The banded PNG writer sums each row as it goes (`is_adler32`, adler32_simd.c): 32 bytes a step
/// with SSSE3 on x86-64, a byte at a time elsewhere; both give zlib's value for every input.
enum Adler32 {
    /// The checksum of `bytes` continuing `start` (1 for a new stream), vectorised where the CPU
    /// allows unless `vectorised` is false (the tests compare the two paths).
    static func checksum(_ bytes: [UInt8], continuing start: UInt32 = 1, vectorised: Bool = true) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            is_adler32(start, buffer.baseAddress, buffer.count, vectorised ? 1 : 0)
        }
    }
}
