import Foundation

/// The page's files (HTML, CSS, JavaScript), resources of the review executable's target: read from the
/// resource folder SwiftPM puts beside the executable, once, at start.
struct ReviewPage: Sendable {
    /// Why the page cannot be served.
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The files by the URL path they are served at, with their media types.
    let files: [String: (type: String, body: Data)]

    static let names: [(path: String, file: String, type: String)] = [
        ("/", "index.html", "text/html; charset=utf-8"),
        ("/review.css", "review.css", "text/css; charset=utf-8"),
        ("/review.js", "review.js", "text/javascript; charset=utf-8"),
    ]

    /// Reads the files from the first resource folder found: beside the running executable (the
    /// real path, so a symbolic link on PATH works), or beside this process's own binary (tests).
    static func load() throws -> ReviewPage {
        let bundleName = "InstantScan_instantscan-review.resources"
        var folders: [URL] = []
        if let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: running).deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() ?? Bundle.main.bundleURL)
        // macOS puts the resources in a bundle whose files lie under Contents/Resources.
        let candidates = folders.flatMap { folder in
            [folder.appendingPathComponent(bundleName).appendingPathComponent("Page"),
             folder.appendingPathComponent("InstantScan_instantscan-review.bundle/Contents/Resources/Page"),
             folder.appendingPathComponent("InstantScan_instantscan-review.bundle/Page")]
        }
        guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index.html").path) }) else {
            throw Missing(description: "the review page's files (\(bundleName)/Page) are not beside the instantscan-review executable; install that folder with it")
        }
        var files: [String: (type: String, body: Data)] = [:]
        for name in names {
            files[name.path] = (name.type, try Data(contentsOf: folder.appendingPathComponent(name.file)))
        }
        return ReviewPage(files: files)
    }
}
