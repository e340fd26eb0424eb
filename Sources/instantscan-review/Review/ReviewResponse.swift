import FlyingFox
import Foundation

/// The responses the review server sends, each with the headers that keep a browser from
/// sniffing, framing or leaking them; never a CORS header, so no other site may read them.
enum ReviewResponse {
    static let securityHeaders: [(HTTPHeader, String)] = [
        (HTTPHeader("X-Content-Type-Options"), "nosniff"),
        (HTTPHeader("X-Frame-Options"), "DENY"),
        (HTTPHeader("Referrer-Policy"), "no-referrer"),
        (HTTPHeader("Cross-Origin-Resource-Policy"), "same-origin"),
        (HTTPHeader("Content-Security-Policy"),
         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
    ]

    static func make(_ status: HTTPStatusCode, contentType: String, body: Data, cache: Bool = false,
                     extra: [(HTTPHeader, String)] = []) -> HTTPResponse {
        var headers = HTTPHeaders()
        for (name, value) in securityHeaders + extra { headers[name] = value }
        headers[.contentType] = contentType
        // Photos and scans change when re-scanned: their URLs carry a version, so they may be
        // kept; the page and the API must not be.
        headers[.cacheControl] = cache ? "private, max-age=86400" : "no-store"
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }

    /// `value` as the API's JSON (camelCase keys, sorted).
    static func json(_ value: some Encodable, status: HTTPStatusCode = .ok) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(value) else {
            return error(.internalServerError, "could not encode the response")
        }
        return make(status, contentType: "application/json; charset=utf-8", body: body)
    }

    /// `{"error": message}` with `status`.
    static func error(_ status: HTTPStatusCode, _ message: String, extra: [(HTTPHeader, String)] = []) -> HTTPResponse {
        let body = (try? JSONEncoder().encode(["error": message])) ?? Data()
        return make(status, contentType: "application/json; charset=utf-8", body: body, extra: extra)
    }

    /// A redirect that sets the session cookie.
    static func redirect(to location: String, cookie: String) -> HTTPResponse {
        make(.seeOther, contentType: "text/plain; charset=utf-8", body: Data("see \(location)\n".utf8),
             extra: [(.location, location), (.setCookie, cookie)])
    }

    /// The media type of an image file by its extension.
    static func imageType(of path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "heic", "heif", "hif": return "image/heif"
        case "avif": return "image/avif"
        default: return "application/octet-stream"
        }
    }
}
