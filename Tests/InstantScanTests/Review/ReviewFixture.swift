import Foundation
@testable import InstantScan
@testable import instantscan_review

/// A real batch of two rendered photos, IMG_0001.jpg (an Instax Mini on wood, found) and
/// IMG_0002.jpg (bare wood: no print, a failure), and a review server on it listening on an
/// ephemeral loopback port.
final class ReviewFixture: @unchecked Sendable {
    let input: TemporaryFolder
    let output: TemporaryFolder
    let server: ReviewServer
    let catalog: ReviewCatalog
    static let token = ReviewToken(String(repeating: "5a", count: 32))

    var port: UInt16 { server.port }
    var scans: String { output.path("scans") }
    var auth: [(String, String)] { [("Authorization", "Bearer \(Self.token.value)")] }

    /// The print's true corners in IMG_0001.jpg.
    static let truth = DetectionScenes.woodGrain.prints[0].corners

    /// With `shards`, the batch is run as that many `batch --shard K/N` tasks of the CLI, each
    /// keeping its own manifest; else as one plain batch.
    static func make(shards: Int? = nil) async throws -> ReviewFixture {
        let input = try TemporaryFolder()
        try Data(try JPEGEncoder.encode(try DetectionScenes.woodGrain.render(), quality: 92))
            .write(to: input.url.appendingPathComponent("IMG_0001.jpg"))
        var bare = SceneMaker()
        bare.surface = .wood(angle: 0.3)
        try Data(try JPEGEncoder.encode(try bare.render(), quality: 92)).write(to: input.url.appendingPathComponent("IMG_0002.jpg"))
        let output = try TemporaryFolder()
        let scans = output.path("scans")
        let photos = try PhotoFinder.photos(in: input.url.path, recursive: false)
        if let shards {
            let folder = input.url.path
            for k in 1...shards {
                _ = try await offload { try CLIRunner.run(["batch", folder, "-o", scans, "--shard", "\(k)/\(shards)", "--quiet"]) }
            }
        } else {
            try await offload { _ = try BatchRunner(options: BatchOptions()).run(photos, into: scans) { _, _ in } }
        }
        return try await ReviewFixture(input: input, output: output)
    }

    private init(input: TemporaryFolder, output: TemporaryFolder) async throws {
        self.input = input
        self.output = output
        catalog = try ReviewCatalog(outputFolder: output.path("scans"), input: nil)
        var options = BatchOptions()
        options.output = .png(.fast)
        let handler = ReviewHandler(catalog: catalog, previews: ReviewPreviews(maximumPixels: options.scan.maximumPixels),
                                    rescanner: ReviewRescanner(catalog: catalog, options: options), page: try ReviewPage.load(),
                                    token: Self.token)
        server = ReviewServer(handler: handler)
        try await server.start(port: 0)
    }

    deinit {
        let server = self.server
        Task { await server.stop() }
    }

    /// Sends a request with the token.
    func get(_ target: String) async throws -> RawHTTP.Response {
        try await RawHTTP.send(port: port, "GET", target, headers: auth)
    }

    /// `PUT /api/photos/{id}/corners` with `body` as JSON.
    func put(_ id: String, _ body: Any) async throws -> RawHTTP.Response {
        try await RawHTTP.send(port: port, "PUT", "/api/photos/\(id)/corners",
                               headers: auth + [("Content-Type", "application/json")],
                               body: try JSONSerialization.data(withJSONObject: body))
    }

    /// The photos as `GET /api/photos` lists them, by file name.
    func photos() async throws -> [String: [String: Any]] {
        let list = try await get("/api/photos").json["photos"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", $0) })
    }

    /// True when `a` holds the points of `b` (JSON's round trip may change the last digit).
    static func same(_ a: [[Double]]?, _ b: [[Double]]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { $0.count == 2 && abs($0[0] - $1[0]) < 1e-6 && abs($0[1] - $1[1]) < 1e-6 }
    }

    /// Runs blocking work (a batch, a child process) on a dispatch thread: the servers of the
    /// tests running beside it need the cooperative pool's few threads.
    static func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// A quad as the API's JSON.
    static func json(_ quad: Quad) -> [[Double]] {
        quad.corners.map { [$0.x, $0.y] }
    }
}
