import CLIKit
import MetroCore

/// Where the active trip lives, read and written whole under an advisory lock.
protocol TripStore: AnyObject, Sendable {
    /// A description for messages (the file's path).
    var location: String { get }
    /// Reads the trip without locking (a snapshot: writes are atomic renames).
    func load() throws(CLIError) -> Trip?
    /// Locked read-modify-write: two processes correcting at once both keep their change.
    func update<T>(_ body: (inout Trip?) throws(CLIError) -> T) throws(CLIError) -> T
    /// Appends a finished trip to the journal.
    func appendJournal(_ record: JournalRecord) throws(CLIError)
    /// Something that changes whenever the trip is rewritten, to notice changes made elsewhere.
    func changeToken() -> String
}
