extension SharedJournal {
    /// The shared file made one journal record at a time, held to what its reader takes (at
    /// most `maxRidesPerFile` rides and `maxBytes` bytes, each line at most `maxLineBytes`): a
    /// journal of any size makes a file `timetable-gen field` reads whole. Over the limit the
    /// newest rides are kept (the ones made with the timetable and the program in use) and the
    /// oldest counted in `overLimit`. Memory is bounded by the file it makes, not the journal.
    package struct Maker: Sendable {
        let network: Network
        let program: String
        let maxBytes: Int
        let maxRides: Int
        /// The rides kept so far, oldest first, from `start` on (the ones before it are dropped).
        var window: [(line: String, ride: String, unconfirmed: Bool)] = []
        var start = 0
        /// The rides in the window, for the same ride given twice.
        var inWindow: Set<String> = []
        /// The header, the window's lines, and their newlines.
        var bytes: Int
        let headerBytes: Int
        var withoutMoments = 0
        var implausible = 0
        var overLimit = 0

        package init(
            network: Network, program: String, maxBytes: Int = SharedJournal.maxBytes,
            maxRides: Int = SharedJournal.maxRidesPerFile
        ) {
            self.network = network
            self.program = program
            self.maxBytes = maxBytes
            self.maxRides = maxRides
            headerBytes = SharedJournal.headerLine().utf8.count + 1
            bytes = headerBytes
        }

        /// Takes one record: its ride, or the reason it is left out.
        package mutating func add(_ record: JournalRecord) {
            guard let moments = record.ride else {
                withoutMoments += 1
                return
            }
            let ride = SharedRide(
                ride: digest(record.id), from: record.from, to: record.to, program: program, outcome: record.outcome,
                confirmed: record.outcome == .arrived ? record.confirmedSeconds : nil,
                calibrated: record.calibrated ?? false, moments: moments)
            guard problem(ride, network: network) == nil else {
                implausible += 1
                return
            }
            guard !inWindow.contains(ride.ride) else { return }
            let line = encode(ride)
            let size = line.utf8.count + 1
            // A line the reader would skip, or one that could never fit.
            guard line.utf8.count <= maxLineBytes, headerBytes + size <= maxBytes else {
                overLimit += 1
                return
            }
            window.append((line, ride.ride, ride.confirmed == nil))
            inWindow.insert(ride.ride)
            bytes += size
            while window.count - start > maxRides || bytes > maxBytes {
                let oldest = window[start]
                start += 1
                inWindow.remove(oldest.ride)
                bytes -= oldest.line.utf8.count + 1
                overLimit += 1
            }
            // The dropped rides' room is given back now and then, not at every drop.
            if start > 1024 && start * 2 > window.count {
                window.removeFirst(start)
                start = 0
            }
        }

        /// The file so far: the header, then the kept rides, oldest first.
        package var made: Made {
            let kept = window[start...]
            return Made(
                lines: [headerLine()] + kept.map(\.line), kept: kept.count, withoutMoments: withoutMoments,
                implausible: implausible, unconfirmed: kept.filter(\.unconfirmed).count, overLimit: overLimit)
        }
    }
}
