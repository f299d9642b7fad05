// metro-timer-alerts TIMEOUT_MS, with the feed's URL on standard input: the product's only
// network access, in a binary of its own.
//
// metro-timer runs it only when the alert check is enabled, so with the check off nothing links
// networking at all (FoundationNetworking also doubles a command's start-up time). The URL comes
// on standard input, never in argv (which any user can read in /proc). It prints one line:
// `alert`, `quiet`, or `unknown: reason`, and always exits 0 once it has an answer.
//
// The deadline is kept here, on the monotonic clock, not by URLSession: swift-corelibs-foundation
// truncates `timeoutIntervalForRequest` to whole seconds (`Int(1.5) * 1000` = 1000 ms, and any
// limit under a second becomes a 1 ms timer that fires about 20 ms after the request starts, so a
// feed that answered at once was reported as "did not answer in time").
import Foundation
import FoundationNetworking
import MetroCore

let arguments = CommandLine.arguments
let input = readLine(strippingNewline: true) ?? ""
guard arguments.count == 2, let milliseconds = Int(arguments[1]), milliseconds > 0, let url = URL(string: input) else {
    FileHandle.standardError.write(Data("usage: echo URL | metro-timer-alerts TIMEOUT_MS\n".utf8))
    exit(64)
}
if let problem = AlertFeed.urlProblem(input) {
    print(AlertFeed.Verdict.unknown(problem).line)
    exit(0)
}

/// Collects the answer, refusing more than `AlertFeed.maximumBytes`.
final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var verdict: AlertFeed.Verdict?
    let done = DispatchSemaphore(value: 0)

    func finish(_ value: AlertFeed.Verdict) {
        lock.lock()
        let first = verdict == nil
        if first { verdict = value }
        lock.unlock()
        if first { done.signal() }
    }

    var result: AlertFeed.Verdict? { lock.lock(); defer { lock.unlock() }; return verdict }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            finish(.unknown("the feed answered HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0)"))
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(AlertFeed.maximumBytes) {
            finish(.unknown("the answer is over 1 MB"))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
        lock.lock()
        data.append(chunk)
        let tooBig = data.count > AlertFeed.maximumBytes
        if tooBig { data = Data() }
        lock.unlock()
        if tooBig {
            finish(.unknown("the answer is over 1 MB"))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            // Fixed wording: an error's own description can carry the URL.
            let code = (error as NSError).code
            finish(.unknown(code == NSURLErrorTimedOut ? "the feed did not answer in time"
                : code == NSURLErrorServerCertificateUntrusted || code == NSURLErrorSecureConnectionFailed ? "the feed's TLS connection failed"
                : "the feed cannot be reached"))
            return
        }
        lock.lock()
        let body = data
        lock.unlock()
        finish(AlertFeed.parse(body))
    }
}

let configuration = URLSessionConfiguration.ephemeral
// Far beyond any deadline we keep: URLSession's own (truncated) timers never decide.
configuration.timeoutIntervalForRequest = 120
configuration.timeoutIntervalForResource = 120
configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
let receiver = Receiver()
let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
var request = URLRequest(url: url)
request.timeoutInterval = 120
let task = session.dataTask(with: request)
task.resume()
if receiver.done.wait(timeout: .now() + .milliseconds(milliseconds)) == .timedOut {
    receiver.finish(.unknown("the feed did not answer in time"))
    task.cancel()
}
print((receiver.result ?? .unknown("no answer")).line)
exit(0)
