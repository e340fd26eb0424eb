import FlyingFox
import Foundation

/// The checks every request passes before it reaches a route: a `Host` naming this server (DNS
/// rebinding), no foreign `Origin`, a plain path (no traversal, encoded or not) and the token.
struct ReviewGate: Sendable {
    /// What to do with a request.
    enum Verdict: Equatable {
        /// Go on to the routes.
        case pass
        /// The token came in the query of a page load: set the cookie and load the page again
        /// without it, so that the token leaves the address bar and the history.
        case redirect(location: String, cookie: String)
        /// Refuse with this status and message.
        case refuse(HTTPStatusCode, String)
    }

    let token: ReviewToken
    let port: UInt16

    /// One cookie name a port: two review servers on one machine do not overwrite each other's.
    var cookieName: String { "instantscan-review-\(port)" }

    /// The `Host` values a browser sends for this server.
    var hosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] }

    func check(_ request: HTTPRequest) -> Verdict {
        guard let host = request.headers[.host]?.lowercased(), hosts.contains(host) else {
            return .refuse(.forbidden, "the Host header must name this server (127.0.0.1:\(port), localhost:\(port) or [::1]:\(port))")
        }
        // Browsers send Origin on cross-site requests; the page's own requests carry its own.
        if let origin = request.headers[HTTPHeader("Origin")], !hosts.contains(where: { "http://\($0)" == origin.lowercased() }) {
            return .refuse(.forbidden, "requests from other sites are refused")
        }
        if let problem = ReviewPaths.problem(request.target.path()) {
            return .refuse(.badRequest, problem)
        }
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer", token.matches(parts[1]) else {
                return .refuse(.unauthorized, "wrong token: use the one instantscan review printed")
            }
            return .pass
        }
        if token.matches(cookie(in: request)) { return .pass }
        if request.method == .GET, let query = request.query.first(where: { $0.name == "token" }) {
            guard token.matches(Substring(query.value)) else {
                return .refuse(.unauthorized, "wrong token: open the URL instantscan review printed")
            }
            return .redirect(location: request.target.path(),
                             cookie: "\(cookieName)=\(token.value); Path=/; HttpOnly; SameSite=Strict")
        }
        return .refuse(.unauthorized, "missing token: open the URL instantscan review printed, or send Authorization: Bearer TOKEN")
    }

    /// This server's cookie among the request's.
    private func cookie(in request: HTTPRequest) -> Substring? {
        guard let header = request.headers[.cookie] else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName {
                return parts[1].drop { $0 == " " }
            }
        }
        return nil
    }
}
