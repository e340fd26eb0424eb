import CLISupport

extension InstantScanCommand {
    /// Runs the command as argument-parser does, with standard output checked at exit
    /// (``StandardOutputCheck``). `review` is handed to its own executable before any parsing
    /// (``ReviewExecutable``), so that its options and its help are the real command's. The
    /// arguments are read from their bytes (``CommandLineBytes``), not from
    /// `CommandLine.arguments`, which replaces a file name's bytes that are not UTF-8.
    static func main() {
        ReviewExecutable.runIfAsked()
        StandardOutputCheck.install()
        main(CommandLineBytes.arguments())
    }
}
