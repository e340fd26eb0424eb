import Testing
@testable import InstantScan

/// The parent suite of every codec test, so that `swift test --filter Codecs` runs them all.
@Suite struct Codecs {
    /// Runs `ImageReader.info` and the decode on `data` (``ImageReader/decodeOpaque`` when
    /// `opaque`, the scanner's entry, else ``ImageReader/decode``) and returns the decode error,
    /// failing on success, on an error of another kind than ``CodecError`` or ``ImageError``, or on
    /// an error that says nothing.
    static func decodeError(_ data: [UInt8], opaque: Bool = false,
                            sourceLocation: SourceLocation = #_sourceLocation) -> (any Error)? {
        _ = try? ImageReader.info(of: data)
        do {
            _ = opaque ? try ImageReader.decodeOpaque(data) : try ImageReader.decode(data)
            Issue.record("decoding succeeded", sourceLocation: sourceLocation)
            return nil
        } catch let error as CodecError {
            #expect(!error.description.isEmpty, sourceLocation: sourceLocation)
            return error
        } catch let error as ImageError {
            return error
        } catch {
            Issue.record("unexpected error type: \(error)", sourceLocation: sourceLocation)
            return error
        }
    }
}
