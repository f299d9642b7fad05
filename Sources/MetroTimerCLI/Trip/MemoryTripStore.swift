import CLIKit
import FoundationEssentials
import MetroCore

/// A trip kept in memory: the rehearsal's, which never touches the real trip or the journal.
final class MemoryTripStore: TripStore, @unchecked Sendable {
    private let lock = Mutex()
    private var trip: Trip?
    private var generation = 0
    private(set) var journal: [JournalRecord] = []

    init(trip: Trip?) { self.trip = trip }

    var location: String { "(rehearsal)" }

    func load() throws(CLIError) -> Trip? { lock.withLock { trip } }

    func update<T>(_ body: (inout Trip?) throws(CLIError) -> T) throws(CLIError) -> T {
        var copy = lock.withLock { trip }
        let result = try body(&copy)
        lock.withLock {
            if copy != trip { generation += 1 }
            trip = copy
        }
        return result
    }

    func appendJournal(_ record: JournalRecord) throws(CLIError) { lock.withLock { journal.append(record) } }

    func changeToken() -> String { lock.withLock { "\(generation)" } }
}
