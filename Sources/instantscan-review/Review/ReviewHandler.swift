import CLISupport
import Dispatch
import FlyingFox
import Foundation
import InstantScan

/// Answers every request of the review server: the gate's checks first, then the page, the JSON
/// API, and the images (previews, the batch's photos and scans, by id, never by path).
final class ReviewHandler: HTTPHandler, @unchecked Sendable {
    /// The largest request body accepted (a photo's corners take well under a kilobyte a print).
    static let bodyLimit = 64 * 1024

    let catalog: ReviewCatalog
    let previews: ReviewPreviews
    let rescanner: ReviewRescanner
    let page: ReviewPage
    let token: ReviewToken
    private let lock = NSLock()
    private var gate: ReviewGate?

    init(catalog: ReviewCatalog, previews: ReviewPreviews, rescanner: ReviewRescanner, page: ReviewPage, token: ReviewToken) {
        self.catalog = catalog
        self.previews = previews
        self.rescanner = rescanner
        self.page = page
        self.token = token
    }

    /// Opens the gate for the port the server listens on (until then every request is refused).
    func listening(on port: UInt16) {
        lock.withLock { gate = ReviewGate(token: token, port: port) }
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let gate = lock.withLock({ gate }) else {
            return ReviewResponse.error(.serviceUnavailable, "starting")
        }
        // The body is read (or drained) first, whatever the answer: one left unread on the
        // connection would be taken for the next request, and closing on it resets the
        // connection before the client reads the answer.
        let body: Data?
        do {
            body = try await Self.body(of: request)
        } catch {
            return ReviewResponse.error(.badRequest, "the body could not be read", extra: [(.connection, "close")])
        }
        guard let body else {
            return ReviewResponse.error(.payloadTooLarge, "the body is over \(Self.bodyLimit / 1024) KiB",
                                        extra: [(.connection, "close")])
        }
        switch gate.check(request) {
        case .refuse(let status, let message):
            return ReviewResponse.error(status, message)
        case .redirect(let location, let cookie):
            return ReviewResponse.redirect(to: location, cookie: cookie)
        case .pass:
            return await route(request, body: body)
        }
    }

    private func route(_ request: HTTPRequest, body: Data) async -> HTTPResponse {
        let path = request.target.path()
        let parts = path.split(separator: "/").map(String.init)
        let get = request.method == .GET
        if let file = page.files[path] {
            guard get else { return notAllowed("GET") }
            return ReviewResponse.make(.ok, contentType: file.type, body: file.body)
        }
        switch parts.first {
        case "api" where parts.count == 2 && parts[1] == "photos":
            guard get else { return notAllowed("GET") }
            return await offload { ReviewResponse.json(self.catalog.list()) }
        case "api" where parts.count == 3 && parts[1] == "photos":
            guard get else { return notAllowed("GET") }
            guard let photo = catalog.photo(id: parts[2]) else { return noPhoto() }
            return await offload { ReviewResponse.json(self.catalog.json(for: photo)) }
        case "api" where parts.count == 4 && parts[1] == "photos" && parts[3] == "corners":
            guard request.method == .PUT else { return notAllowed("PUT") }
            guard let photo = catalog.photo(id: parts[2]) else { return noPhoto() }
            return await fix(photo, request: request, body: body)
        case "preview" where parts.count == 2 && parts[1].hasSuffix(".jpg"):
            guard get else { return notAllowed("GET") }
            guard let photo = catalog.photo(id: String(parts[1].dropLast(4))) else { return noPhoto() }
            return await offload {
                do {
                    return ReviewResponse.make(.ok, contentType: "image/jpeg", body: try self.previews.preview(of: photo), cache: true)
                } catch {
                    return ReviewResponse.error(.unprocessableContent, "\(photo.relativePath): \(ErrorText.of(error))")
                }
            }
        case "photo" where parts.count == 2:
            guard get else { return notAllowed("GET") }
            guard let photo = catalog.photo(id: parts[1]) else { return noPhoto() }
            return await offload { self.file(photo.path) }
        case "scan" where parts.count == 3:
            guard get else { return notAllowed("GET") }
            guard let photo = catalog.photo(id: parts[1]), let n = Int(parts[2]), n >= 1 else { return noPhoto() }
            return await offload {
                let scans = self.catalog.scans(of: photo)
                guard n <= scans.count else { return ReviewResponse.error(.notFound, "no scan \(n) of this photo") }
                return self.file(scans[n - 1].path)
            }
        default:
            return ReviewResponse.error(.notFound, "nothing here")
        }
    }

    /// `PUT /api/photos/{id}/corners`.
    private func fix(_ photo: PhotoFinder.Photo, request: HTTPRequest, body: Data) async -> HTTPResponse {
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return ReviewResponse.error(.unsupportedMediaType, "send the corners as Content-Type: application/json")
        }
        return await offload {
            let fix: ReviewFix
            do {
                fix = try ReviewFix(json: body, photo: try self.catalog.uprightSize(of: photo))
            } catch let problem as ReviewFix.Problem {
                return ReviewResponse.error(.badRequest, problem.description)
            } catch {
                return ReviewResponse.error(.unprocessableContent, "\(photo.relativePath): \(ErrorText.of(error))")
            }
            do {
                return ReviewResponse.json(try self.rescanner.rescan(photo, prints: fix.prints))
            } catch {
                return ReviewResponse.error(.internalServerError, ErrorText.of(error))
            }
        }
    }

    /// The body, or nil when it is over ``bodyLimit``. A body over the limit is still drained up to
    /// ``drainLimit`` (discarded as it comes) so that the refusal reaches the client; a larger
    /// one is refused by its Content-Length before a byte of it is read.
    static func body(of request: HTTPRequest) async throws -> Data? {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > drainLimit { return nil }
        var data = Data()
        var total = 0
        for try await chunk in request.bodySequence {
            total += chunk.count
            if total <= bodyLimit { data.append(chunk) }
            if total > drainLimit { break }
        }
        return total <= bodyLimit ? data : nil
    }

    /// How much of an oversized body is read and thrown away so the 413 arrives whole.
    static let drainLimit = 8 * 1024 * 1024

    /// A file of the batch (a photo or a scan), after checking that it is a regular file.
    private func file(_ path: String) -> HTTPResponse {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              let data = FileManager.default.contents(atPath: path) else {
            return ReviewResponse.error(.notFound, "\((path as NSString).lastPathComponent) is not there any more")
        }
        return ReviewResponse.make(.ok, contentType: ReviewResponse.imageType(of: path), body: data, cache: true)
    }

    private func notAllowed(_ allowed: String) -> HTTPResponse {
        ReviewResponse.error(.methodNotAllowed, "only \(allowed) here", extra: [(HTTPHeader("Allow"), allowed)])
    }

    private func noPhoto() -> HTTPResponse {
        ReviewResponse.error(.notFound, "no such photo in this batch")
    }

    /// Runs `work` (decoding, scanning, reading files) on a dispatch thread, not the server's.
    private func offload(_ work: @escaping @Sendable () -> HTTPResponse) async -> HTTPResponse {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
