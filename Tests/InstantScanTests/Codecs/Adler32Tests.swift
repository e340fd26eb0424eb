import Testing
@testable import InstantScan

extension Codecs {
    /// The PNG writer's Adler-32 (32 bytes a step with SSSE3) must equal the definition for every
    /// length, start value and byte pattern: a wrong trailer makes libpng reject the whole file.
    @Suite struct Adler32Checksum {
        /// RFC 1950's definition, a byte at a time with the modulus taken every byte.
        static func reference(_ bytes: [UInt8], continuing start: UInt32 = 1) -> UInt32 {
            var a = start & 0xFFFF, b = start >> 16
            for byte in bytes {
                a = (a + UInt32(byte)) % 65521
                b = (b + a) % 65521
            }
            return b << 16 | a
        }

        @Test func knownValue() {
            // RFC 1950's worked example: "Wikipedia" sums to 0x11E60398.
            #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        }

        /// Lengths around the 32-byte step and zlib's 5552-byte reduction interval, all 0xFF (the
        /// sums' largest growth) and pseudo-random bytes, from a fresh and a running start.
        @Test(arguments: [0, 1, 31, 32, 33, 63, 64, 5551, 5552, 5553, 5583, 5600, 11_104, 11_137, 70_001])
        func matchesTheDefinition(length: Int) {
            var random = SeededGenerator(seed: UInt64(length) + 11)
            let noise = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let saturated = [UInt8](repeating: 0xFF, count: length)
            for bytes in [noise, saturated] {
                for start: UInt32 in [1, 0xFFF0_FFF0, 0x1234_5678 % 65521 | (0x9ABC % 65521) << 16] {
                    let expected = Self.reference(bytes, continuing: start)
                    #expect(Adler32.checksum(bytes, continuing: start) == expected)
                    #expect(Adler32.checksum(bytes, continuing: start, vectorised: false) == expected)
                }
            }
        }

        /// A checksum continued over two parts equals the checksum of the whole (the writer sums
        /// row by row).
        @Test func continuesAcrossParts() {
            var random = SeededGenerator(seed: 5)
            let bytes = (0..<9_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let whole = Adler32.checksum(bytes)
            for split in [1, 31, 3_527, 5_552, 8_999] {
                let first = Adler32.checksum(Array(bytes[..<split]))
                #expect(Adler32.checksum(Array(bytes[split...]), continuing: first) == whole)
            }
        }
    }
}
