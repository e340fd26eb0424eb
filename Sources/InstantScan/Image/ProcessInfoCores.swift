import Foundation

/// How many cores the library's parallel loops may use.
///
/// Batch runners that already keep every core busy with whole photos set this to 1 so that
/// row-band parallelism inside each photo does not oversubscribe the machine.
package enum ProcessInfoCores {
    private static let override = OverrideBox()

    /// Cores in use for row bands: the processor count unless limited.
    package static var active: Int {
        override.value ?? ProcessInfo.processInfo.activeProcessorCount
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
