import Testing

/// The parent suite of every codec test, so that `swift test --filter Codecs` runs them all.
@Suite struct Codecs {}
