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
    static let script = #"""

        "use strict";
        (function () {
          const data = JSON.parse(document.getElementById("ride-data").textContent);
          const KEY = "metro-timer-card:" + data.id;
          const n = data.stops.length;
          const entries = data.entries;
          const REARM = 30000;
          const EXPIRY = 600000;
          let lang = localStorage.getItem("metro-timer-lang") || data.lang;
          let audio = null;
          let wakeLock = null;
          let ride = load();

          // Text, both languages side by side.
          const S = {
            title: (a, b) => [a + " → " + b, a + " → " + b],
            planHeading: ["План", "The plan"],
            planned: (t, a) => ["Поїзд рушає о " + t + ", прибуття о " + a + ".", "The train leaves at " + t + ", arriving at " + a + "."],
            start: ["Старт — поїзд рушив", "Start — the train is moving"],
            startNote: ["Натисніть, коли поїзд рушає: далі відлік іде без мережі.", "Tap when the train starts moving: the countdown then needs no network."],
            rideHeading: ["Поїздка", "The ride"],
            next: (s) => ["Наступна: " + s, "Next: " + s],
            atStop: (s, next) => ["На станції " + s + ", наступна: " + next, "At " + s + ", next: " + next],
            walking: (s) => ["Перехід на станцію " + s, "Walk to " + s],
            waiting: (s) => ["На платформі станції " + s + ": чекайте поїзда", "On the platform at " + s + ": wait for the train"],
            arrivedModel: (s) => ["Прибуття: " + s, "Arriving: " + s],
            nextTime: (t) => [t, t],
            leaves: (t) => ["рушає о " + t, "leaves at " + t],
            stopsLabel: ["Зупинок лишилось", "Stops left"],
            changeLabel: ["До пересадки", "To the change"],
            stationLabel: ["До вашої станції", "To your station"],
            arrivalLabel: ["Прибуття", "Arrival"],
            range: (t, a, b) => [t + " (можливо " + a + "–" + b + ")", t + " (could be " + a + "–" + b + ")"],
            alertTimes: (c, y) => [
              [c ? "Пересадка — наступна: " + c + "." : "", y ? "Наступна — ваша: " + y + "." : ""].join(" ").trim(),
              [c ? "Change is next: " + c + "." : "", y ? "Yours is next: " + y + "." : ""].join(" ").trim(),
            ],
            changeNext: (m, s) => ["Пересадка — наступна: " + m[0] + "; виходьте на станції " + s + ".", "Change is next: " + m[1] + "; get off at " + s + "."],
            arriving: (s) => ["прибуття на станцію " + s, "arriving at " + s],
            leaving: (s) => ["відправлення зі станції " + s, "leaving " + s],
            passing: (s) => ["проїзд станції " + s, "passing " + s],
            yoursNext: (s, d) => ["Наступна — ваша: " + s + ", далі " + d + ".", "Yours is next: " + s + ", then " + d + "."],
            ahead: ["−1: поїзд на зупинку попереду", "−1: the train is a stop ahead"],
            behind: ["+1: поїзд на зупинку позаду", "+1: the train is a stop behind"],
            departed: ["Поїзд після пересадки рушив", "The train after the change departed"],
            undo: ["Скасувати останнє виправлення", "Undo the last correction"],
            sound: ["Увімкнути звук сповіщень", "Turn the alerts' sound on"],
            arrived: ["Прибули", "Arrived"],
            stop: ["Зупинити поїздку", "Stop the ride"],
            said: (t) => ["Виправлено. Прибуття близько " + t + ".", "Corrected. Arrival about " + t + "."],
            undone: (t) => ["Скасовано. Прибуття близько " + t + ".", "Undone. Arrival about " + t + "."],
            endHeading: ["Поїздку завершено", "The ride is over"],
            journal: (r, t0, p, c, o) => [
              r + " · рушили " + t0 + " · за планом " + p + " · " + (o === "arrived" ? "прибули " + c : o === "stopped" ? "зупинено " + c : "не підтверджено"),
              r + " · started " + t0 + " · planned " + p + " · " + (o === "arrived" ? "arrived " + c : o === "stopped" ? "stopped " + c : "not confirmed"),
            ],
            again: ["Нова поїздка цим маршрутом", "A new ride on this route"],
            routeHeading: ["Маршрут", "The route"],
            toward: (l, t) => [l + " у напрямку станції " + t, l + " toward " + t],
            walk: (a, b, w) => ["Перехід " + a + " → " + b + ": " + w, "Walk " + a + " → " + b + ": " + w],
            wait: (w, m) => ["пересадка " + w + ", очікування 0–" + m, "walk " + w + ", a wait of 0–" + m],
            passes: ["без зупинки", "no stop"],
            weekday: ["робочий день", "weekday"],
            weekend: ["вихідний день", "weekend"],
            first: ["Поїзди тоді ще не ходять: цей час — лише модель.", "Trains are not running yet then: these times are only the model's."],
            last: ["Тоді останній поїзд уже пішов: поїздку не здійснити.", "The last train has gone by then: the ride cannot be made."],
            outside: (t) => ["Картку зроблено для поїздки близько " + t + ": зараз час лише наближений.", "This card was made for a ride about " + t + ": the times are only approximate now."],
            footer: (p) => ["Час обчислено з опублікованого розкладу від моменту, коли рушає поїзд (" + p + "). Картка нічого не надсилає.", "Times computed from the published timetable, from the moment the train moves (" + p + "). The card sends nothing anywhere."],
          };
          // What happens at a stop at its moment (Schedule.Stop.moment), in both languages.
          function momentAt(index, s) {
            const kind = data.closed[index] ? "passing" : s.a[index] !== null ? "arriving" : "leaving";
            return [S[kind](data.stops[index].uk)[0], S[kind](data.stops[index].en)[1]];
          }
          function t(key, ...args) {
            const value = S[key];
            const pair = typeof value === "function" ? value(...args) : value;
            return lang === "uk" ? pair[0] : pair[1];
          }
          function plural(count) {
            if (lang !== "uk") return count + (count === 1 ? " stop" : " stops");
            const ten = count % 10, hundred = count % 100;
            const word = ten === 1 && hundred !== 11 ? "зупинка" : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? "зупинки" : "зупинок";
            return count + " " + word;
          }
          function name(index) { return lang === "uk" ? data.stops[index].uk : data.stops[index].en; }

          // Kyiv wall-clock time from the offsets the card carries.
          function offset(ms) {
            let value = data.zone[0][1];
            for (const [from, seconds] of data.zone) if (ms / 1000 >= from) value = seconds;
            return value;
          }
          function clock(ms) {
            const s = Math.floor(ms / 1000) + offset(ms);
            const day = ((s % 86400) + 86400) % 86400;
            const pad = (v) => String(v).padStart(2, "0");
            return pad(Math.floor(day / 3600)) + ":" + pad(Math.floor(day / 60) % 60) + ":" + pad(day % 60);
          }
          function span(ms) {
            const s = Math.max(0, Math.floor(ms / 1000));
            const pad = (v) => String(v).padStart(2, "0");
            return s >= 3600 ? Math.floor(s / 3600) + ":" + pad(Math.floor(s / 60) % 60) + ":" + pad(s % 60) : Math.floor(s / 60) + ":" + pad(s % 60);
          }

          // Picking: the engine's row for the moment's minute, shifted by its seconds (and what
          // drifts, interpolated towards the next minute's: pick).
          const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxy";
          function decode(cols) {
            return cols.map((col) => {
              if (col === null || typeof col === "number") return () => col;
              if (col.length === 2 && typeof col[1] === "string") {
                const values = [col[0]];
                for (const step of col[1]) values.push(values[values.length - 1] + DIGITS.indexOf(step) - 30);
                return (m) => values[m];
              }
              return (m) => col[m];
            });
          }
          function minute(ms, from, count) {
            return Math.min(Math.max(Math.floor((ms / 1000 - data.start) / 60) - from, 0), count - 1);
          }
          const legStart = data.legs.map((_, leg) => data.stops.findIndex((stop) => stop.leg === leg));
          function legsFrom(first) {
            return data.legs.map((_, leg) => leg).filter((leg) => data.stops.some((stop, i) => i >= first && stop.leg === leg));
          }
          // Between two of the engine's minutes, a time that drifts (a wait after a change is
          // a share of the interval, and the interval changes through the day: a second or two
          // a minute) is interpolated from the next minute's row, as the engine would have it;
          // so is one that holds still in the day (a known train the rider waits for at the
          // edges of the day, issue 29: its offset from t₀ shrinks by 60 s a minute); one that
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
            return { a: a, d: d, e: e, l: l, f: f, y: y, c: c, w: w, x: null };
          }
          const grid = decode(data.grid.cols);
          const tails = [];
          function planned(t0) {
            const m = minute(t0, 0, data.grid.flags.length);
            const s = fromRow(pick(grid, 0, data.grid.flags.length, 0, t0), 0, t0);
            s.x = { f: "first", l: "last" }[data.grid.flags[m]] || null;
            return s;
          }
          function tail(stop, ms) {
            const record = data.tails[stop];
            if (!tails[stop]) tails[stop] = decode(record.cols);
            return fromRow(pick(tails[stop], record.from, record.count, stop, ms), stop, ms);
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
            const r = { a: s.a.slice(), d: s.d.slice(), e: next.e, l: next.l, f: next.f, c: s.c.slice(), y: s.y, w: s.w.slice(), x: null };
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
            }
            r.y = next.y !== null ? next.y : (r.y === null ? null : Math.min(r.y, ms));
            return r;
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

          function startRide() {
            const t0 = Date.now();
            ride = { t0: t0, corrections: [], fired: {}, ended: null };
            save();
            unlockSound();
            if (window.Notification && Notification.permission === "default") {
              try { Notification.requestPermission(); } catch (error) { /* not offered here */ }
            }
            keepAwake();
            render();
            document.getElementById("next").focus();
          }
          // A browser lets a page play sound only after a tap in that page: the Start tap, or,
          // after a reload or a reopened tab (no tap yet), the "sound on" button or any tap.
          const Context = window.AudioContext || window.webkitAudioContext;
          function unlockSound() {
            if (!Context) return;
            try {
              if (!audio) audio = new Context();
              if (audio.state !== "running") audio.resume().then(render, () => {});
            } catch (error) { audio = null; }
          }
          function soundLocked() { return !!Context && (!audio || audio.state !== "running"); }
          async function keepAwake() {
            if (!ride || ride.ended || !navigator.wakeLock || document.visibilityState !== "visible") return;
            try { wakeLock = await navigator.wakeLock.request("screen"); } catch (error) { wakeLock = null; }
          }
          function release() {
            if (wakeLock) { wakeLock.release().catch(() => {}); wakeLock = null; }
          }

          function correct(kind) {
            if (!ride || ride.ended) return;
            ride.corrections.push({ kind: kind, time: Date.now() });
            save();
            document.getElementById("said").textContent = t("said", clock(current(ride).f));
            render();
          }
          function undo() {
            if (!ride || ride.ended || ride.corrections.length === 0) return;
            ride.corrections.pop();
            save();
            document.getElementById("said").textContent = t("undone", clock(current(ride).f));
            render();
          }
          function end(outcome, at) {
            if (!ride || ride.ended) return;
            ride.ended = { outcome: outcome, time: at };
            save();
            release();
            render();
          }

          // An alert is due once its moment has come, and again only if a correction moved it
          // later than it rang (TripModel.due).
          function due(key, at, now) {
            if (at === null || now < at) return false;
            const fired = ride.fired[key];
            return fired === undefined || at - fired > REARM;
          }
          function ring(text) {
            const banner = document.getElementById("banner");
            banner.hidden = false;
            banner.textContent = text;
            if (navigator.vibrate) navigator.vibrate([300, 150, 300]);
            if (audio) {
              try {
                const tone = audio.createOscillator(), gain = audio.createGain();
                tone.frequency.value = 880;
                gain.gain.value = 0.2;
                tone.connect(gain).connect(audio.destination);
                tone.start();
                tone.stop(audio.currentTime + 0.35);
              } catch (error) { /* no sound here */ }
            }
            if (window.Notification && Notification.permission === "granted") {
              try { new Notification("metro-timer", { body: text, tag: KEY }); } catch (error) { /* pages cannot notify here */ }
            }
          }
          function alerts(s, now) {
            const last = n - 1;
            const exits = entries.map((entry) => entry - 1);
            s.c.forEach((at, change) => {
              const key = "change-" + (change + 1);
              if (due(key, at, now)) { ride.fired[key] = now; save(); ring(t("changeNext", momentAt(exits[change] - 1, s), name(exits[change]))); }
            });
            if (due("yours", s.y, now)) { ride.fired.yours = now; save(); ring(t("yoursNext", name(last - 1), name(last))); }
          }

          function text(id, value) {
            const element = document.getElementById(id);
            if (element.textContent !== value) element.textContent = value;
          }
          function renderRoute(s, now) {
            const list = document.getElementById("route");
            const next = s && now !== null ? nextStop(s, now) : -1;
            const items = [];
            const item = (label, when, kind, color) => {
              const li = document.createElement("li");
              if (kind) li.className = kind;
              if (color) li.style.setProperty("--leg", color);
              const what = document.createElement("span");
              what.textContent = label;
              li.appendChild(what);
              if (when) {
                const time = document.createElement("span");
                time.className = "time";
                time.textContent = when;
                li.appendChild(time);
              }
              items.push(li);
              return li;
            };
            if (data.walkBefore) {
              const w = data.walkBefore;
              item(t("walk", lang === "uk" ? w.fromUk : w.fromEn, lang === "uk" ? w.toUk : w.toEn, span(w.seconds * 1000)), "", "walk");
            }
            for (let i = 0; i < n; i++) {
              const stop = data.stops[i];
              const leg = data.legs.find((l) => l.line === stop.line) || data.legs[0];
              if (stop.role === "origin" || stop.role === "transferEntry") {
                const number = stop.role === "origin" ? -1 : entries.indexOf(i);
                if (number >= 0 && s.w[number]) item(t("wait", span(s.w[number][0] * 1000), span(s.w[number][2] * 1000)), "", "walk");
                const legIndex = stop.role === "origin" ? 0 : number + 1;
                const l = data.legs[legIndex];
                item(t("toward", l.line, lang === "uk" ? l.towardUk : l.towardEn), "", "leg", l.color);
              }
              const classes = [i < next ? "passed" : "", i === next ? "next" : ""].join(" ").trim();
              const li = item(name(i) + (data.closed[i] ? " (" + t("passes") + ")" : ""), clock(time(s, i)), classes, leg.color);
              li.dataset.stop = String(i);
              if (i === next) li.setAttribute("aria-current", "step");
            }
            if (data.walkAfter) {
              const w = data.walkAfter;
              item(t("walk", lang === "uk" ? w.fromUk : w.fromEn, lang === "uk" ? w.toUk : w.toEn, span(w.seconds * 1000)), clock(s.f), "walk");
            }
            list.replaceChildren(...items);
          }

          function render() {
            document.documentElement.lang = lang;
            document.getElementById("lang-uk").setAttribute("aria-pressed", String(lang === "uk"));
            document.getElementById("lang-en").setAttribute("aria-pressed", String(lang === "en"));
            const from = name(0), to = lang === "uk" ? (data.walkAfter ? data.walkAfter.toUk : data.stops[n - 1].uk) : (data.walkAfter ? data.walkAfter.toEn : data.stops[n - 1].en);
            const origin = data.walkBefore ? (lang === "uk" ? data.walkBefore.fromUk : data.walkBefore.fromEn) : from;
            text("title", t("title", origin, to));
            document.title = t("title", origin, to);
            text("day", data.day + " · " + t(data.dayType));
            text("plan-heading", t("planHeading"));
            text("ride-heading", t("rideHeading"));
            text("route-heading", t("routeHeading"));
            text("start", t("start"));
            text("start-note", t("startNote"));
            text("stops-label", t("stopsLabel"));
            text("change-label", t("changeLabel"));
            text("station-label", t("stationLabel"));
            text("arrival-label", t("arrivalLabel"));
            text("ahead", t("ahead"));
            text("behind", t("behind"));
            text("departed", t("departed"));
            text("undo", t("undo"));
            text("sound", t("sound"));
            text("arrived", t("arrived"));
            text("stop", t("stop"));
            text("end-heading", t("endHeading"));
            text("again", t("again"));
            text("footer", t("footer", data.product));

            const now = Date.now();
            if (ride && !ride.ended && now - current(ride).f > EXPIRY) {
              ride.ended = { outcome: "expired", time: now };
              save();
              release();
            }
            const plan = planned(data.departure * 1000);
            document.getElementById("before").hidden = !!ride;
            document.getElementById("ride").hidden = !ride || !!ride.ended;
            document.getElementById("end").hidden = !ride || !ride.ended;
            if (!ride) {
              text("planned", t("planned", clock(plan.d[0]), clock(plan.f)));
              renderRoute(plan, null);
              return;
            }
            const s = current(ride);
            if (ride.ended) {
              const route = document.getElementById("title").textContent;
              const p = planned(ride.t0);
              text("journal", t("journal", route, clock(ride.t0), clock(p.f), clock(ride.ended.time), ride.ended.outcome));
              renderRoute(s, ride.ended.time);
              return;
            }
            document.getElementById("sound").hidden = !soundLocked();
            alerts(s, now);
            const next = nextStop(s, now);
            const exits = entries.map((entry) => entry - 1);
            let where;
            if (next >= n) where = t("arrivedModel", name(n - 1));
            else if (data.stops[next].role === "transferEntry") {
              const exitArrival = s.a[next - 1];
              const walk = data.walks[entries.indexOf(next)] || 0;
              where = now < exitArrival + walk * 1000 ? t("walking", name(next)) : t("waiting", name(next));
            } else if (next > 0 && s.a[next - 1] !== null && s.d[next - 1] !== null && now < s.d[next - 1]) {
              where = t("atStop", name(next - 1), name(next));
            } else where = t("next", name(next));
            text("next", where);
            text("next-time", next < n ? clock(time(s, next)) : clock(s.a[n - 1]));
            let left = 0;
            for (let i = next; i < n; i++) if (data.stops[i].role !== "transferEntry") left += 1;
            text("stops", plural(left));
            const change = exits.find((exit) => s.a[exit] > now);
            document.getElementById("change-row").hidden = change === undefined;
            if (change !== undefined) text("change", span(s.a[change] - now) + " · " + name(change));
            text("station", span(s.a[n - 1] - now));
            text("arrival", s.e === s.l ? clock(s.f) : t("range", clock(s.f), clock(s.e), clock(s.l)));
            const nextChange = s.c.find((at) => at > now);
            text("alerts", t("alertTimes", nextChange !== undefined ? clock(nextChange) : (s.c.length ? clock(s.c[s.c.length - 1]) : ""), s.y !== null ? clock(s.y) : ""));
            document.getElementById("departed").disabled = entries.length === 0 || anchor({ kind: "departed", time: now }, s) === null;
            document.getElementById("undo").disabled = ride.corrections.length === 0;
            if (planned(ride.t0).x) text("said", t(planned(ride.t0).x));
            else if (Math.abs(ride.t0 / 1000 - data.departure) > 60 * 115) text("said", t("outside", clock(data.departure * 1000)));
            renderRoute(s, now);
          }

          document.getElementById("start").addEventListener("click", startRide);
          document.getElementById("ahead").addEventListener("click", () => correct("ahead"));
          document.getElementById("behind").addEventListener("click", () => correct("behind"));
          document.getElementById("departed").addEventListener("click", () => correct("departed"));
          document.getElementById("undo").addEventListener("click", undo);
          document.getElementById("sound").addEventListener("click", () => { unlockSound(); render(); });
          // Any tap during a ride is a chance to unlock the sound.
          document.addEventListener("pointerdown", () => { if (ride && !ride.ended) unlockSound(); }, true);
          document.getElementById("arrived").addEventListener("click", () => end("arrived", Date.now()));
          document.getElementById("stop").addEventListener("click", () => end("stopped", Date.now()));
          document.getElementById("again").addEventListener("click", () => { ride = null; save(); localStorage.removeItem(KEY); render(); });
          for (const choice of ["uk", "en"]) {
            document.getElementById("lang-" + choice).addEventListener("click", () => {
              lang = choice;
              try { localStorage.setItem("metro-timer-lang", lang); } catch (error) { /* kept for the tab */ }
              render();
            });
          }
          // Back from a locked screen or another tab: the position is recomputed at once.
          document.addEventListener("visibilitychange", () => { keepAwake(); render(); });
          window.addEventListener("focus", render);
          window.addEventListener("pageshow", render);
          document.getElementById("next").tabIndex = -1;
          render();
          if (ride && !ride.ended) keepAwake();
          setInterval(render, 1000);
        })();

        """#
}
