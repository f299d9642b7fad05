extension PocketCard {
    /// The page's script. It holds no timetable arithmetic: every time comes from the engine
    /// (`PocketCard.data()`), picked for the minute of the moment and shifted by its seconds;
    /// what drifts smoothly from one minute's row to the next (by at most `DRIFT` seconds) is
    /// interpolated between the two, so a tap between whole minutes gets the engine's times.
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
          // Picking: the engine's row for the moment's minute, shifted by its seconds (and what
          // drifts, interpolated towards the next minute's: pick).
          const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxy";
          function decode(cols) {
            return cols.map((col) => {
              if (col === null || typeof col === "number") return () => col;
              if (col.length === 2 && typeof col[1] === "string") {
                // A step a character (PocketCard.columns): `_` no value, `z`, a step written out, `.`.
                const values = [col[0]], steps = col[1];
                let previous = col[0] === null ? 0 : col[0];
                for (let i = 0; i < steps.length; i++) {
                  if (steps[i] === "_") { values.push(null); continue; }
                  let step = DIGITS.indexOf(steps[i]) - 30;
                  if (steps[i] === "z") { const end = steps.indexOf(".", i); step = Number(steps.slice(i + 1, end)); i = end; }
                  previous += step;
                  values.push(previous);
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
          // Between two of the engine's minutes, a time that drifts (a wait after a change is
          // a share of the interval, and the interval changes through the day: a second or two
          // a minute) is interpolated from the next minute's row, as the engine would have it;
          // so is one that holds still in the day (a known train the rider waits for at the
          // edges of the day: its offset from t₀ shrinks by 60 s a minute); one that
          // steps (a train missed, the first or the last one, another running pattern) is not:
          // the minute's own row holds until the next.
          const DRIFT = 10;
          function pick(cols, from, count, first, ms) {
            const exact = (ms / 1000 - data.start) / 60 - from;
            const m = minute(ms, from, count);
            const row = cols.map((col) => col(m));
            const f = exact - m;
            if (!(f > 0 && f < 1) || m + 1 >= count) return row;
            const next = cols.map((col) => col(m + 1));
            const parts = legsFrom(first).length;
            for (let i = 0; i < parts; i++) if (row[i] !== next[i]) return row;
            // Drifting with t₀ (the offset nearly the same) or holding still in the day (a known
            // train at the edges of the day: the offset from t₀ shrinks by the minute) is
            // interpolated; anything else is a step.
            const smooth = (v, w) => Math.abs(w - v) <= DRIFT || Math.abs(w - v + 60) <= DRIFT;
            // A step inside the minute (at the edges of the day the fast or the slow pattern
            // misses a known train somewhere in it, and the card has no row for the second)
            // leans early across the two trains, as the plan does across the train choice: the
            // earliest arrival and the alerts take the earlier of the two minutes' moments, the
            // latest arrival the later; the rest holds the minute's row.
            const early = 2 * parts, late = 2 * parts + 1, alerts = 2 * parts + 3, walks = 2 * parts + 4 + entries.length;
            const step = (v, w, i) => {
              const held = v - 60 * f, coming = w + 60 * (1 - f);
              if (i === early || (i >= alerts && i < walks)) return Math.min(held, coming);
              if (i === late) return Math.max(held, coming);
              return v;
            };
            return row.map((v, i) => (i < parts || v === null || next[i] === null ? v : smooth(v, next[i]) ? v + (next[i] - v) * f : step(v, next[i], i)));
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
              section.tails = section.tails.map(([from, count, cols, x]) => ({ from: from, count: count, cols: cols, x: x }));
              for (const key of ["product", "lang", "id"]) section[key] = top[key];
              section.ready = true;
            }
            data = section;
            n = data.stops.length;
            entries = data.entries;
            legStart = data.legs.map((_, leg) => data.stops.findIndex((stop) => stop.leg === leg));
            grid = decode(data.grid.cols);
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
            if (!tails[stop]) tails[stop] = decode(record.cols);
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
