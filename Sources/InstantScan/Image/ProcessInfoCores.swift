import Foundation

/// How many cores the library's parallel loops may use.
///
/// Batch runners that already keep every core busy with whole photos set this to 1 so that
/// row-band parallelism inside each photo does not oversubscribe the machine.
package enum ProcessInfoCores {
    private static let override = OverrideBox()

    /// Cores in use for row bands: the processor count unless limited.
    package static var active: Int {
        scoped ?? override.value ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// A limit for the calling task alone (see ``withLimit(_:_:)``).
    @TaskLocal private static var scoped: Int?

    /// Runs `body` with row-band parallelism limited to `cores` for the calling task only: tests
    /// compare one core's results with several cores' while other tests run beside them.
    package static func withLimit<R>(_ cores: Int, _ body: () throws -> R) rethrows -> R {
        try $scoped.withValue(max(1, cores), operation: body)
    }

    /// Limits row-band parallelism to `cores` (nil: all cores).
    package static func limit(to cores: Int?) {
        override.value = cores.map { max(1, $0) }
    }

    private final class OverrideBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Int?
        var value: Int? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
