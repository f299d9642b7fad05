extension PocketCard {
    /// The ride's taps (Start, the corrections, "the train is at", Arrived and Stop on a second
    /// touch) and its alerts: once each (`TripModel.due`), worded as `start` words them, shown
    /// while they still mean something (`RideView.highlighted`).
    static let scriptRender = #"""

          // A tap read by the engine's one rule (Tap, data.tap): before the first train's
          // allowance no train moves; within a published first or last departure's allowance the
          // tap is that train, timed from its departure; else it is t₀ itself.
          function readTap(ms) {
            const t = ms / 1000, rule = data.tap;
            if (rule.first !== null && t < rule.first - rule.early) return { kind: "refused", at: rule.first * 1000 };
            if (rule.first !== null && t < rule.first) return { kind: "early", t0: rule.first * 1000, by: rule.first - t };
            if (rule.last !== null && t > rule.last && t <= rule.last + rule.late) return { kind: "late", t0: rule.last * 1000, by: t - rule.last };
            return { kind: "running", t0: ms };
          }
          function startRide() {
            const tap = readTap(tableNow());
            // A tap that starts no ride, or one that cannot be made, is refused as `start`
            // refuses it: said, and Start stays for the next tap.
            if (tap.kind === "refused") {
              const toward = lang === "uk" ? data.legs[0].towardUk : data.legs[0].towardEn;
              refusal = say("notRunning", data.legs[0].line, toward, name(0), clock(tap.at));
            } else {
              const blocked = planned(tap.t0).x;
              refusal = blocked ? pairOf(blocked) : null;
            }
            if (refusal !== null) { render(); return; }
            const t0 = tap.t0;
            // The route and the day type in use, and the way from today to its day (a card that lasts).
            ride = { t0: t0, corrections: [], fired: {}, ended: null, route: book ? chosenRoute() : 0, dayType: data.dayType, shift: shiftFor(Date.now()) };
            save();
            const by = tap.kind === "running" ? "" : duration(Math.round(tap.by) * 1000);
            byId("said").textContent = tap.kind === "early" ? say("tapEarly", by, name(0), clock(t0))
              : tap.kind === "late" ? say("tapLate", by, name(0), clock(t0)) : "";
            unlockSound();
            if (window.Notification && Notification.permission === "default") {
              try { Notification.requestPermission(); } catch (error) { /* not offered here */ }
            }
            keepAwake();
            render();
            byId("next").focus();
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
          // The screen kept on during a ride (the Screen Wake Lock) where the browser allows it;
          // `awake` is false once it is known that it does not (no API, or the request refused).
          async function keepAwake() {
            if (!ride || ride.ended || document.visibilityState !== "visible") return;
            if (!navigator.wakeLock) { awake = false; render(); return; }
            try {
              wakeLock = await navigator.wakeLock.request("screen");
              awake = true;
              wakeLock.addEventListener("release", () => { wakeLock = null; });
            } catch (error) { wakeLock = null; awake = false; }
            render();
          }
          function release() {
            if (wakeLock) { wakeLock.release().catch(() => {}); wakeLock = null; }
          }

          function correct(kind, stop) {
            if (!ride || ride.ended) return;
            const correction = { kind: kind, time: tableNow() };
            if (kind === "departed") {
              // (A press between two renders, past the change's window: refused as the button is.)
              const s = current(ride), entered = anchor(correction, s);
              if (entered === null || correction.time > departedUntil(s, entered)) { render(); return; }
            }
            if (stop !== undefined) correction.stop = stop;
            ride.corrections.push(correction);
            save();
            const arrival = clock(current(ride).f).slice(0, 5);
            byId("said").textContent = fill(data.words[lang].corrected[kind], [arrival, stop === undefined ? "" : name(stop)]);
            render();
          }
          function undo() {
            if (!ride || ride.ended || ride.corrections.length === 0) return;
            ride.corrections.pop();
            save();
            byId("said").textContent = say("tookBack");
            render();
          }
          // Arrived and Stop end the ride only on a second touch within a few seconds (as the terminal
          // asks for a second key), and the end page can take it back.
          function end(outcome, at) {
            if (!ride || ride.ended) return;
            if (!armed || armed.outcome !== outcome || at - armed.at > CONFIRM) {
              armed = { outcome: outcome, at: at };
              render();
              return;
            }
            armed = null;
            ride.ended = { outcome: outcome, time: at };
            save();
            release();
            render();
          }
          function resume() {
            if (!ride || !ride.ended) return;
            ride.ended = null;
            save();
            keepAwake();
            render();
          }

          // An alert is due once its moment has come, and again only if a correction moved it
          // later than it rang (TripModel.due).
          function due(key, at, now) {
            if (at === null || now < at) return false;
            const fired = ride.fired[key];
            return fired === undefined || at - fired > REARM;
          }
          // The stops the train has still to reach at a moment, up to and counting `target`
          // (AlertWording.stopsAhead): more than data.nextWithin, and the alert says how many,
          // not "next".
          function stopsAhead(s, at, target) {
            const next = nextStop(s, at);
            if (next > target) return 0;
            let count = 0;
            for (let i = next; i <= target; i++) if (!isEntry(i) && !data.closed[i]) count += 1;
            return count;
          }
          // What an alert says (AlertText.sentence), from the engine's words: as it rings, or, for
          // the banner that stands after it (`now`), what is true when it is shown.
          function alertSentence(key, s, now) {
            const moment = (at) => (now === undefined ? at : Math.max(at, now));
            if (key === "yours") {
              const early = stopsAhead(s, moment(s.y), n - 1);
              return early > data.nextWithin ? say("yoursEarly", name(n - 1), tableEntry(data.words[lang].inAbout, early)) : say("yoursNext", name(n - 1));
            }
            const change = Number(key.slice(7)) - 1;
            const platform = entries[change], exit = platform - 1;
            const early = stopsAhead(s, moment(s.c[change]), exit);
            return early > data.nextWithin ? say(change === 0 ? "changeEarly" : "secondChangeEarly", name(exit), tableEntry(data.words[lang].inAbout, early))
              : say("changeNext", name(exit), name(platform));
          }
          // The alert still worth showing (RideView.highlighted): a change's until the train on the new
          // line leaves (or "departed" says it has), "yours" until the arrival; none once the ride is
          // over or a correction moved the moment ahead again.
          function highlighted(s, now) {
            // Rung, and not moved later since by more than REARM (TripModel.reArmMargin): the same alert.
            if (s.y !== null && ride.fired.yours !== undefined && s.y - ride.fired.yours <= REARM && now < s.a[n - 1]) return "yours";
            for (let change = entries.length - 1; change >= 0; change--) {
              const key = "change-" + (change + 1), at = s.c[change];
              if (at === null || ride.fired[key] === undefined || at - ride.fired[key] > REARM) continue;
              const leaves = s.d[entries[change]];
              if (leaves !== null && now >= leaves) continue;
              return key;
            }
            return null;
          }
          function ring(text) {
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
            s.c.forEach((at, change) => {
              const key = "change-" + (change + 1);
              if (due(key, at, now)) { ride.fired[key] = now; save(); ring(alertSentence(key, s)); }
            });
            if (due("yours", s.y, now)) { ride.fired.yours = now; save(); ring(alertSentence("yours", s)); }
          }
          function banner(s, now) {
            const element = byId("banner");
            const key = ride && !ride.ended && s && !s.x ? highlighted(s, now) : null;
            element.hidden = key === null;
            text("banner", key === null ? "" : alertSentence(key, s, now));
          }

          function text(id, value) {
            const element = byId(id);
            if (element.textContent !== value) element.textContent = value;
          }
          function list(id, lines) {
            const element = byId(id);
            const items = lines.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; });
            if (element.textContent !== lines.join("")) element.replaceChildren(...items);
          }

        """#
}
