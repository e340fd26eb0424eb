import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over the DevTools protocol through `--remote-debugging-pipe` (the
/// browser reads commands on its fd 3 and answers on its fd 4, each message JSON ended by a NUL):
/// no WebSocket client, no puppeteer. Pointer and key input go through `Input.dispatch…`, which
/// the page receives as real pointer and keyboard events. All of its process and pipe work is here.
final class DevToolsBrowser: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let executable: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: TemporaryFolder
    private let queue = DispatchQueue(label: "devtools")
    private var pending = Data()
    private var nextID = 0
    private var session: String?

    /// Starts the browser with a window of `width` × `height` and opens a page on `url`.
    init(url: String, width: Int, height: Int) throws {
        guard let executable = Self.executable else { throw Failure(description: "no chromium") }
        profile = try TemporaryFolder()
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "pipe: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                         "--remote-debugging-pipe", "--no-first-run", "--user-data-dir=\(profile.url.path)",
                         "--window-size=\(width),\(height)", "about:blank"]
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, &argv, &envp)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard spawned == 0 else {
            close(toBrowser[1]); close(fromBrowser[0])
            throw Failure(description: "posix_spawn: \(spawned)")
        }
        pid = child
        commands = toBrowser[1]
        answers = fromBrowser[0]
        _ = fcntl(commands, F_SETFD, FD_CLOEXEC)
        _ = fcntl(answers, F_SETFD, FD_CLOEXEC)

        let target = try callNow("Target.createTarget", ["url": "about:blank"], session: nil)
        guard let id = target["targetId"] as? String else { throw Failure(description: "no target: \(target)") }
        let attached = try callNow("Target.attachToTarget", ["targetId": id, "flatten": true], session: nil)
        session = attached["sessionId"] as? String
        _ = try callNow("Page.enable", [:], session: session)
        _ = try callNow("Emulation.setDeviceMetricsOverride",
                        ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], session: session)
        _ = try callNow("Page.navigate", ["url": url], session: session)
    }

    deinit {
        close(commands)
        close(answers)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Sends a command to the page and returns its result.
    func call(_ method: String, _ params: [String: Any] = [:]) async throws -> [String: Any] {
        let box = UncheckedBox(params)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { UncheckedBox(try self.callNow(method, box.value, session: self.session)) })
            }
        }.value
    }

    /// The value of a JavaScript expression in the page.
    func evaluate(_ expression: String) async throws -> Any? {
        let result = try await call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Waits until `expression` is true in the page (polling, up to `seconds`).
    func waitUntil(_ expression: String, seconds: Double = 600) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await evaluate(expression) as? Bool == true { return }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw Failure(description: "timed out waiting for \(expression)")
    }

    /// A mouse event at page coordinates (`mousePressed`, `mouseMoved`, `mouseReleased`).
    func mouse(_ type: String, x: Double, y: Double, pressed: Bool) async throws {
        _ = try await call("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": pressed || type != "mouseMoved" ? "left" : "none",
                                                        "buttons": pressed ? 1 : 0, "clickCount": 1, "pointerType": "mouse"])
    }

    /// A click at page coordinates.
    func click(x: Double, y: Double) async throws {
        try await mouse("mousePressed", x: x, y: y, pressed: true)
        try await mouse("mouseReleased", x: x, y: y, pressed: false)
    }

    /// A key press (`key` as KeyboardEvent.key, e.g. "j", "Enter").
    func press(_ key: String, code: String, keyCode: Int) async throws {
        for type in ["keyDown", "keyUp"] {
            var params: [String: Any] = ["type": type, "key": key, "code": code, "windowsVirtualKeyCode": keyCode]
            if type == "keyDown" && key.count == 1 { params["text"] = key }
            _ = try await call("Input.dispatchKeyEvent", params)
        }
    }

    /// A PNG of the page as shown.
    func screenshot() async throws -> Data {
        let result = try await call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    // MARK: the pipe

    private func callNow(_ method: String, _ params: [String: Any], session: String?) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = try JSONSerialization.data(withJSONObject: message)
        bytes.append(0)
        try bytes.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = write(commands, raw.baseAddress! + sent, raw.count - sent)
                guard n > 0 else { throw Failure(description: "write to the browser: \(errno)") }
                sent += n
            }
        }
        while true {
            let reply = try readMessage()
            guard reply["id"] as? Int == nextID else { continue }
            if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Generous: under a full parallel test run the page's scripts may wait long for a core.
    private static let answerTimeout = 300.0

    private func readMessage() throws -> [String: Any] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = pending.firstIndex(of: 0) {
                let message = pending[pending.startIndex..<end]
                pending = Data(pending[(end + 1)...])
                return (try JSONSerialization.jsonObject(with: message)) as? [String: Any] ?? [:]
            }
            // A browser that stops answering fails the test instead of parking it for ever.
            var ready = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(Self.answerTimeout * 1000))
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { throw Failure(description: "the browser did not answer within \(Int(Self.answerTimeout)) s") }
            let n = read(answers, &buffer, buffer.count)
            guard n > 0 else { throw Failure(description: "the browser closed its pipe") }
            pending.append(contentsOf: buffer[0..<n])
        }
    }
}

/// Carries a non-Sendable value (a JSON dictionary) across a queue hop the caller serialises.
private struct UncheckedBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
