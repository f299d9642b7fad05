import CLIKit
import Foundation
import MetroCore
import MetroTimerCLI
import XCTest

// Test doubles shared by both test targets.

/// A clock the test moves by hand.
package final class ManualTime: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    package init(_ start: Date) { current = start }
    package var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }
    package func set(_ date: Date) {
        lock.lock()
        current = date
        lock.unlock()
    }
}

/// Keys typed at given moments, and things other processes do at given moments; waiting
/// advances the manual clock instead of sleeping.
package final class ScriptedKeys: KeySource {
    package let time: ManualTime
    package var script: [(at: Date, key: Character)]
    package var actions: [(at: Date, run: () -> Void)]
    package private(set) var waits = 0

    package init(
        time: ManualTime, script: [(at: Date, key: Character)] = [], actions: [(at: Date, run: () -> Void)] = []
    ) {
        self.time = time
        self.script = script.sorted { $0.at < $1.at }
        self.actions = actions.sorted { $0.at < $1.at }
    }

    package func wait(milliseconds: Int) -> [UInt8] {
        waits += 1
        let end = time.now.addingTimeInterval(Double(milliseconds) / 1000)
        if let action = actions.first, action.at <= end, action.at <= (script.first?.at ?? end) {
            actions.removeFirst()
            time.set(max(action.at, time.now))
            action.run()
            return []
        }
        if let first = script.first, first.at <= end {
            script.removeFirst()
            time.set(max(first.at, time.now))
            return Array(String(first.key).utf8)
        }
        time.set(end)
        return []
    }
}

/// Strings collected from several threads.
package final class LockedStrings: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []
    package init() {}
    package func append(_ value: String) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
    package var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
