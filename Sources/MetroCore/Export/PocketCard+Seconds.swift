import FoundationEssentials

extension PocketCard {
    /// Where the engine's answer changes inside a minute, for the times a rider is told to the
    /// second: the legs' times, the earliest arrival, the arrival and the alerts (`Layout.exact`).
    ///
    /// Between a minute's row and the next, each of those either moves with the moment (the same
    /// number of seconds after it in both rows: the page keeps it) or holds still in the day (a
    /// known train at the edges of the day: the page counts it down). Where the two rows say
    /// neither (a wait booked from another interval, an alert's lean rounded to another second,
    /// a train missed), the answer changed at some second of the minute, found by halves: nearly
    /// always once, to the next minute's answer, so one character a minute says the second
    /// (`marks`: `-` none, `.` and a digit for that many such minutes, else
    /// `PocketCard.stepDigits[second]`); a minute where it is otherwise
    /// is marked `~` followed by how each time does, to a `;` (`text`). Either way a tap or a
    /// correction at any whole second gets the engine's times. `row(minute, second)` is the
    /// engine's row then.
    static func seconds(_ rows: [[Int?]], layout: Layout, row: (Int, Int) -> [Int?]) -> String {
        var marks: [String] = []
        for minute in rows.indices.dropLast() {
            let (first, next) = (rows[minute], rows[minute + 1])
            var found = [0: first, 60: next]
            func at(_ second: Int) -> (Int, [Int?]) {
                if let known = found[second] { return (second, known) }
                let value = row(minute, second)
                found[second] = value
                return (second, value)
            }
            // Steady between two rows; where a time holds still, the row between agrees too
            // (a step and a move can end where holding still would).
            func settled(_ low: (Int, [Int?]), _ high: (Int, [Int?])) -> Bool {
                guard layout.steady(low, high) else { return false }
                guard high.0 - low.0 > 1, layout.holds(low, high) else { return true }
                let inside = at((low.0 + high.0) / 2)
                return layout.steady(low, inside) && layout.steady(inside, high)
            }
            guard !settled((0, first), (60, next)) else {
                marks.append("-")
                continue
            }
            func halve(_ low: (Int, [Int?]), _ high: (Int, [Int?])) {
                guard high.0 - low.0 > 1, !settled(low, high) else { return }
                let inside = at((low.0 + high.0) / 2)
                halve(low, inside)
                halve(inside, high)
            }
            halve((0, first), (60, next))
            let known = found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            let pieces = layout.pieces(known)
            // One second for every time that changes, each moving with the moment before and
            // after, and after it the next minute's: a mark alone says it.
            let seconds = Set(pieces.map { $0.pieces.count == 3 ? $0.pieces[1] : nil })
            let once = pieces.allSatisfy { column, pieces in
                guard pieces.count == 3, pieces[0] == 0, let value = first[column], let step = pieces[2] else {
                    return false
                }
                return value + step == next[column]
            }
            if once, seconds.count == 1, let second = seconds.first ?? nil, second < 61 {
                marks.append(String(stepDigits[second]))
                continue
            }
            // Columns that change alike (the arrival and an alert after a wait) together (the
            // last piece's value is each column's own next minute's).
            var groups: [(columns: [Int], pieces: [Int?])] = []
            for (column, codes) in pieces {
                if let index = groups.firstIndex(where: { $0.pieces.dropLast() == codes.dropLast() }) {
                    groups[index].columns.append(column)
                } else {
                    groups.append(([column], codes))
                }
            }
            marks.append("~" + Self.text(groups) + ";")
        }
        // Three or more steady minutes in a row: `.` and how many (a digit, at most 60).
        var short = ""
        var steady = 0
        for mark in marks + ["|"] {
            if mark == "-", steady < 60 {
                steady += 1
                continue
            }
            short += steady >= 3 ? "." + String(stepDigits[steady]) : String(repeating: "-", count: steady)
            steady = mark == "-" ? 1 : 0
            if mark != "-", mark != "|" { short += mark }
        }
        return short
    }

    /// How the times of a minute marked `~` change inside it, as text: for each group of columns
    /// that change alike, the columns (a digit each), `:`, `^` if the minute's value holds still,
    /// then each later piece: `^` if its way is not the piece before's (holding still or moving
    /// with the moment), its second (a digit), and its step from the piece before's value then:
    /// nothing for +1 s (a known train waited for, the alert's lean a share of the time to it),
    /// `+` and a digit for −30…+30 s, `+z<step>.` beyond, `_` no value; the last piece's value
    /// is the next minute's (`Layout.pieces` says what the numbers are). Groups joined by `,`.
    static func text(_ groups: [(columns: [Int], pieces: [Int?])]) -> String {
        groups.map { group in
            var still = group.pieces.first == 1
            var out = String(group.columns.map { stepDigits[$0] }) + ":" + (still ? "^" : "")
            for index in stride(from: 1, to: group.pieces.count - 1, by: 2) {
                let code = group.pieces[index] ?? 0
                if (code >= 61) != still { out += "^" }
                still = code >= 61
                out.append(stepDigits[code % 61])
                // The last piece's value is the next minute's, there.
                guard index + 2 < group.pieces.count else { continue }
                switch group.pieces[index + 1] {
                case nil: out += "_"
                case 1: break
                case let step?: out += "+" + stepText(step)
                }
            }
            return out
        }.joined(separator: ",")
    }

    /// Which columns of a row (`Table.vector`) from a stop on are what: `legs` legs from that
    /// stop, `changes` changes on the route.
    struct Layout {
        var legs: Int
        var changes: Int

        /// The legs' first times, the arrival's range and the arrival, the alerts and each
        /// change's latest departure: times, unlike the legs' parts and the waits.
        func timed(_ column: Int) -> Bool {
            let waits = 2 * legs + 4 + changes
            return column >= legs && (column < waits || column >= waits + 2 * changes)
        }

        /// What the card has to the second: the legs (which part, and its first time), the
        /// earliest arrival, the arrival and the alerts; not the latest arrival, the waits or the
        /// latest departures, which the page takes part of the way to the next minute's.
        func exact(_ column: Int) -> Bool {
            column < 2 * legs + 4 + changes && column != 2 * legs + 1
        }

        /// A time `value` (seconds after its row's moment) of a row `apart` seconds later, were it
        /// to hold still in the day (a known train): as many seconds smaller. The one rule for
        /// holding still, here and in the page's `still` (PocketCard+Script.swift).
        static func held(_ value: Int, apart: Int) -> Int { value - apart }

        /// Whether a time the card tells to the second is not the same in two rows.
        func holds(_ low: (Int, [Int?]), _ high: (Int, [Int?])) -> Bool {
            low.1.indices.contains { exact($0) && low.1[$0] != high.1[$0] }
        }

        /// Whether the page's reading of two rows `(second, row)` holds for every second between,
        /// in the exact columns: each the same, or a time that holds still in the day (as many
        /// seconds smaller as the moments are apart).
        func steady(_ low: (Int, [Int?]), _ high: (Int, [Int?])) -> Bool {
            guard low.1.count == high.1.count else { return false }
            return low.1.indices.allSatisfy { column in
                let (a, b) = (low.1[column], high.1[column])
                if a == b || !exact(column) { return true }
                guard timed(column), let a, let b else { return false }
                return b == Self.held(a, apart: high.0 - low.0)
            }
        }

        /// How each exact column that changes inside the minute does (`known`: the rows found,
        /// second 0 to 60, every change between two rows a second apart): `[code, second, value,
        /// second, value, …]` from the minute's value on, the code 1 when that holds still in the
        /// day (else 0: it moves with the moment), each later piece from its second (plus 61
        /// when it holds still) with its value then, as a step from the piece before's value
        /// then (the value itself where that had none).
        func pieces(_ known: [(Int, [Int?])]) -> [(column: Int, pieces: [Int?])] {
            guard let (_, first) = known.first else { return [] }
            var found: [(column: Int, pieces: [Int?])] = []
            for column in first.indices where exact(column) {
                // Each piece: its first second, its value then, and whether it holds still
                // (unknown until a second row of it is seen).
                var pieces: [(second: Int, value: Int?, still: Bool?)] = [(0, first[column], nil)]
                var previous = (second: 0, value: first[column])
                for (second, row) in known.dropFirst() {
                    let value = row[column]
                    let piece = pieces[pieces.count - 1]
                    if value == piece.value, piece.still != true {
                        pieces[pieces.count - 1].still = false
                    } else if timed(column), let base = piece.value, let value, piece.still != false,
                        value == Self.held(base, apart: second - piece.second)
                    {
                        pieces[pieces.count - 1].still = true
                    } else if second > previous.second + 1, piece.second < previous.second, timed(column),
                        let base = previous.value, let value,
                        value == base || value == Self.held(base, apart: second - previous.second)
                    {
                        // No step between two rows further apart (the halving stops only where
                        // the rows agree): the way changed at the row before (moving with the
                        // moment, then holding still, or back); a piece from there reads it.
                        pieces.append((previous.second, base, value != base))
                    } else {
                        // A step (the halving brings every step to two rows a second apart).
                        pieces.append((second, value, nil))
                    }
                    previous = (second, value)
                }
                guard pieces.count > 1 else { continue }
                // Each later value as a step from what the piece before says at its second.
                var codes: [Int?] = [pieces[0].still == true ? 1 : 0]
                for (before, piece) in zip(pieces, pieces.dropFirst()) {
                    let then = before.value.map {
                        before.still == true ? Self.held($0, apart: piece.second - before.second) : $0
                    }
                    let step = then.flatMap { then in piece.value.map { $0 - then } }
                    codes += [piece.second + (piece.still == true ? 61 : 0), then == nil ? piece.value : step]
                }
                found.append((column, codes))
            }
            return found
        }
    }
}
