import ArgumentParser
import CLISupport
import Dispatch
import Foundation
import InstantScan
import SystemPackage

/// `instantscan review`, an executable of its own (`instantscan-review`) that `instantscan review`
/// runs: only it links the HTTP server and, through it, FoundationNetworking.
@main
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        // As the user types it: `instantscan review` runs this executable.
        commandName: "instantscan review",
        abstract: "Fix a batch's detections in your browser: drag corners, add or delete prints, re-scan.",
        discussion: """
        Serves a page for a batch's output folder on this computer only (127.0.0.1 and ::1), prints \
        its URL with a secret token on standard output, opens it in your browser unless --no-open, \
        and runs until Ctrl-C. Photos with uncertain prints come first, then failures. Re-scan \
        writes that photo's scans again with your corners (give the scan options you gave batch) \
        and records the corners in the batch's manifest, so a later batch run keeps them. The page \
        uses a JSON API that scripts can use too (see the README).
        """
    )

    @Argument(help: "The batch's output folder (the -o of instantscan batch).")
    var output: String

    @Option(help: "The port to listen on (default: any free port).")
    var port: Int = 0

    @Flag(help: "Do not open a browser; just print the URL.")
    var noOpen = false

    @Option(help: "The batch's photo folder (default: as the batch's manifest records it).")
    var input: String?

    @OptionGroup var scanOptions: ScanSettings

    mutating func validate() throws {
        if !(0...65_535).contains(port) { throw ValidationError("--port must be from 0 to 65535") }
        try scanOptions.check()
    }

    func run() throws {
        let catalog: ReviewCatalog
        let page: ReviewPage
        do {
            catalog = try ReviewCatalog(outputFolder: output, input: input)
            page = try ReviewPage.load()
        } catch {
            Console.error(ErrorText.of(error))
            throw ExitCodes.noInput
        }
        var options = BatchOptions()
        options.scan = scanOptions.makeScanOptions()
        // Scans keep the container the batch wrote them in, unless --format says otherwise.
        options.output = scanOptions.encoderFormat(forPath: catalog.someScan)
        options.overwrite = false
        let handler = ReviewHandler(catalog: catalog, previews: ReviewPreviews(maximumPixels: options.scan.maximumPixels),
                                    rescanner: ReviewRescanner(catalog: catalog, options: options), page: page,
                                    token: .random())
        let server = ReviewServer(handler: handler)
        let requested = UInt16(port)
        do {
            try Self.blocking { try await server.start(port: requested) }
        } catch {
            Console.error(ErrorText.of(error))
            throw ExitCodes.cannotCreate
        }
        // The URL is the data this command prints (scripts read it); the rest is for people.
        _ = try? FileDescriptor.standardOutput.writeAll(Array((server.url + "\n").utf8))
        Console.note("reviewing \(catalog.photos.count) photos of \(Terminal.safe(catalog.outputFolder)) (photos in \(Terminal.safe(catalog.inputFolder))); Ctrl-C to stop")
        if !noOpen { BrowserLauncher.open(server.url) }
        Self.waitForInterrupt()
        try? Self.blocking { await server.stop() }
    }

    /// Runs the command as argument-parser does, with standard output checked at exit and the
    /// arguments read from their bytes, as `instantscan` does.
    static func main() {
        StandardOutputCheck.install()
        main(CommandLineBytes.arguments())
    }

    /// Blocks until Ctrl-C (or SIGTERM).
    static func waitForInterrupt() {
        let stop = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "instantscan.review.signal"))
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        stop.wait()
        for source in sources { source.cancel() }
    }

    /// Runs `work` and waits for it: the command's `run` is synchronous, the server async.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Task {
            do { box.set(.success(try await work())) } catch { box.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try box.get()
    }
}

/// Carries a result from a task to the thread waiting for it.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) { lock.withLock { self.result = result } }
    func get() throws -> T { try lock.withLock { result! }.get() }
}
