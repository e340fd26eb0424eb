/// One marker segment of a JPEG header: the marker byte and where its payload lies in the file.
package struct JPEGSegment: Sendable, Hashable {
    /// The marker's second byte (`0xE1` for APP1, `0xDA` for SOS, …).
    package var marker: UInt8
    /// Offset of the payload (the bytes after the 2-byte length) in the file.
    package var payloadOffset: Int
    /// Length of the payload in bytes (the segment's length field less 2).
    package var payloadLength: Int

    /// Makes a segment.
    package init(marker: UInt8, payloadOffset: Int, payloadLength: Int) {
        self.marker = marker
        self.payloadOffset = payloadOffset
        self.payloadLength = payloadLength
    }

    /// The payload's range in the file.
    package var payloadRange: Range<Int> { payloadOffset..<(payloadOffset + payloadLength) }

    /// True for the start-of-frame markers that carry the image size (SOF0–SOF15 but DHT, JPG, DAC).
    package var isStartOfFrame: Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}
