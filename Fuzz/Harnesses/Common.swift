// Shared by every harness: the bytes libFuzzer hands over, and the rule that a parser may throw
// only its own documented errors.
@testable import InstantScan

/// The input as an array (libFuzzer may pass a null pointer with a zero count).
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let data, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: count))
}

/// Crashes (which libFuzzer records) on an error outside the library's documented ones: a reader
/// must fail with a `CodecError` or an `ImageError`, never anything else.
func expectDocumented(_ error: any Error, _ context: String) {
    switch error {
    case is CodecError, is ImageError, is ColorError, is ScanError:
        let text = "\(error)"
        precondition(!text.isEmpty, "\(context): an error without a message")
    default:
        fatalError("\(context): undocumented error \(type(of: error)): \(error)")
    }
}
