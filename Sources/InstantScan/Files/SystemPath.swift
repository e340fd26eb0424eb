/// File names as the system gives them: bytes, which need not be UTF-8 (a card reader's FAT
/// names in Latin-1, a folder copied from an old NAS). A Swift `String` cannot hold such bytes,
/// and Foundation replaces them with U+FFFD, so two names that differ only there become one and
/// neither can be opened again. Paths therefore travel through the tool as strings in which every
/// byte that is not part of valid UTF-8 is written as one private-use scalar, U+F700 + the byte
/// (U+F780…U+F7FF), and are turned back into their exact bytes at each system call.
///
/// The escape is lossless for every byte string: a name that really contains one of
/// U+F780…U+F7FF (valid UTF-8, but in the escape range) has each of that scalar's bytes escaped
/// too, so reading a string back always gives the bytes it came from. The batch manifest and
/// `--json` output store paths in this form (documented in the README); messages and the contact
/// sheet show ``display(_:)``, with U+FFFD where the bytes are not UTF-8.
package enum SystemPath {
    /// The scalar that stands for byte `b` is `escapeBase + b` (bytes 0x80…0xFF only).
    static let escapeBase: UInt32 = 0xF700
    static let escapes: ClosedRange<UInt32> = 0xF780...0xF7FF

    /// The path for the bytes `raw` (no NUL among them), escaping what is not UTF-8.
    package static func string(_ raw: some Collection<UInt8>) -> String {
        let bytes = Array(raw)
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            if let (scalar, length) = decode(bytes, at: i), !escapes.contains(scalar.value) {
                scalars.append(scalar)
                i += length
            } else {
                let length = decode(bytes, at: i)?.length ?? 1
                for b in bytes[i..<i + length] { scalars.append(Unicode.Scalar(escapeBase + UInt32(b))!) }
                i += length
            }
        }
        return String(scalars)
    }

    /// The bytes `path` stands for.
    package static func bytes(_ path: String) -> [UInt8] {
        guard isEscaped(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if escapes.contains(scalar.value) {
                out.append(UInt8(scalar.value - escapeBase))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// True when `path` holds bytes that are not UTF-8 (or escaped scalars of the escape range).
    package static func isEscaped(_ path: String) -> Bool {
        path.unicodeScalars.contains { escapes.contains($0.value) }
    }

    /// `text` for people: the bytes decoded as UTF-8 with U+FFFD for what is not, as a terminal
    /// or `ls` shows them. Not a path: it cannot be opened.
    package static func display(_ text: String) -> String {
        isEscaped(text) ? String(decoding: bytes(text), as: UTF8.self) : text
    }

    /// Calls `body` with `path`'s exact bytes as a NUL-terminated C string, for a system call.
    package static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard isEscaped(path) else { return try path.withCString(body) }
        let raw = bytes(path) + [0]
        return try raw.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// A path compared by its bytes. Swift's `String` takes canonically equivalent strings for
    /// equal (`é` precomposed, and `e` with a combining accent), and hashes them alike; on Linux
    /// they are two files, and a dictionary keyed by `String` would make them one photo.
    package struct Key: Hashable, Comparable, Sendable {
        package let bytes: [UInt8]

        package init(_ path: String) { bytes = SystemPath.bytes(path) }

        package static func < (a: Key, b: Key) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
    }

    /// The scalar starting at `i` and its length in bytes, or nil when the bytes there are not
    /// well-formed UTF-8 (overlong forms, surrogates and values past U+10FFFF included).
    private static func decode(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, length: Int)? {
        let lead = bytes[i]
        let length: Int, initial: UInt32, minimum: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, initial, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, initial, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, initial, minimum) = (4, UInt32(lead & 0x07), 0x10000)
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        var value = initial
        for k in 1..<length {
            let b = bytes[i + k]
            guard b & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
