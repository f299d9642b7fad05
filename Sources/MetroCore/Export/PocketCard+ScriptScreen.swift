extension PocketCard {
    /// The screen: the countdown first, the engine's sentence for the moment, plan's warnings
    /// before the tap, a ride that cannot be made said first, and the route; then the script's
    /// end (its listeners and the second's tick).
    static let scriptScreen = #"""
          function renderRoute(s, now) {
            const ol = byId("route");
            const next = s && now !== null ? nextStop(s, now) : -1;
            const items = [];
            const item = (label, when, kind, color, exact) => {
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
                // The engine's second, kept for whoever reads the page closely (the check).
                if (exact) time.dataset.seconds = exact;
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
              const leg = data.legs[stop.leg];
              if (i === 0 || isEntry(i)) {
                const number = i === 0 ? -1 : entries.indexOf(i);
                // Before the tap, plan's own line for the change (at the edges of the day it names the
                // trains the rider may catch); during the ride, the wait's range from the moment.
                if (number >= 0 && now === null && data.changes[number]) item(pairOf(data.changes[number]), "", "walk");
                else if (number >= 0 && s.w[number]) item(t("wait", span(s.w[number][0] * 1000), span(s.w[number][2] * 1000)), "", "walk");
                const legIndex = i === 0 ? 0 : number + 1;
                const l = data.legs[legIndex];
                item(t("toward", l.line, lang === "uk" ? l.towardUk : l.towardEn), "", "leg", l.color);
              }
              const classes = [i < next ? "passed" : "", i === next ? "next" : ""].join(" ").trim();
              // A stop's time as plan and the screen print it: to the minute (rounded down).
              const li = item(stopName(i), hhmm(time(s, i)), classes, leg.color, clock(time(s, i)));
              li.dataset.stop = String(i);
              if (i === next) li.setAttribute("aria-current", "step");
            }
            if (data.walkAfter) {
              const w = data.walkAfter;
              item(t("walk", lang === "uk" ? w.fromUk : w.fromEn, lang === "uk" ? w.toUk : w.toEn, span(w.seconds * 1000)), clock(s.f), "walk");
            }
            ol.replaceChildren(...items);
          }

          // The engine's sentence for the moment (LineRenderer.sentence, start --plain's words).
          function sentence(s, now, next) {
            const target = s.a[n - 1];
            let left = 0;
            for (let i = next; i < n; i++) if (!isEntry(i) && !data.closed[i]) left += 1;
            const words = data.words[lang];
            const minutes = Math.max(1, Math.round(Math.abs(Math.round((target - now) / 1000)) / 60));
            const rest = say("left", tableEntry(words.stopsLeft, left), about(minutes));
            if (next >= n) return say("arrived", name(n - 1));
            if (isEntry(next)) {
              const leg = data.legs[entries.indexOf(next) + 1];
              return say("change", name(next - 1), name(next), lang === "uk" ? leg.towardUk : leg.towardEn, rest);
            }
            return say("next", stopName(next), rest);
          }

          function render() {
            choose();
            document.documentElement.lang = lang;
            byId("lang-uk").setAttribute("aria-pressed", String(lang === "uk"));
            byId("lang-en").setAttribute("aria-pressed", String(lang === "en"));
            const from = name(0), to = lang === "uk" ? (data.walkAfter ? data.walkAfter.toUk : data.stops[n - 1].uk) : (data.walkAfter ? data.walkAfter.toEn : data.stops[n - 1].en);
            const origin = data.walkBefore ? (lang === "uk" ? data.walkBefore.fromUk : data.walkBefore.fromEn) : from;
            text("title", t("title", origin, to));
            document.title = t("title", origin, to);
            // A card that lasts says what it holds: the timetable, today's day type, today outside
            // the timetable's dates (before the tap), the service changes it was made with.
            const today = serviceDay(Date.now());
            text("day", (book ? today : data.day) + " · " + pairOf(data.timetable));
            if (book) {
              const source = book.source;
              const outside = (source.from !== null && today < source.from) || (source.to !== null && today > source.to);
              byId("outside").hidden = !outside;
              text("outside", outside ? t("outside", today, source.from, source.to) : "");
              byId("holds").hidden = false;
              text("holds", t("holds", source.dated, source.publisher, source.to, today, pairOf(data.timetable)));
              byId("made").hidden = false;
              text("made", t("madeWith", book.made, book.changes.map(pairOf).join("; ")));
              renderChoice();
            }
            for (const id of ["plan-heading", "warnings-heading", "ride-heading", "route-heading", "start", "start-note", "stops-label", "next-label",
              "arrival-label", "ahead", "behind", "departed", "undo", "sound", "at-label", "at", "end-heading", "resume", "again", "impossible-heading"]) {
              const key = id.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
              text(id, t(key === "impossibleHeading" ? "impossible" : key));
            }
            text("arrived", t(armed && armed.outcome === "arrived" ? "confirmArrived" : "arrived"));
            text("stop", t(armed && armed.outcome === "stopped" ? "confirmStop" : "stop"));
            text("footer", t("footer", data.product));
            const notes = data.notes.map(pairOf);
            list("warning-list", notes);
            list("ride-warnings", notes);
            byId("warnings").hidden = notes.length === 0;

            const now = tableNow();
            if (armed && now - armed.at > CONFIRM) armed = null;
            if (ride && !ride.ended && now - current(ride).f > EXPIRY) {
              ride.ended = { outcome: "expired", time: now };
              save();
              release();
            }
            // Before the tap, a card that lasts shows the ride a tap now would start (Tap's reading).
            const tap = book ? readTap(now) : null;
            const plan = planned(tap ? (tap.kind === "refused" ? data.tap.first * 1000 : tap.t0) : data.departure * 1000);
            byId("before").hidden = !!ride;
            byId("ride").hidden = !ride || !!ride.ended;
            byId("end").hidden = !ride || !ride.ended;
            if (!ride) {
              text("planned", tap && plan.x ? pairOf(plan.x) : t(tap && tap.kind !== "refused" ? "ifNow" : "planned", clock(plan.d[0]), clock(plan.f)));
              byId("refused").hidden = refusal === null;
              text("refused", refusal === null ? "" : refusal);
              banner(null, now);
              renderRoute(plan, null);
              return;
            }
            const s = current(ride);
            if (ride.ended) {
              banner(s, now);
              const route = byId("title").textContent;
              const p = planned(ride.t0);
              text("journal", t("journal", route, clock(ride.t0), clock(p.f), clock(ride.ended.time), ride.ended.outcome));
              renderRoute(s, ride.ended.time);
              return;
            }
            byId("sound").hidden = !soundLocked();
            // A tap that starts a ride that cannot be made: said first and large, and no train that
            // does not run is counted down or rung for.
            byId("impossible").hidden = !s.x;
            byId("count").hidden = !!s.x;
            byId("figures").hidden = !!s.x;
            byId("alerts").hidden = !!s.x;
            if (s.x) text("impossible-text", pairOf(s.x));
            else alerts(s, now);
            banner(s, now);
            const next = nextStop(s, now);
            const exits = entries.map((entry) => entry - 1);
            text("next", s.x ? "" : sentence(s, now, next));
            text("next-time", next < n ? hhmm(time(s, next)) : hhmm(s.a[n - 1]));
            byId("next-time").dataset.seconds = next < n ? clock(time(s, next)) : clock(s.a[n - 1]);
            text("next-station", next < n ? stopName(next) : name(n - 1));
            let left = 0;
            for (let i = next; i < n; i++) if (!isEntry(i) && !data.closed[i]) left += 1;
            text("stops", tableEntry(data.words[lang].stops, left));
            // The countdown: to the change while it is ahead, then to your station.
            const change = exits.find((exit) => s.a[exit] > now);
            text("countdown-label", change !== undefined ? t("toChange", name(change)) : t("toStation", name(n - 1)));
            text("countdown", duration((change !== undefined ? s.a[change] : s.a[n - 1]) - now));
            text("arrival", s.e === s.l ? clock(s.f) : t("range", clock(s.f), clock(s.e), clock(s.l)));
            // Every change's alert still to come (past them all, the last one's).
            const changes = s.c.filter((at) => at !== null && at > now);
            const shownChanges = changes.length ? changes : s.c.filter((at) => at !== null).slice(-1);
            text("alerts", t("alertTimes", shownChanges.map(clock).join(", "), s.y !== null ? clock(s.y) : ""));
            byId("departed").hidden = entries.length === 0;
            // Taken from the change's exit until the train can no longer be leaving its new
            // platform; later, the card says why and points to "The train is now at".
            const entered = anchor({ kind: "departed", time: now }, s);
            const late = entered !== null && now > departedUntil(s, entered);
            byId("departed").disabled = entered === null || late;
            text("departed-late", late ? fill(data.words[lang].departedLate, [name(entered)]) : "");
            byId("departed-late").hidden = !late;
            byId("undo").disabled = ride.corrections.length === 0;
            renderStations(s, now);
            // Used on another day, or far from the minutes it was made for: the day, the timetable and
            // the time it was made for, named.
            const away = !book && (serviceDay(ride.t0) !== data.day || Math.abs(ride.t0 / 1000 - data.departure) > 60 * 115);
            text("other-day", away ? t("otherDay", data.day, pairOf(data.timetable)) + clock(data.departure * 1000) + t("otherDayEnd") : "");
            byId("other-day").hidden = !away;
            byId("awake").hidden = awake !== false;
            text("awake", awake === false ? t("awakeOff") : "");
            renderRoute(s, now);
          }
          // The routes of a card that lasts, chosen before the tap (kept for the next visit).
          function renderChoice() {
            const select = byId("route-choice");
            byId("choice").hidden = !!ride || book.routes.length < 2;
            text("route-choice-label", t("routeChoice"));
            const key = lang + book.routes.length;
            if (select.dataset.key !== key) {
              select.replaceChildren(...book.routes.map((route, i) => { const o = document.createElement("option"); o.value = String(i); o.textContent = pairOf(route.name); return o; }));
              select.dataset.key = key;
            }
            select.value = String(chosenRoute());
          }
          // "The train is at": every stop the train stands at from the next one back to the first.
          function renderStations(s, now) {
            const select = byId("at-station");
            const options = [];
            for (let i = 1; i < n; i++) {
              if (isEntry(i) || data.closed[i]) continue;
              options.push([String(i), name(i)]);
            }
            const key = lang + options.map((option) => option[1]).join("|");
            if (select.dataset.key === key) return;
            const chosen = select.value || String(Math.min(nextStop(s, now), n - 1));
            select.replaceChildren(...options.map(([value, label]) => { const o = document.createElement("option"); o.value = value; o.textContent = label; return o; }));
            select.value = chosen;
            select.dataset.key = key;
          }

          byId("start").addEventListener("click", startRide);
          byId("ahead").addEventListener("click", () => correct("ahead"));
          byId("behind").addEventListener("click", () => correct("behind"));
          byId("departed").addEventListener("click", () => correct("departed"));
          byId("at").addEventListener("click", () => correct("at", Number(byId("at-station").value)));
          byId("undo").addEventListener("click", undo);
          byId("sound").addEventListener("click", () => { unlockSound(); render(); });
          // Any tap during a ride is a chance to unlock the sound.
          document.addEventListener("pointerdown", () => { if (ride && !ride.ended) unlockSound(); }, true);
          byId("arrived").addEventListener("click", () => end("arrived", tableNow()));
          byId("stop").addEventListener("click", () => end("stopped", tableNow()));
          byId("route-choice").addEventListener("change", () => {
            try { localStorage.setItem(KEY + ":route", byId("route-choice").value); } catch (error) { /* kept for the tab */ }
            byId("said").textContent = "";
            refusal = null;
            render();
          });
          byId("resume").addEventListener("click", resume);
          byId("again").addEventListener("click", () => { ride = null; save(); localStorage.removeItem(KEY); render(); });
          for (const choice of ["uk", "en"]) {
            byId("lang-" + choice).addEventListener("click", () => {
              lang = choice;
              try { localStorage.setItem("metro-timer-lang", lang); } catch (error) { /* kept for the tab */ }
              render();
            });
          }
          // Back from a locked screen or another tab: the position is recomputed at once.
          document.addEventListener("visibilitychange", () => { keepAwake(); render(); });
          window.addEventListener("focus", render);
          window.addEventListener("pageshow", render);
          byId("next").tabIndex = -1;
          render();
          if (ride && !ride.ended) keepAwake();
          setInterval(render, 1000);
        })();

        """#
}
