import FlyingFox
import FlyingSocks
import Foundation

/// The review server: FlyingFox on the loopback interface only, 127.0.0.1 and, where the system
/// has it, ::1 on the same port.
final class ReviewServer: @unchecked Sendable {
    /// Why the server could not start.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    let handler: ReviewHandler
    private var servers: [HTTPServer] = []
    private var tasks: [Task<Void, any Error>] = []
    /// The port listened on, once started.
    private(set) var port: UInt16 = 0

    init(handler: ReviewHandler) {
        self.handler = handler
    }

    /// The page's address with the token, as printed for the user.
    var url: String { "http://127.0.0.1:\(port)/?token=\(handler.token.value)" }

    /// Starts listening on `port` (0: one the system picks) and returns once requests are served.
    func start(port requested: UInt16) async throws {
        let ipv4 = try makeServer(sockaddr_in.inet(ip4: "127.0.0.1", port: requested))
        let port: UInt16
        do {
            try await listen(ipv4)
            guard case .ip4(_, let bound)? = await ipv4.listeningAddress else {
                throw StartError(description: "the server did not report its port")
            }
            port = bound
        } catch {
            await stop()
            throw StartError(description: "cannot listen on 127.0.0.1:\(requested): \(error.localizedDescription)")
        }
        self.port = port
        // ::1 is a convenience (a browser resolving localhost to it first): without IPv6, or with
        // the port taken there, 127.0.0.1 alone serves.
        if let ipv6 = try? makeServer(sockaddr_in6.inet6(ip6: "::1", port: port)) {
            do { try await listen(ipv6) } catch { servers.removeAll { $0 === ipv6 } }
        }
        handler.listening(on: port)
    }

    /// Stops listening and closes the connections.
    func stop() async {
        for server in servers { await server.stop(timeout: 1) }
        for task in tasks { task.cancel() }
    }

    private func makeServer(_ address: some SocketAddress) throws -> HTTPServer {
        // Timeout: a re-scan of a 12-megapixel photo of several prints takes seconds, not minutes.
        let config = HTTPServer.Configuration(address: address, timeout: 120, sharedRequestBufferSize: 4096,
                                              sharedRequestReplaySize: 64 * 1024, logger: .disabled)
        let server = HTTPServer(config: config, handler: handler)
        servers.append(server)
        return server
    }

    private func listen(_ server: HTTPServer) async throws {
        let outcome = RunOutcome()
        tasks.append(Task {
            do { try await server.run() } catch { outcome.fail(error) }
        })
        // run() fails at once when the address cannot be bound, else listens within moments.
        for _ in 0..<500 {
            if await server.isListening { return }
            if let error = outcome.error { throw error }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        throw StartError(description: "the server did not start listening")
    }
}

/// How a server's run ended, read by the task waiting for it to listen.
private final class RunOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: (any Error)?

    var error: (any Error)? { lock.withLock { failure } }

    func fail(_ error: any Error) {
        lock.withLock { failure = error }
    }
}
