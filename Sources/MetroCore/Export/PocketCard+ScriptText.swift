extension PocketCard {
    /// The start of the page's script: its data, its labels (the page's own, both languages side
    /// by side), the engine's sentences picked and filled (`say`: `PocketCard.words`), and the
    /// clock and duration as the terminal writes them.
    static let scriptText = #"""

        "use strict";
        (function () {
          // One ride's card is one section; a card that lasts (PocketCardBook: `routes`) holds a
          // section per route and day type, and `data` is the one in use (use()).
          const top = JSON.parse(byId("ride-data").textContent);
          const book = top.routes ? top : null;
          let data = null;
          const KEY = "metro-timer-card:" + top.id;
          let n = 0;
          let entries = [];
          const REARM = 30000;
          const EXPIRY = 600000;
          const CONFIRM = 5000;
          let lang = localStorage.getItem("metro-timer-lang") || top.lang;
          let audio = null;
          let wakeLock = null;
          let awake = null;
          let armed = null;
          // Why the last tap started no ride (said until the next tap).
          let refusal = null;
          let ride = load();

          // The page's own labels (buttons, headings), both languages side by side. Every sentence
          // about the ride is the engine's (data.words, data.notes, data.why): see say().
          const S = {
            title: (a, b) => [a + " → " + b, a + " → " + b],
            planHeading: ["План", "The plan"],
            planned: (t, a) => ["Поїзд рушає о " + t + ", прибуття о " + a + ".", "The train leaves at " + t + ", arriving at " + a + "."],
            warningsHeading: ["Перед поїздкою", "Before you ride"],
            start: ["Старт — поїзд рушив", "Start — the train is moving"],
            startNote: ["Натисніть, коли поїзд рушає: далі відлік іде без мережі. Забули натиснути? Натисніть зараз і виберіть нижче станцію, де поїзд.", "Tap when the train starts moving: the countdown then needs no network. Forgot to tap? Tap now, then choose below the station the train is at."],
            rideHeading: ["Поїздка", "The ride"],
            toChange: (s) => ["До пересадки на станції " + s, "To the change at " + s],
            toStation: (s) => ["До станції " + s, "To " + s],
            impossible: ["Цю поїздку не здійснити", "This ride cannot be made"],
            stopsLabel: ["Зупинок лишилось", "Stops left"],
            nextLabel: ["Наступна станція", "Next station"],
            arrivalLabel: ["Прибуття", "Arrival"],
            range: (t, a, b) => [t + " (можливо " + a + "–" + b + ")", t + " (could be " + a + "–" + b + ")"],
            alertTimes: (c, y) => [
              [c ? (c.includes(",") ? "Пересадки — сповіщення о " : "Пересадка — сповіщення о ") + c + "." : "", y ? "Ваша станція — сповіщення о " + y + "." : ""].join(" ").trim(),
              [c ? (c.includes(",") ? "The changes' alerts at " : "The change's alert at ") + c + "." : "", y ? "Your station's alert at " + y + "." : ""].join(" ").trim(),
            ],
            ahead: ["−1: поїзд на зупинку попереду", "−1: the train is a stop ahead"],
            behind: ["+1: поїзд на зупинку позаду", "+1: the train is a stop behind"],
            departed: ["Поїзд рушив", "Departed"],
            undo: ["Скасувати останнє виправлення", "Undo the last correction"],
            sound: ["Увімкнути звук сповіщень", "Turn the alerts' sound on"],
            arrived: ["Прибули", "Arrived"],
            stop: ["Зупинити поїздку", "Stop the ride"],
            confirmArrived: ["Ще раз — так, прибули", "Tap again: yes, arrived"],
            confirmStop: ["Ще раз — так, зупинити", "Tap again: yes, stop"],
            atLabel: ["Поїзд зараз на станції", "The train is now at"],
            at: ["Так, поїзд тут", "Yes, the train is here"],
            endHeading: ["Поїздку завершено", "The ride is over"],
            journal: (r, t0, p, c, o) => [
              r + " · рушили " + t0 + " · за планом " + p + " · " + (o === "arrived" ? "прибули " + c : o === "stopped" ? "зупинено " + c : "не підтверджено"),
              r + " · started " + t0 + " · planned " + p + " · " + (o === "arrived" ? "arrived " + c : o === "stopped" ? "stopped " + c : "not confirmed"),
            ],
            resume: ["Ні, поїздка триває", "No, the ride goes on"],
            again: ["Нова поїздка цим маршрутом", "A new ride on this route"],
            routeHeading: ["Маршрут", "The route"],
            toward: (l, t) => [l + " у напрямку станції " + t, l + " toward " + t],
            walk: (a, b, w) => ["Перехід " + a + " → " + b + ": " + w, "Walk " + a + " → " + b + ": " + w],
            wait: (w, m) => ["пересадка " + w + ", очікування 0–" + m, "walk " + w + ", a wait of 0–" + m],
            otherDay: (d, k) => ["Картку зроблено на " + d + " (" + k + ") для поїздки близько ", "This card was made for " + d + " (" + k + "), for a ride about "],
            otherDayEnd: ["; сьогодні час може бути інший.", "; at this moment the times may differ."],
            routeChoice: ["Маршрут поїздки", "The ride's route"],
            ifNow: (t, a) => ["Якщо рушити зараз: поїзд о " + t + ", прибуття о " + a + ".", "If the train moves now: it leaves at " + t + ", arriving at " + a + "."],
            holds: (d, s, to, today, k) => ["Розклад від " + d + " (" + s + "), чинний до " + to + ". Сьогодні " + today + ": " + k + ".", "Timetable of " + d + " (" + s + "), holding until " + to + ". Today " + today + ": " + k + "."],
            outside: (today, a, b) => ["Сьогодні (" + today + ") — поза розкладом цієї картки (чинний з " + a + " до " + b + "): поїзди можуть іти інакше. Зробіть нову картку з новішим розкладом.", "Today (" + today + ") is outside this card's timetable (it holds from " + a + " to " + b + "): the trains may differ. Make a new card from a newer timetable."],
            madeWith: (d, c) => ["Картку зроблено " + d + (c ? " зі змінами в русі: " + c + "." : " без змін у русі.") + " Пізніших змін у ній немає.", "Card made on " + d + (c ? " with these service changes: " + c + "." : " with no service changes.") + " Later changes are not in it."],
            awakeOff: ["Цей браузер не тримає екран увімкненим: екран може згаснути; сповіщення прийдуть, коли ви його ввімкнете.", "This browser does not keep the screen on: it may go dark; the alerts come when you turn it on again."],
            footer: (p) => ["Час обчислено з опублікованого розкладу від моменту, коли рушає поїзд (" + p + "). Картка нічого не надсилає.", "Times computed from the published timetable, from the moment the train moves (" + p + "). The card sends nothing anywhere."],
          };
          function byId(id) { return document.getElementById(id); }
          // A change's new platform: walked to, not ridden to (not a stop "left").
          function isEntry(i) { return entries.includes(i); }
          function t(key, ...args) {
            const value = S[key];
            const pair = typeof value === "function" ? value(...args) : value;
            return lang === "uk" ? pair[0] : pair[1];
          }
          // The engine's sentences, in the language shown, with the names filled in ({0}, {1}, …).
          function fill(template, args) { return template.replace(/\{(\d)\}/g, (_, i) => args[Number(i)]); }
          function say(key, ...args) { return fill(data.words[lang][key], args); }
          // An entry of one of the engine's tables by count (PocketCard.table): its template,
          // filled with the count (or the numbers given).
          function tableEntry(table, k, numbers) {
            const i = Math.min(k, table.k.length - 1);
            return fill(table.t[DIGITS.indexOf(table.k[i])], numbers || [i]);
          }
          // "about N minutes" for m minutes, with the numbers PocketCard.aboutNumbers takes out.
          function about(m) {
            const i = Math.min(Math.max(m, 1), data.words[lang].about.k.length - 1);
            return tableEntry(data.words[lang].about, i, i < 60 ? [i] : [Math.floor(i / 60), i % 60]);
          }
          function pairOf(pair) { return lang === "uk" ? pair[0] : pair[1]; }
          function name(index) { return lang === "uk" ? data.stops[index].uk : data.stops[index].en; }
          function stopName(index) { return data.closed[index] ? say("passing", name(index)) : name(index); }

          // Kyiv wall-clock time from the offsets the card carries.
          function offset(ms) {
            let value = top.zone[0][1];
            for (const [from, seconds] of top.zone) if (ms / 1000 >= from) value = seconds;
            return value;
          }
          function clock(ms) {
            const s = Math.floor(ms / 1000) + offset(ms);
            const day = ((s % 86400) + 86400) % 86400;
            const pad = (v) => String(v).padStart(2, "0");
            return pad(Math.floor(day / 3600)) + ":" + pad(Math.floor(day / 60) % 60) + ":" + pad(day % 60);
          }
          function hhmm(ms) { return clock(ms).slice(0, 5); }
          // The service day (it runs to 03:00) of a moment, as data.day writes it.
          function serviceDay(ms) {
            const local = new Date((Math.floor(ms / 1000) + offset(ms) - 3 * 3600) * 1000);
            return local.toISOString().slice(0, 10);
          }
          function span(ms) {
            const s = Math.max(0, Math.floor(ms / 1000));
            const pad = (v) => String(v).padStart(2, "0");
            return s >= 3600 ? Math.floor(s / 3600) + ":" + pad(Math.floor(s / 60) % 60) + ":" + pad(s % 60) : Math.floor(s / 60) + ":" + pad(s % 60);
          }
          // A duration as Language.duration writes it (its units from the engine, data.words.units):
          // "45 s", "2 min 5 s" under ten minutes, whole minutes under an hour, then "1 h 5 min".
          function duration(ms) {
            const [sec, min, hour] = data.words[lang].units;
            const s = Math.max(0, Math.floor(ms / 1000));
            if (s < 60) return s + " " + sec;
            if (s < 600) return Math.floor(s / 60) + " " + min + (s % 60 === 0 ? "" : " " + (s % 60) + " " + sec);
            const minutes = Math.round(s / 60);
            if (minutes < 60) return minutes + " " + min;
            return Math.floor(minutes / 60) + " " + hour + (minutes % 60 === 0 ? "" : " " + (minutes % 60) + " " + min);
          }

        """#
}
