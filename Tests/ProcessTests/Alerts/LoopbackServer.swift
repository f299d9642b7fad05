import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroTimerCLI

/// A real HTTP server on the loopback address, answering with recorded responses.
final class LoopbackServer: @unchecked Sendable {
    struct Response {
        var status = 200
        var body = "{\"alert\": false}"
        /// Seconds to wait before answering (a feed too slow for the client's timeout).
        var delay: Double = 0
        /// Extra header lines (`Location: …`).
        var headers: [String] = []
        /// Without a Content-Length the body's size is known only by reading it to the end.
        var contentLength = true
        /// Read the request and never answer (until `stop()`).
        var silent = false
        /// Answer without reading a request (what a plain-HTTP server says to a TLS hello).
        var waitForRequest = true
    }

    let port: UInt16
    private let socketDescriptor: Int32
    private let lock = NSLock()
    private var count = 0
    private let response: Response
    private var clients: [Int32] = []

    var connections: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
    var url: String { "http://127.0.0.1:\(port)/kyiv.json" }

    init(_ response: Response) throws {
        self.response = response
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socketDescriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    private func serve() {
        while true {
            let client = accept(socketDescriptor, nil, nil)
            guard client >= 0 else { return }  // closed by stop()
            lock.lock()
            count += 1
            lock.unlock()
            // Each client on its own thread, as a real server would: parallel checks do not queue.
            Thread.detachNewThread { [self] in answer(client) }
        }
    }

    private func answer(_ client: Int32) {
        do {
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while response.waitForRequest && !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
                let n = read(client, &buffer, buffer.count)
                if n <= 0 { break }
                request += buffer[0..<n]
            }
            if response.silent {
                // Held open, unanswered, until stop() closes it.
                lock.lock()
                clients.append(client)
                lock.unlock()
                return
            }
            if response.delay > 0 { usleep(useconds_t(response.delay * 1_000_000)) }
            let body = Array(response.body.utf8)
            let length = response.contentLength ? "Content-Length: \(body.count)\r\n" : ""
            let extra = response.headers.map { $0 + "\r\n" }.joined()
            let head =
                "HTTP/1.1 \(response.status) Recorded\r\nContent-Type: application/json\r\n\(length)\(extra)Connection: close\r\n\r\n"
            let bytes = Array(head.utf8) + body
            var offset = 0
            while offset < bytes.count {
                // MSG_NOSIGNAL: a client that stops reading (the helper refuses an answer past
                // 1 MB) must not kill the whole test process with SIGPIPE.
                let n = bytes.withUnsafeBytes {
                    send(client, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
                }
                if n <= 0 { break }
                offset += n
            }
            close(client)
        }
    }

    func stop() {
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
        lock.lock()
        let held = clients
        clients = []
        lock.unlock()
        for descriptor in held { close(descriptor) }
    }
}
