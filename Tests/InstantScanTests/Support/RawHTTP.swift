import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare HTTP/1.1 client over a loopback TCP socket that sends exactly the bytes it is given: a
/// `Host` header of the test's choosing, percent-encodings and `..` that URLSession would
/// normalise away. All of its socket work is here.
enum RawHTTP {
    struct Response {
        var status: Int
        /// Header names in lower case.
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The body as a JSON object.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    /// Sends `method target` with `headers` (a `Host` for 127.0.0.1:`port` unless given, and
    /// `Connection: close`) and `body`, and reads the response.
    static func send(port: UInt16, _ method: String, _ target: String, headers: [(String, String)] = [],
                     body: Data = Data(), host: String? = nil) async throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if let host { if !host.isEmpty { head += "Host: \(host)\r\n" } } else { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty && !headers.contains(where: { ["content-length", "transfer-encoding"].contains($0.0.lowercased()) }) {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        let request = Data(head.utf8) + body
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try exchange(port: port, request: request) })
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func exchange(port: UInt16, request: Data) throws -> Response {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        // Generous: under a full parallel test run the server's tasks may wait long for a thread.
        var timeout = timeval(tv_sec: 600, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: \(errno)") }
        var writeError: Int32 = 0
        request.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                // The server may answer (413) and close before reading the whole body.
                if n <= 0 { if errno == EINTR { continue }; writeError = errno; return }
                sent += n
            }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let response = parse(received) { return response }
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { writeError = errno }
            guard n > 0 else { break }
            received.append(contentsOf: buffer[0..<n])
        }
        guard let response = parse(received, complete: true) else {
            throw Failure(description: "no HTTP response (\(received.count) bytes, error \(writeError))")
        }
        return response
    }

    /// The response in `data` once its headers and `Content-Length` bytes of body are there.
    private static func parse(_ data: Data, complete: Bool = false) -> Response? {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = data[end.upperBound...]
        if let length = headers["content-length"].flatMap(Int.init) {
            guard body.count >= length else { return nil }
            return Response(status: status, headers: headers, body: Data(body.prefix(length)))
        }
        return complete ? Response(status: status, headers: headers, body: Data(body)) : nil
    }
}
