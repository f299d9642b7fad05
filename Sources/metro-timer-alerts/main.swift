// metro-timer-alerts URL TIMEOUT_MS: the product's only network access, in a binary of its own.
//
// metro-timer runs it only when the alert check is enabled, so with the check off nothing links
// networking at all (FoundationNetworking also doubles a command's start-up time). It prints one
// line: `alert`, `quiet`, or `unknown: reason`, and always exits 0 once it has an answer.
import Foundation
import FoundationNetworking
import MetroCore

let arguments = CommandLine.arguments
guard arguments.count == 3, let url = URL(string: arguments[1]), let scheme = url.scheme, ["http", "https"].contains(scheme),
    let milliseconds = Int(arguments[2]), milliseconds > 0
else {
    FileHandle.standardError.write(Data("usage: metro-timer-alerts URL TIMEOUT_MS\n".utf8))
    exit(64)
}

let configuration = URLSessionConfiguration.ephemeral
configuration.timeoutIntervalForRequest = Double(milliseconds) / 1000
configuration.timeoutIntervalForResource = Double(milliseconds) / 1000
configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
let session = URLSession(configuration: configuration)

final class Box: @unchecked Sendable { var verdict = AlertFeed.Verdict.unknown("no answer") }
let box = Box()
let done = DispatchSemaphore(value: 0)
let task = session.dataTask(with: url) { data, response, error in
    defer { done.signal() }
    if let error {
        box.verdict = .unknown((error as NSError).code == NSURLErrorTimedOut ? "the feed did not answer in time" : "the feed cannot be reached (\(error.localizedDescription))")
        return
    }
    guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode), let data else {
        box.verdict = .unknown("the feed answered HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        return
    }
    box.verdict = AlertFeed.parse(data)
}
task.resume()
if done.wait(timeout: .now() + .milliseconds(milliseconds + 500)) == .timedOut {
    task.cancel()
    box.verdict = .unknown("the feed did not answer in time")
}
print(box.verdict.line)
exit(0)
