import CLISupport
import Foundation

/// Opens a URL in the user's browser the way the desktop does it (`open` on macOS, `xdg-open`
/// elsewhere); says so when there is none, since the URL is printed anyway.
enum BrowserLauncher {
    static func open(_ url: String) {
        #if os(macOS)
        let tools = ["/usr/bin/open"]
        #else
        let tools = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"]
        #endif
        guard let tool = tools.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Console.note("no browser opener (\(tools[0])) found: open the URL above yourself")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { Console.note("could not open a browser (\(error.localizedDescription)): open the URL above yourself") }
    }
}
