extension PocketCard {
    /// The page's script. It holds no timetable arithmetic: every time comes from the engine
    /// (`PocketCard.data()`), picked for the minute of the moment and shifted by its seconds,
    /// or the engine's row for the second where its answer changes inside the minute
    /// (`PocketCard.seconds`), so a tap or a correction at any whole second gets the engine's
    /// times.
    /// What it does itself is the trip's fold as `TripModel` reads a correction (which stop a
    /// ±1 or "departed" means, from where the current schedule has the train), the alerts'
    /// "once each" rule (`TripModel.due`), and the rendering. Only `textContent` is written:
    /// no text from the data is ever parsed as markup.
    ///
    /// Data (all times in whole seconds after the moment a row is picked for): `grid` holds a
    /// row per minute m, the ride whose train starts at `start + 60 m`; `tails[k]` a row per
    /// minute from `from`, the schedule from stop k on when the train is anchored at stop k
    /// then (arriving; leaving, at a change's entry). A row is `PocketCard.Table.vector`: each
    /// leg's part (`parts`: `[arrival, departure]` per stop, after the leg's first time), each
    /// leg's first time, the arrival's range and the arrival after any final walk, "yours is
    /// next", each change's alert, each change's booked and longest wait.
    static let script = scriptText + scriptFold + scriptRender + scriptScreen

    /// Picking the engine's rows for a moment, and the trip's fold over the corrections
    /// (`TripModel`); the ride kept in the browser's storage.
    static let scriptFold = #"""
          // Picking: the engine's row for the moment's minute, shifted by its seconds, or its row
          // for the second an answer changes inside the minute (pick).
          const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxy";
          // A step as PocketCard.stepText writes it, at text[i]: [seconds, the index after it].
          function step(text, i) {
            if (text[i] !== "z") return [DIGITS.indexOf(text[i]) - 30, i + 1];
            const end = text.indexOf(".", i);
            return [Number(text.slice(i + 1, end)), end + 1];
          }
          function decode(cols) {
            return cols.map((col) => {
              if (col === null || typeof col === "number") return () => col;
              if (col.length === 2 && typeof col[1] === "string") {
                // A step a character (PocketCard.columns): `_` no value, `z`, a step written out, `.`.
                const values = [col[0]], steps = col[1];
                let previous = col[0] === null ? 0 : col[0];
                for (let i = 0; i < steps.length; ) {
                  if (steps[i] === "_") { values.push(null); i++; continue; }
                  const [by, after] = step(steps, i);
                  previous += by;
                  values.push(previous);
                  i = after;
                }
                return (m) => values[m];
              }
              return (m) => col[m];
            });
          }
          function minute(ms, from, count) {
            return Math.min(Math.max(Math.floor((ms / 1000 - data.start) / 60) - from, 0), count - 1);
          }
          let legStart = [];
          function legsFrom(first) {
            return data.legs.map((_, leg) => leg).filter((leg) => data.stops.some((stop, i) => i >= first && stop.leg === leg));
          }
          // Between two of the engine's minutes, each time a rider is told to the second (the
          // legs' times, the earliest arrival, the arrival, the alerts) either moves with the
          // moment (the same number of seconds after it in both rows: kept) or holds still in the
          // day (a known train at the edges of the day: counted down); where the engine's answer
          // changes inside the minute, the card says at which second (PocketCard.seconds: a mark
          // a minute, or the rows themselves). Inside the one second where an answer changes,
          // the earliest arrival and the alerts take the earlier of its two answers: never after
          // the engine's. What drifts and is not said to the second (the latest arrival, the
          // waits, the latest departures) is taken that part of the way to the next minute's
          // when it drifts by at most DRIFT seconds; a step holds until the next minute.
          const DRIFT = 10;
          function table(cols, marks) {
            // A mark a minute (PocketCard.seconds): "-" (".", a digit: that many), a second's digit,
            // or "~" and how each time does, to a ";" (PocketCard.text), read here into pieces: each
            // its way (holding still: 61 more) and second, and its step from the piece before.
            const inside = new Map(), mark = [];
            for (let i = 0; i < (marks || "").length; ) {
              if (marks[i] === ".") {
                for (let k = DIGITS.indexOf(marks[i + 1]); k > 0; k--) mark.push("-");
                i += 2;
                continue;
              }
              mark.push(marks[i]);
              if (marks[i] !== "~") { i++; continue; }
              const end = marks.indexOf(";", i), pieces = new Map();
              for (const group of marks.slice(i + 1, end).split(",")) {
                const [columns, text] = group.split(":");
                let way = text[0] === "^" ? 1 : 0;
                const p = [way];
                for (let j = way; j < text.length; ) {
                  if (text[j] === "^") { way = 1 - way; j++; }
                  p.push(DIGITS.indexOf(text[j]) + 61 * way);
                  j++;
                  // The last piece's value is the next minute's (undefined: see value()).
                  let by = j < text.length ? 1 : undefined;
                  if (text[j] === "_") { by = null; j++; } else if (text[j] === "+") [by, j] = step(text, j + 1);
                  p.push(by);
                }
                for (const column of columns) pieces.set(DIGITS.indexOf(column), p);
              }
              inside.set(mark.length - 1, pieces);
              i = end + 1;
            }
            return { cols: cols, marks: mark, inside: inside };
          }
          function pick(t, from, count, first, ms) {
            const m = minute(ms, from, count);
            const into = ms / 1000 - data.start - 60 * (from + m);
            const row = t.cols.map((col) => col(m));
            if (!(into > 0 && into < 60) || m + 1 >= count) return row;
            const next = t.cols.map((col) => col(m + 1));
            const parts = legsFrom(first).length, changes = entries.length;
            const early = 2 * parts, late = early + 1, alerts = early + 3, waits = alerts + 1 + changes;
            const timed = (i) => i >= parts && (i < waits || i >= waits + 2 * changes);
            const exact = (i) => i < waits && i !== late;
            const still = (i) => timed(i) && row[i] !== null && next[i] !== null && next[i] === row[i] - 60;
            // The rows the minute has: its own, the engine's inside it, the next minute's.
            const known = [[0, row]];
            const mark = t.marks[m];
            if (mark && mark !== "-") {
              // How each time that changes inside the minute does (PocketCard.Layout.pieces: the
              // minute's value moving with the moment or holding still, then from each second its
              // value and way); a mark alone: each changes once, at that second, to the next
              // minute's, moving with the moment before and after.
              const pieces = mark === "~" ? t.inside.get(m) : new Map();
              if (mark !== "~") {
                const k = DIGITS.indexOf(mark);
                row.forEach((v, i) => { if (exact(i) && v !== next[i] && !still(i)) pieces.set(i, [0, k, next[i] - v]); });
              }
              const value = (i, s) => {
                if (!pieces.has(i)) return row[i] === next[i] || !still(i) ? row[i] : row[i] - s;
                const p = pieces.get(i);
                let [from, v, held] = [0, row[i], p[0] === 1];
                for (let j = 1; j < p.length && p[j] % 61 <= s; j += 2) {
                  // A step from the piece before's value at its second (the value, where that had none).
                  const then = v === null ? null : held ? v - (p[j] % 61 - from) : v;
                  const k = p[j] % 61, last = p[j + 1] === undefined;
                  const after = last ? (p[j] >= 61 ? next[i] + 60 - k : next[i]) : then === null || p[j + 1] === null ? p[j + 1] : then + p[j + 1];
                  [from, v, held] = [k, after, p[j] >= 61];
                }
                return held && v !== null ? v - (s - from) : v;
              };
              const seconds = new Set();
              for (const p of pieces.values()) for (let j = 1; j < p.length; j += 2) { seconds.add((p[j] % 61) - 1); seconds.add(p[j] % 61); }
              for (const s of [...seconds].filter((s) => s > 0 && s < 60).sort((a, b) => a - b)) known.push([s, row.map((_, i) => value(i, s))]);
            }
            known.push([60, next]);
            let k = 0;
            while (known[k + 1][0] <= into) k++;
            const [s0, r0] = known[k], [s1, r1] = known[k + 1];
            const moved = row.some((v, i) => i < parts && v !== next[i]);
            const f = into / 60;
            return r0.map((v, i) => {
              if (!exact(i)) {
                const u = row[i], w = next[i];
                if (u === null || w === null || moved) return u;
                if (Math.abs(w - u) <= DRIFT) return u + (w - u) * f;
                if (Math.abs(w - u + 60) <= DRIFT) return u + (w - u) * f;
                return i === late ? Math.max(u - 60 * f, w + 60 * (1 - f)) : u;
              }
              if (v === null || !timed(i) || r1[i] === null || r1[i] === v) return v;
              if (r1[i] === v - (s1 - s0)) return v - (into - s0);
              if (into > s0 && (i === early || i >= alerts)) return Math.min(v, r1[i]);
              return v;
            });
          }
          function fromRow(row, first, origin) {
            const at = (v) => (v === null ? null : origin + v * 1000);
            const legs = legsFrom(first);
            const a = new Array(n).fill(null), d = new Array(n).fill(null);
            legs.forEach((leg, p) => {
              const base = row[legs.length + p];
              const head = Math.max(first, legStart[leg]);
              data.parts[row[p]].forEach(([arrival, departure], j) => {
                a[head + j] = arrival === null ? null : at(base + arrival);
                d[head + j] = departure === null ? null : at(base + departure);
              });
            });
            let q = 2 * legs.length;
            const e = at(row[q]), l = at(row[q + 1]), f = at(row[q + 2]), y = at(row[q + 3]);
            q += 4;
            const c = entries.map((_, change) => at(row[q + change]));
            q += entries.length;
            const w = entries.map((_, change) => (row[q + 2 * change] === null ? null : [data.walks[change], row[q + 2 * change], row[q + 2 * change + 1]]));
            q += 2 * entries.length;
            const z = entries.map((_, change) => at(row[q + change]));
            return { a: a, d: d, e: e, l: l, f: f, y: y, c: c, w: w, z: z, x: null };
          }
          let grid = null;
          let tails = [];
          // The section in use: its tables decoded as needed (stored as arrays to save room,
          // PocketCard.data; read by name here).
          function use(section) {
            if (!section.ready) {
              section.stops = section.stops.map(([uk, en, leg]) => ({ uk: uk, en: en, leg: leg }));
              section.tails = section.tails.map(([from, count, cols, x, marks]) => ({ from: from, count: count, cols: cols, x: x, marks: marks }));
              for (const key of ["product", "lang", "id"]) section[key] = top[key];
              section.ready = true;
            }
            data = section;
            n = data.stops.length;
            entries = data.entries;
            legStart = data.legs.map((_, leg) => data.stops.findIndex((stop) => stop.leg === leg));
            grid = table(decode(data.grid.cols), data.grid.seconds);
            tails = [];
          }
          // A card that lasts reads a tap on any date as the same wall-clock moment of its day of
          // that type (PocketCardBook): `tableNow()` is the moment there, `shift` the way to it.
          function dayTypeOf(day) {
            const weekday = new Date(day + "T12:00:00Z").getUTCDay();
            return weekday === 0 || weekday === 6 ? "weekend" : "weekday";
          }
          function shiftFor(real) {
            if (!book) return 0;
            const days = Date.parse(data.day + "T00:00:00Z") - Date.parse(serviceDay(real) + "T00:00:00Z");
            return days + (offset(real) - offset(real + days)) * 1000;
          }
          function tableNow() {
            const real = Date.now();
            return real + (ride ? ride.shift || 0 : shiftFor(real));
          }
          function chosenRoute() {
            const stored = Number(localStorage.getItem(KEY + ":route"));
            return stored >= 0 && stored < book.routes.length ? stored : 0;
          }
          // The section for the ride, or before it for the route chosen and today's day type.
          function choose() {
            if (!book) { if (!data) use(top); return; }
            const route = book.routes[ride ? ride.route : chosenRoute()];
            const type = ride ? ride.dayType : dayTypeOf(serviceDay(Date.now()));
            const section = route.days.find((day) => day.dayType === type) || route.days[0];
            // The sentences, kept once for the route when its day types share them (PocketCardBook).
            if (!section.words) section.words = route.words;
            if (section !== data) use(section);
          }
          choose();
          // The ride whose train starts at t0; `x` is why it cannot be made, when it cannot (plan's
          // sentence for that minute, data.why), and null when it can.
          function planned(t0) {
            const m = minute(t0, 0, data.grid.flags.length);
            // A tap read as the first or the last train (Tap): its departure's own row.
            const edge = (data.grid.edges || []).find(([at]) => at * 1000 === t0);
            if (edge) {
              const s = fromRow(edge[1], 0, t0);
              s.x = edge[2] === "-" ? null : data.why[DIGITS.indexOf(edge[2])];
              return s;
            }
            const s = fromRow(pick(grid, 0, data.grid.flags.length, 0, t0), 0, t0);
            const split = data.grid.splits.find(([minute]) => minute === m);
            const inside = Math.floor((t0 / 1000 - data.start) / 60) === m;
            const flag = split && inside && (t0 / 1000 - data.start) % 60 >= split[1] ? split[2] : data.grid.flags[m];
            s.x = flag === "-" ? null : data.why[DIGITS.indexOf(flag)];
            return s;
          }
          function tail(stop, ms) {
            const record = data.tails[stop];
            if (!tails[stop]) tails[stop] = table(decode(record.cols), record.marks);
            const s = fromRow(pick(tails[stop], record.from, record.count, stop, ms), stop, ms);
            // Anchored here then, the train misses a later leg's last train (PocketCard's `x`).
            if (record.x && minute(ms, record.from, record.count) >= record.x[0]) s.x = data.why[DIGITS.indexOf(record.x[1])];
            return s;
          }

          // The trip's fold, as TripModel reads each correction against the schedule before it.
          function time(s, i) { return s.a[i] !== null ? s.a[i] : s.d[i]; }
          function nextStop(s, ms) {
            for (let i = 0; i < n; i++) if (time(s, i) > ms) return i;
            return n;
          }
          function halfStop(s, ms) {
            const next = nextStop(s, ms);
            if (next === 0) return 0;
            if (next >= n) return 2 * (n - 1);
            const previous = next - 1;
            if (s.a[previous] !== null && s.d[previous] !== null && ms < s.d[previous]) return 2 * previous;
            return 2 * next - 1;
          }
          function rideHalfStop(s, ms) {
            const position = halfStop(s, ms);
            let removed = 0;
            for (const entry of entries) {
              const exit = entry - 1;
              if (position < 2 * exit) break;
              if (position <= 2 * entry) return 2 * exit - removed;
              removed += 2;
            }
            return position - removed;
          }
          function stopOfRide(index) {
            let stop = index;
            for (const entry of entries) if (stop >= entry) stop += 1;
            return stop;
          }
          function anchor(correction, s) {
            // "The train is at X" (the CLI's `at`): the train arrives at that stop now.
            if (correction.kind === "at") return correction.stop;
            if (correction.kind === "departed") {
              let found = null;
              for (const entry of entries) if (s.a[entry - 1] !== null && correction.time >= s.a[entry - 1]) found = entry;
              return found;
            }
            const shift = correction.kind === "behind" ? 1 : -1;
            const position = rideHalfStop(s, correction.time);
            const rides = n - entries.length;
            const target = shift > 0 ? Math.floor((position + 1) / 2) - shift : Math.floor(position / 2) - shift;
            return stopOfRide(Math.min(Math.max(target, 0), rides - 1));
          }
          function apply(s, stop, ms) {
            const next = tail(stop, ms);
            const r = { a: s.a.slice(), d: s.d.slice(), e: next.e, l: next.l, f: next.f, c: s.c.slice(), y: s.y, w: s.w.slice(), z: s.z.slice(), x: s.x || next.x };
            // Every stop before the anchor has been passed: none is timed after it.
            for (let i = 0; i < stop; i++) {
              if (r.a[i] !== null && r.a[i] > ms) r.a[i] = ms;
              if (r.d[i] !== null && r.d[i] > ms) r.d[i] = ms;
            }
            for (let i = stop; i < n; i++) { r.a[i] = next.a[i]; r.d[i] = next.d[i]; }
            // An alert whose stop lies behind the anchor keeps its moment, but not after it.
            for (let change = 0; change < r.c.length; change++) {
              r.c[change] = next.c[change] !== null ? next.c[change] : Math.min(r.c[change], ms);
              if (next.w[change] !== null) r.w[change] = next.w[change];
              // A change behind the anchor: passed by then, as every stop before it is.
              r.z[change] = next.z[change] !== null ? next.z[change] : Math.min(r.z[change], ms);
            }
            r.y = next.y !== null ? next.y : (r.y === null ? null : Math.min(r.y, ms));
            return r;
          }
          // Until when "departed" is taken for the change entered at `entry` (TripModel's
          // departedWindowEnd): its latest departure, widened by a share of the time since the
          // rider last confirmed anything (as the arrival's range is), and the press's allowance.
          function departedUntil(s, entry) {
            const latest = s.z[entries.indexOf(entry)];
            if (latest === null || latest === undefined) return Infinity;
            const last = ride.corrections.length ? ride.corrections[ride.corrections.length - 1].time : ride.t0;
            const [share, allowance] = data.departedWindow;
            return latest + Math.ceil((Math.max(0, latest - last) / 1000) * share) * 1000 + allowance * 1000;
          }
          function current(trip) {
            let s = planned(trip.t0);
            for (const correction of trip.corrections) {
              const stop = anchor(correction, s);
              if (stop !== null) s = apply(s, stop, correction.time);
            }
            return s;
          }

          // The ride kept, keyed by the card: a reload or a closed tab comes back to it.
          function load() {
            try { return JSON.parse(localStorage.getItem(KEY)) || null; } catch (error) { return null; }
          }
          function save() {
            try { localStorage.setItem(KEY, JSON.stringify(ride)); } catch (error) { /* private mode: the ride lasts the tab */ }
          }

        """#
}
