import Foundation
import Testing
@testable import instantscan_review

/// Each of the review server's rules, over real HTTP on loopback: the token (header, query, cookie),
/// the Host check against DNS rebinding, no cross-site access, no path outside the batch in any
/// encoding, the body limit and the corners' checks.
@Suite(.serialized) struct ReviewSecurityTests {
    static let fixture = Task { try await ReviewFixture.make() }

    @Test func everyRequestNeedsTheToken() async throws {
        let f = try await Self.fixture.value
        for target in ["/", "/api/photos", "/review.js", "/preview/0000000000000000.jpg"] {
            let bare = try await RawHTTP.send(port: f.port, "GET", target)
            #expect(bare.status == 401, "\(target): \(bare.status)")
            #expect(bare.text.contains("missing token"))
        }
        let wrong = try await RawHTTP.send(port: f.port, "GET", "/api/photos",
                                           headers: [("Authorization", "Bearer " + String(repeating: "0", count: 64))])
        #expect(wrong.status == 401 && wrong.text.contains("wrong token"))
        let wrongQuery = try await RawHTTP.send(port: f.port, "GET", "/?token=nope")
        #expect(wrongQuery.status == 401)
        let basic = try await RawHTTP.send(port: f.port, "GET", "/api/photos", headers: [("Authorization", "Basic \(ReviewFixture.token.value)")])
        #expect(basic.status == 401)
        // The same token in a cookie of another port's server is not this server's cookie.
        let otherCookie = try await RawHTTP.send(port: f.port, "GET", "/api/photos",
                                                 headers: [("Cookie", "instantscan-review-1=\(ReviewFixture.token.value)")])
        #expect(otherCookie.status == 401)
        let bearer = try await f.get("/api/photos")
        #expect(bearer.status == 200)
    }

    @Test func theQueryTokenBecomesAStrictHttpOnlyCookie() async throws {
        let f = try await Self.fixture.value
        let first = try await RawHTTP.send(port: f.port, "GET", "/?token=\(ReviewFixture.token.value)")
        #expect(first.status == 303)
        #expect(first.headers["location"] == "/", "the token leaves the address bar")
        let cookie = try #require(first.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
        let pair = try #require(cookie.split(separator: ";").first).trimmingCharacters(in: .whitespaces)
        #expect(pair == "instantscan-review-\(f.port)=\(ReviewFixture.token.value)")

        let page = try await RawHTTP.send(port: f.port, "GET", "/", headers: [("Cookie", "theme=dark; " + pair)])
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("/review.js"))
        #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        let api = try await RawHTTP.send(port: f.port, "GET", "/api/photos", headers: [("Cookie", pair)])
        #expect(api.status == 200)
        #expect(api.headers["cache-control"] == "no-store")
    }

    @Test func aHostOtherThanThisServerIsRefused() async throws {
        let f = try await Self.fixture.value
        // A DNS-rebinding page reaches the port under its own name; a proxy forwards another.
        for host in ["evil.example:\(f.port)", "evil.example", "127.0.0.1", "127.0.0.1:\(f.port &+ 1)", "localhost.evil.example:\(f.port)", ""] {
            let response = try await RawHTTP.send(port: f.port, "GET", "/api/photos", headers: f.auth, host: host)
            #expect(response.status == 403, "Host '\(host)': \(response.status)")
            #expect(!response.text.contains("photos"))
        }
        for host in ["127.0.0.1:\(f.port)", "localhost:\(f.port)", "[::1]:\(f.port)", "LOCALHOST:\(f.port)"] {
            let response = try await RawHTTP.send(port: f.port, "GET", "/api/photos", headers: f.auth, host: host)
            #expect(response.status == 200, "Host '\(host)': \(response.status)")
        }
    }

    @Test func noCrossSiteAccess() async throws {
        let f = try await Self.fixture.value
        let foreign = try await RawHTTP.send(port: f.port, "GET", "/api/photos", headers: f.auth + [("Origin", "https://evil.example")])
        #expect(foreign.status == 403)
        let preflight = try await RawHTTP.send(port: f.port, "OPTIONS", "/api/photos",
                                               headers: f.auth + [("Origin", "https://evil.example"),
                                                                  ("Access-Control-Request-Method", "PUT")])
        #expect(preflight.status == 403)
        let own = try await RawHTTP.send(port: f.port, "GET", "/api/photos", headers: f.auth + [("Origin", "http://127.0.0.1:\(f.port)")])
        #expect(own.status == 200)
        for response in [foreign, preflight, own] {
            #expect(!response.headers.keys.contains { $0.hasPrefix("access-control-") }, "\(response.headers)")
        }
    }

    @Test func nothingOutsideTheBatchInAnyEncoding() async throws {
        let f = try await Self.fixture.value
        let photo = try #require(try await f.photos()["IMG_0001.jpg"])
        let id = try #require(photo["id"] as? String)
        let targets = [
            "/../../../../etc/passwd", "/scan/../../../etc/passwd", "/scan/\(id)/../../../../etc/passwd",
            "/%2e%2e/%2e%2e/etc/passwd", "/scan/%2E%2E/%2E%2E/etc/passwd", "/photo/..%2f..%2f..%2fetc%2fpasswd",
            "/photo/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/preview/..%5c..%5cetc%5cpasswd", "/scan/\(id)/%2e%2e",
            "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", "/photo/\(id)%00.jpg", "//etc/passwd", "/photo/./\(id)",
            "/photo/..", "/scan/\(id)/1/..", "/.instantscan-batch.jsonl", "/scans/IMG_0001-1.png",
            "/photo/\(f.input.url.path)", "/scan/\(id)/0", "/scan/\(id)/2", "/scan/\(id)/-1", "/photo/\\etc\\passwd",
            "/api/photos/..%2F..%2Fetc%2Fpasswd/corners",
        ]
        for target in targets {
            let response = try await f.get(target)
            #expect([400, 403, 404].contains(response.status), "\(target): \(response.status)")
            #expect(!response.text.contains("root:") && !response.text.contains("\"photo\":"), "\(target)")
        }
        // What the batch does hold is served, by id.
        #expect(try await f.get("/photo/\(id)").status == 200)
        #expect(try await f.get("/scan/\(id)/1").status == 200)
    }

    @Test func bodiesOverTheLimitAreRefused() async throws {
        let f = try await Self.fixture.value
        let id = try #require(try await f.photos()["IMG_0001.jpg"]?["id"] as? String)
        let big = Data(repeating: UInt8(ascii: " "), count: ReviewHandler.bodyLimit + 1)
        let response = try await RawHTTP.send(port: f.port, "PUT", "/api/photos/\(id)/corners",
                                              headers: f.auth + [("Content-Type", "application/json")], body: big)
        #expect(response.status == 413)
        #expect(response.text.contains("64 KiB"))
        // A chunked body is cut off as it passes the limit, whatever it claims.
        var chunked = Data()
        for _ in 0..<3 {
            chunked += Data("8000\r\n".utf8) + Data(repeating: UInt8(ascii: " "), count: 0x8000) + Data("\r\n".utf8)
        }
        chunked += Data("0\r\n\r\n".utf8)
        let streamed = try await RawHTTP.send(port: f.port, "PUT", "/api/photos/\(id)/corners",
                                              headers: f.auth + [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")],
                                              body: chunked)
        #expect(streamed.status == 413)
    }

    @Test func badCornersAreRefusedWithTheScanCommandsWords() async throws {
        let f = try await Self.fixture.value
        let id = try #require(try await f.photos()["IMG_0001.jpg"]?["id"] as? String)
        let manifest = try String(contentsOfFile: f.scans + "/.instantscan-batch.jsonl", encoding: .utf8)
        let cases: [(Any, String)] = [
            (["prints": [["corners": [[10, 10], [200, 10], [200, 300]]]]], "expected 4 points"),
            (["prints": [["corners": [[10, 10], [200, 300], [200, 10], [10, 300]]]]], "convex quadrilateral"),
            (["prints": [["corners": [[10, 300], [200, 300], [200, 10], [10, 10]]]]], "convex quadrilateral"),
            (["prints": [["corners": [[5000, 10], [6000, 10], [6000, 300], [5000, 300]]]]], "lie outside the 1200×900 photo"),
            (["prints": [["corners": [[10, 10], [200, 10], [200, 300], [10, 300]], "format": "daguerreotype"]]], "is not one of"),
            (["prints": [["corners": [["a", 10], [200, 10], [200, 300], [10, 300]]]]], "wrong type"),
            // None is allowed (the photo shows no print); more than 64 is not.
            (["prints": Array(repeating: ["corners": [[10, 10], [200, 10], [200, 300], [10, 300]]], count: 65)], "from 0 to 64 prints"),
            (["corners": [[10, 10]]], "'prints' is missing"),
        ]
        for (body, message) in cases {
            let response = try await f.put(id, body)
            #expect(response.status == 400, "\(body): \(response.status)")
            #expect((response.json["error"] as? String ?? "").contains(message), "\(response.text)")
        }
        let notJSON = try await RawHTTP.send(port: f.port, "PUT", "/api/photos/\(id)/corners",
                                             headers: f.auth + [("Content-Type", "application/json")], body: Data("{\"prints\": [".utf8))
        #expect(notJSON.status == 400 && notJSON.text.contains("not valid JSON"))
        let form = try await RawHTTP.send(port: f.port, "PUT", "/api/photos/\(id)/corners",
                                          headers: f.auth + [("Content-Type", "application/x-www-form-urlencoded")], body: Data("a=b".utf8))
        #expect(form.status == 415)
        let post = try await RawHTTP.send(port: f.port, "POST", "/api/photos/\(id)/corners", headers: f.auth)
        #expect(post.status == 405)
        // Nothing refused reached the manifest or the scans.
        #expect(try String(contentsOfFile: f.scans + "/.instantscan-batch.jsonl", encoding: .utf8) == manifest)
    }
}
