import CLISupport
import InstantScan

/// The library's errors say what is wrong; the command line adds which of its flags fixes it.
enum FlagHint {
    /// Which command's flags to suggest: not every command has every flag (`album` has no
    /// `--max-megapixels` nor `--overwrite`).
    enum Command {
        case scan, merge, batch
    }

    /// `error`'s description with the flag that fixes it, when `command` has one.
    static func message(for error: any Error, in command: Command) -> String {
        // Foundation's file errors as the file and the system's reason, not their domain and code.
        let text = ErrorText.of(error)
        guard let hint = hint(for: error, in: command) else { return text }
        return "\(text) (\(hint))"
    }

    static func hint(for error: any Error, in command: Command) -> String? {
        switch error {
        case ImageError.tooManyPixels:
            return "raise it with --max-megapixels"
        case ScanError.windowNeedsFormat:
            return "give it with --print-format"
        case MergeError.noPrint:
            return "give its corners with --corners \"x,y x,y x,y x,y\""
        case AtomicFile.WriteError.exists:
            return "pass --overwrite to replace it"
        case let error as MergeError:
            if case .shot = error { return hint(for: error.underlying, in: command) }
            return nil
        default:
            return nil
        }
    }
}
