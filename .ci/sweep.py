"""The differential sweep: for many rides and moments, what each surface tells the rider, compared.

A ride is a route, a day, a language, a tap (t0) and corrections at chosen moments. For each
ride the sweep asks four surfaces, each as the rider meets it:

- the pocket card (`metro-timer card … --output`) in headless Chromium, its clock driven by the
  script: tapped at t0, stepped through every moment of the ride in one page load (one script
  call per stretch between corrections), its buttons pressed at each correction's moment;
- `start --plain` and `start --events`, rehearsals (`--at`, `--date`, `--speed`) with the same
  keys typed at the same ride times: --events carries each event's time; --plain's lines are
  dated by when they arrive (the ride's clock is real time × speed; the rehearsal draws one
  frame a ride second), anchored on the alerts and the arrival --events dates, and a moment
  within LAG + GUARD seconds before or GUARD after a --plain line is not compared with --plain
  (which side of it the line fell is not known); a rehearsal takes a key at the ride second its
  screen shows, which two rehearsals fed by two typists reach a few ride seconds apart, so
  --plain is compared up to its first correction and --events after it;
- `metro-timer status` on a real trip (`start`, then `adjust`/`departed`/`at` at the moments
  --events reported), all under libfaketime frozen at each moment (one process per moment, so it
  is sampled: every STATUS_STEP seconds and at each alert).

The questions, where both surfaces of a pair answer them:
- ok: can the ride be made (and if not, which line's train blocks it);
- phase: riding, walking a change, arrived;
- next: the next station and the stops left;
- cue: "yours is next", "get ready", "change is next" (or nothing) standing at that moment;
- count: the stops a "get ready" banner counts against the stops left then;
- arrival: the countdown's target, to the second (status: the moment plus its m:ss, rounded up);
- alerts: the alerts still to come (card: as it lists them; --events: the ones it then rang).

Prints moments compared per surface pair, disagreements by question with the first examples,
and exits 1 on any disagreement.

Usage: python sweep.py PATH/TO/metro-timer [--sample | --full] [--only TEXT] [--limit N] [--stride K] [--jobs N] [--allow N]
(--only keeps the rides whose description contains TEXT, --stride K every K-th ride; docs/guide/calendar-and-card.md.)
"""
import collections
import concurrent.futures
import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cardpage  # noqa: E402  (the browser, the page's clock and libfaketime, shared with .ci/check-card.py)

BINARY = os.path.abspath(sys.argv[1])
FULL = "--full" in sys.argv
LIMIT = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else None
STRIDE = int(sys.argv[sys.argv.index("--stride") + 1]) if "--stride" in sys.argv else 1
JOBS = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else (12 if FULL else 8)
ONLY = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
SPEED = 120          # the rehearsals' speed: a real second is two ride minutes
LAG = 8              # ride seconds a rehearsal's frame may come late on a loaded machine (67 ms at ×120)
GUARD = 3            # ride seconds around a --plain line where --plain is not compared
STEP = 10            # a moment every STEP ride seconds
STATUS_STEP = 60 if FULL else 120
KYIV = dt.timezone(dt.timedelta(hours=2))  # December: Kyiv is UTC+2 all month
HOME = tempfile.mkdtemp(prefix="metro-timer-sweep-")
ENV = {"NO_COLOR": "1", "PATH": "/usr/bin:/bin", "METRO_TIMER_CONFIG": HOME + "/config", "METRO_TIMER_ALERT_BACKEND": "off",
       "METRO_TIMER_HOME": HOME + "/state"}
MONDAY, SATURDAY = "2026-12-07", "2026-12-12"

# Routes: one line, one change, two changes around a closure.
ONE_LINE = [("Lisova", "Arsenalna"), ("Akademmistechko", "Khreshchatyk"), ("Heroiv Dnipra", "Lybidska"),
            ("Teremky", "Obolon"), ("Syrets", "Vydubychi"), ("Chervonyi Khutir", "Zoloti Vorota")]
ONE_CHANGE = [("Lisova", "Teremky"), ("Akademmistechko", "Chervonyi Khutir"), ("Teremky", "Syrets"),
              ("Heroiv Dnipra", "Lisova"), ("Syrets", "Akademmistechko"), ("Chervonyi Khutir", "Heroiv Dnipra"),
              ("Darnytsia", "Lukianivska")]
CLOSURE = [("Lisova", "Teremky", "Maidan Nezalezhnosti"), ("Lisova", "Teremky", "Khreshchatyk"),
           ("Akademmistechko", "Obolon", "Teatralna")]
# The first and the last train of every line: from each terminus that has a published first and
# last departure (Data/kyiv-timetable.csv), to the other end of its line.
TERMINI = [("Lisova", "Akademmistechko", "05:34:45", "22:30:00"), ("Akademmistechko", "Lisova", "05:51:00", "22:30:00"),
           ("Heroiv Dnipra", "Teremky", "05:30:00", "22:30:00"), ("Teremky", "Heroiv Dnipra", "05:57:30", "22:30:00"),
           ("Syrets", "Chervonyi Khutir", "06:00:00", "22:30:00"), ("Chervonyi Khutir", "Syrets", "05:57:00", "22:25:00")]


def seconds(hms):
    h, m, s = (list(map(int, hms.split(":"))) + [0])[:3]
    return h * 3600 + m * 60 + s


def clock(total):
    return "%02d:%02d:%02d" % (total // 3600, total // 60 % 60, total % 60)


def rides():
    """Every ride of the run: ((from, to, closed), date, language, the card's --at, the tap as
    seconds of the day, corrections [(ride seconds after the tap, key)] or "departed")."""
    out = []
    corrections = [[(180, "+")], [(360, "-")], [(240, "+"), (480, "-"), (600, "+")]]
    # The sample: Monday in English, Saturday in Ukrainian (the edges of the day and the changes
    # there); the full run: both days in both languages, everything.
    days = [(MONDAY, "en", True), (SATURDAY, "uk", False)] if not FULL else [
        (MONDAY, "en", True), (MONDAY, "uk", True), (SATURDAY, "en", True), (SATURDAY, "uk", True)]
    for date, language, whole in days:
        # Taps at minutes through the card's window (−10 … +110 min around its --at, 08:15).
        offsets = [-10, 20, 50, 80, 110] if FULL else [0, 55]
        for origin, destination in (ONE_LINE + ONE_CHANGE if whole else ONE_CHANGE):
            for minute in (offsets if whole else [0]):
                out.append(((origin, destination, None), date, language, "08:15", seconds("08:15") + 60 * minute, []))
            for keys in (corrections if FULL else corrections[2:]) if whole else []:
                out.append(((origin, destination, None), date, language, "08:15", seconds("08:15"), keys))
            if (origin, destination) in ONE_CHANGE:
                out.append(((origin, destination, None), date, language, "08:15", seconds("08:15"), "departed"))
        for origin, destination, closed in CLOSURE:
            for minute in (offsets if FULL else [0]):
                out.append(((origin, destination, closed), date, language, "08:15", seconds("08:15") + 60 * minute, []))
            out.append(((origin, destination, closed), date, language, "08:15", seconds("08:15"), "departed"))
        # Taps at seconds around each published first and last departure (−30 s … +5 min).
        around = [-30, -5, -1, 0, 1, 4, 30, 90, 180, 300] if FULL else [-5, 4]
        for origin, destination, first, last in TERMINI:
            for edge in (first, last):
                for delta in around:
                    out.append(((origin, destination, None), date, language, edge[:5], seconds(edge) + delta, []))
        # The last train that makes its change, tapped late, and the card made earlier (22:22)
        # and tapped on the last M1.
        for delta in ([0, 3, 30, 90] if FULL else [3, 90]):
            out.append((("Lisova", "Darnytsia", None), date, language, "22:30", seconds("22:30:00") + delta, []))
            out.append((("Lisova", "Teremky", None), date, language, "22:22", seconds("22:30:00") + delta, []))
    # "at STATION" on the card and the real trip (a rehearsal takes no `at`): a tap 4 min late,
    # then the station the train is at (plan's fourth stop, at the moment the sweep picks).
    for origin, destination in (ONE_LINE if FULL else ONE_LINE[:1]):
        out.append(((origin, destination, None), MONDAY, "en", "08:15", seconds("08:19"), [(300, "at:")]))
    if ONLY:
        out = [ride for ride in out if ONLY in " ".join(map(str, ride))]
    out = out[::STRIDE]
    return out[:LIMIT] if LIMIT else out


def run(args, env=None, stdin=None, codes=(0,)):
    result = subprocess.run([BINARY, *args], capture_output=True, text=True, env=env or ENV, input=stdin)
    if result.returncode not in codes:
        raise RuntimeError(f"{args}: exit {result.returncode}: {result.stderr.strip()}")
    return result


def epoch(text):
    return int(dt.datetime.fromisoformat(text).timestamp())


def kyiv(date, secs):
    day = dt.datetime.fromisoformat(date + "T00:00:00+02:00")
    return int(day.timestamp()) + secs


def hms_of(stamp):
    return dt.datetime.fromtimestamp(stamp, KYIV).strftime("%H:%M:%S")


# ---------------------------------------------------------------- reading what is said

READY = ("get ready", "готуйтеся")


def cue_of(text):
    """yours, ready, change, change-ready or "" from a banner, an alert's message or status's mark."""
    t = (text or "").lower()
    if any(w in t for w in READY):
        return "change-ready" if ("change" in t or "пересад" in t) else "ready"
    if "change is next" in t or "пересадка — наступна" in t:
        return "change"
    if "yours is next" in t or "наступна — ваша" in t:
        return "yours"
    return ""


COUNT = re.compile(r"(?:in about|приблизно за) (\d+)")
STOPS = re.compile(r"(\d+) (?:stops? left|зупин\w*)")
LINE = re.compile(r"\b(M[123])\b")


def sentence_state(text):
    """phase, next station and stops left from the sentence --plain and the card share."""
    if text.startswith(("Next: ", "Наступна: ")):
        phase = "riding"
        station = text.split(": ", 1)[1].split(". ")[0].rstrip(".")
    elif text.startswith(("Change at ", "Пересадка на станції ")) and not cue_of(text):
        phase = "walking"
        station = text.split(": ", 1)[0].split(" ", 2)[-1].replace("станції ", "")
    elif text.startswith(("By the timetable", "За розкладом")):
        return {"phase": "arrived"}
    else:
        return {}
    found = STOPS.search(text) or re.search(r"Лишил\w* (\d+)", text)
    return {"phase": phase, "next": station, "stops": int(found[1]) if found else None}


# ---------------------------------------------------------------- the rehearsals

def rehearse(arguments, tap, keys, mode):
    """`start … --speed SPEED MODE` with the keys typed at their ride times: [(arrival stamp in
    real seconds, line)]."""
    process = subprocess.Popen([BINARY, "start", *arguments, "--at", clock(tap % 86400), "--speed", str(SPEED), mode],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    lines = []
    first = threading.Event()

    def typist():
        # The ride's clock starts with the rehearsal (its first line), not with the process.
        first.wait(timeout=60)
        began = lines[0][0] if lines else time.monotonic()
        for at, key in keys:
            time.sleep(max(0, at / SPEED - (time.monotonic() - began)))
            try:
                process.stdin.write(key)
                process.stdin.flush()
            except (BrokenPipeError, ValueError):
                return

    thread = threading.Thread(target=typist, daemon=True)
    thread.start()
    for line in process.stdout:
        lines.append((time.monotonic(), line.rstrip("\n")))
        first.set()
    first.set()
    process.wait(timeout=60)
    thread.join(timeout=5)
    return lines


def events_state(events):
    """From --events: the tap as the ride took it, each correction's moment, the alerts with
    their moments, warnings, the arrival after each event. The warnings said at the ride's first
    frame are known from the start: they are dated with the start event (at ×120 a loaded
    machine's first frame can come a few ride seconds after it)."""
    parsed = [json.loads(line) for _, line in events if line.startswith("{")]
    start = next((e for e in parsed if e["event"] == "start"), None)
    for event in parsed[parsed.index(start) + 1 if start else 0:]:
        if event["event"] != "warning":
            break
        event["time"] = start["time"] if start else event["time"]
    return parsed


def plain_timeline(plain, events, tap):
    """--plain's lines dated in ride seconds: real arrival × speed from the rehearsal's start,
    anchored (as early as any anchor allows) on the alerts and the arrival that --events dates
    before the first correction. After a correction the two rehearsals are two rides: each takes
    its key at the ride second its screen shows when the key arrives, and a key typed at ×120
    lands within several ride seconds (the typist's thread on a loaded machine), so --plain is
    compared only up to its first correction, and not at all when no anchor comes before it (the
    rehearsal's first line is no anchor: on a loaded machine it came 1.25 s late, 150 ride
    seconds). A warning in the first frame tells the ride as it starts: it is dated with the
    tap, as `events_state` dates the first frame's warnings."""
    first_key = min((epoch(e["time"]) for e in events if e["event"] == "correction"), default=None)
    anchors = [e for e in events if e["event"] in ("alert", "transfer-alert", "arrival")
               and (first_key is None or epoch(e["time"]) < first_key)]
    said = [(stamp, line) for stamp, line in plain]
    starts = []
    seen = collections.Counter()
    for event in anchors:
        # The n-th time a message is said against the n-th time it is rung.
        seen[event.get("message")] += 1
        same = [stamp for stamp, line in said if line == event.get("message")]
        if len(same) >= seen[event.get("message")]:
            starts.append(same[seen[event.get("message")] - 1] - (epoch(event["time"]) - tap) / SPEED)
    # An event is rung at the first frame at or after its moment, a frame a little late on a
    # loaded machine: the earliest estimate is the best one.
    if not starts:
        if first_key is not None:
            with LOCK:
                skipped["--plain rides with no alert before the first correction"] += 1
        return None
    start = min(starts)
    # The first frame: the lines that arrive with the first one (one write, a few ms apart).
    first = said[0][0]
    timeline = [(tap if stamp - first < 0.05 and line.startswith("⚠") else tap + int((stamp - start) * SPEED + 0.25), line)
                for stamp, line in said]
    return {"lines": sorted(timeline, key=lambda entry: entry[0]), "until": first_key}


def plain_at(timeline, moment):
    """What --plain has said by `moment` (None within GUARD of a line: not known which side; from
    20 s before its first correction on: see `plain_timeline`)."""
    if timeline["until"] is not None and moment >= timeline["until"] - 20:
        with LOCK:
            skipped["--plain moments after its first correction"] += 1
        return None
    if any(-LAG - GUARD <= moment - when <= GUARD for when, _ in timeline["lines"]):
        return None
    state = {"ok": True}
    for when, line in timeline["lines"]:
        if when > moment:
            break
        if line.startswith("⚠") and ("cannot be completed" in line or "не можна завершити" in line):
            state["ok"] = False
            found = LINE.search(line)
            state["blocker"] = found[1] if found else "?"
        parsed = sentence_state(line)
        if parsed:
            state.update({k: parsed.get(k) for k in ("phase", "next", "stops")})
    return state


def events_at(events, moment):
    state = {"ok": True}
    for event in events:
        if epoch(event["time"]) > moment:
            break
        if event.get("kind") == "cannot-complete":
            state["ok"] = False
            found = LINE.search(event["message"])
            state["blocker"] = found[1] if found else "?"
        if "arrival" in event:
            state["arrival"] = epoch(event["arrival"])
        if event["event"] in ("alert", "transfer-alert") and epoch(event["time"]) == moment:
            state["said"] = event["message"]
    later = [e for e in events if epoch(e["time"]) > moment]
    if not any(e["event"] == "correction" for e in later):
        state["alerts"] = (moment, sorted(epoch(e["time"]) for e in later if e["event"] in ("alert", "transfer-alert")))
    return state


# ---------------------------------------------------------------- status on a real trip

STATUS_ARRIVAL = re.compile(r"(?:arrival in|прибуття через) (\d+):(\d\d)")


def status_state(line, moment, language):
    if not line:
        return {"ok": False, "blocker": "no trip"}
    if ": there? " in line or ": на місці? " in line:
        return {"ok": True, "phase": "arrived"}
    parts = line.split(" · ")
    head = parts[0].split(" ")
    state = {"ok": True, "next": " ".join(head[1:-1]), "stops": int(re.match(r"\d+", parts[1])[0])}
    found = STATUS_ARRIVAL.search(line)
    if found:
        state["arrival"] = moment + int(found[1]) * 60 + int(found[2])
    state["cue"] = next((cue_of(p) for p in parts[3:] if cue_of(p)), "")
    for part in parts[3:]:
        if part.startswith("⚠") and ("gone" in part or "пішов" in part):
            state["ok"] = False
            state["blocker"] = LINE.search(part)[1]
    return state


def status_run(ft, arguments, tap, corrections, moments, language):
    """The real trip: started at the tap, corrected at the moments --events gave, and `status`
    at each of `moments`: {moment: state}."""
    home = tempfile.mkdtemp(dir=HOME)
    try:
        started = run(["start", *strip_rehearsal(arguments), "--events"],
                      env=ft.env(tap, ENV, home), stdin="q", codes=(0, 1))
        if started.returncode != 0:
            found = LINE.search(started.stderr)
            return {m: {"ok": False, "blocker": found[1] if found else "?"} for m in moments}
        states = {}
        pending = sorted(corrections)
        for moment in moments:
            while pending and pending[0][0] <= moment:
                when, command = pending.pop(0)
                run(command, env=ft.env(when, ENV, home), codes=(0, 1, 64, 65))
            line = run(["status", "--lang", language], env=ft.env(moment, ENV, home)).stdout.strip()
            states[moment] = status_state(line, moment, language)
        return states
    finally:
        shutil.rmtree(home, ignore_errors=True)


def strip_rehearsal(arguments):
    """A real start takes the route, the language and the service changes, not the date."""
    at = arguments.index("--date")
    return arguments[:at] + arguments[at + 2:]


# ---------------------------------------------------------------- the card

class Card:
    READ = """
      const out = [];
      const t = (id) => { const e = document.getElementById(id); return e && !e.hidden && e.offsetParent !== null ? e.innerText : null; };
      for (const m of arguments[0]) {
        sessionStorage.setItem("__now", String(m));
        window.dispatchEvent(new Event("focus"));
        out.push([m, t("before"), t("end"), t("impossible"), t("next"), t("arrival"), t("alerts"), t("banner")]);
      }
      return out;
    """

    def __init__(self):
        self.cardpage = cardpage
        self.driver = cardpage.chromium()
        self.script = None
        self.made = {}
        self.unpressed = []

    # The corrections the page has stored for its ride (every card's key).
    CORRECTIONS = """
      let count = 0;
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith("metro-timer-card:")) continue;
        try { count += ((JSON.parse(localStorage.getItem(key)) || {}).corrections || []).length; } catch (error) { /* not a ride */ }
      }
      return count;
    """

    def page(self, arguments, at):
        key = (tuple(arguments), at)
        if key not in self.made:
            path = f"{HOME}/card-{len(self.made)}.html"
            result = subprocess.run([BINARY, "card", *arguments, "--at", at, "--output", path], capture_output=True, text=True, env=ENV)
            self.made[key] = path if result.returncode == 0 else None
        return self.made[key]

    def ride(self, path, tap_ms, steps):
        """Taps Start at tap_ms, then for each (moment_ms, action) presses the action's button at
        its moment (if any) and reads the page: [(moment_ms, fields…)]."""
        driver = self.driver
        if self.script:
            driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": self.script})
        self.script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                             {"source": self.cardpage.clock_script(tap_ms)})["identifier"]
        if not self.cardpage.open_fresh(driver, path):
            raise RuntimeError(f"{path}: the card does not open afresh once its storage is cleared")
        driver.execute_script(self.cardpage.SET_MOMENT, tap_ms)
        driver.execute_script("document.getElementById('start').click();")
        rows, batch = [], []
        for moment, action in steps:
            if action:
                rows += driver.execute_script(self.READ, batch) if batch else []
                batch = []
                driver.execute_script(self.cardpage.SET_MOMENT, moment)
                if action.startswith("at:"):
                    driver.execute_script(
                        "const s = document.getElementById('at-station'); const o = [...s.options].find((o) => o.text === arguments[0]);"
                        "if (o) { s.value = o.value; s.dispatchEvent(new Event('change')); }", action[3:])
                    button = "at"
                else:
                    button = {"+": "behind", "-": "ahead", "d": "departed"}[action]
                # The press taken is a correction more in the page's stored ride; a button not
                # there yet (the page mid-render on a loaded machine) is tried again, and a press
                # that never takes is reported, never skipped in silence.
                taken = driver.execute_script(self.CORRECTIONS)
                for _ in range(5):
                    elements = driver.find_elements("id", button)
                    if elements and elements[0].is_displayed() and elements[0].is_enabled():
                        elements[0].click()
                    if driver.execute_script(self.CORRECTIONS) > taken:
                        break
                    time.sleep(0.1)
                else:
                    self.unpressed.append((moment, action))
            batch.append(moment)
        rows += driver.execute_script(self.READ, batch) if batch else []
        return rows

    def close(self):
        self.driver.quit()


TIME = re.compile(r"\d\d:\d\d:\d\d")


def card_state(row):
    _, before, end, impossible, sentence, arrival, alerts, banner = row
    moment = row[0] // 1000
    if before is not None:
        return {"phase": "before"}
    if end is not None:
        return {"phase": "ended"}
    if impossible is not None:
        found = LINE.search(impossible)
        return {"ok": False, "blocker": found[1] if found else "?"}
    state = {"ok": True, **sentence_state(sentence or "")}
    times = TIME.findall(arrival or "")
    if times:
        day = moment - (moment + 7200) % 86400
        target = day + seconds(times[0])
        state["arrival"] = target + (86400 if target < moment - 43200 else 0)
    day = moment - (moment + 7200) % 86400
    state["alerts"] = (moment, sorted(t for t in (day + seconds(t) for t in TIME.findall(alerts or "")) if t > moment))
    state["cue"] = cue_of(banner)
    state["banner"] = banner or ""
    found = COUNT.search(banner or "")
    if found:
        state["count"] = int(found[1])
    return state


# ---------------------------------------------------------------- one ride

QUESTIONS = ["ok", "phase", "next", "cue", "said", "count", "arrival", "alerts"]
compared = collections.Counter()          # (pair) -> moments compared
checked = collections.Counter()           # (pair, question) -> answers compared
moments_per_surface = collections.Counter()
disagreements = collections.defaultdict(list)  # question -> [text]
skipped = collections.Counter()
kinds = collections.Counter()             # (question, pair, answer, answer) -> disagreements
spent = collections.Counter()             # seconds in the browser, in status's processes


def answer(state, question):
    if not state:
        return None
    if question == "ok":
        return (state["ok"], state.get("blocker")) if "ok" in state else None
    if state.get("ok") is False:
        return None
    if question == "phase":
        phase = state.get("phase")
        return None if phase is None or phase in ("before", "ended") else phase
    if question == "next":
        if state.get("phase") not in ("riding", "walking", None) or state.get("next") is None:
            return None
        return (state.get("phase"), state.get("next"), state.get("stops"))
    if question == "said":
        # At an alert's moment (--events rang it): its words against the card's banner then, and
        # against the kind of cue status shows then.
        return None
    if question == "count":
        # (A change's "get ready" counts the stops to the change: not the stops left.)
        if "count" in state:
            return state["count"] if state.get("cue") == "ready" else None
        return state.get("stops") if state.get("phase") in ("riding", None) and "next" in state else None
    return state.get(question)


def kind(question, value):
    """A disagreement's answer, coarse enough to count alike ones together."""
    if question == "next":
        return value[0]
    if question == "arrival":
        return "…"
    if question == "alerts":
        return len(value[1])
    return value


def agree(question, a, b):
    if question == "arrival":
        return abs(a - b) <= 2
    if question == "alerts":
        # The card anchors its alerts at whole seconds; --events rings at the first frame at or
        # after the moment (a frame a second or two late on a loaded machine): the card's time
        # within −1 … +LAG s of the rehearsal's, the ones due in LAG s left out of both.
        # Each of the card's matched with one of the rehearsal's; one left over is a disagreement
        # unless it is due within 2·LAG s (the other may be just past the moment, or not yet).
        moment, left, right = a[0], list(a[1]), list(b[1])
        for x in list(left):
            match = next((y for y in right if -1 <= y - x <= LAG), None)
            if match is not None:
                left.remove(x)
                right.remove(match)
        return all(t <= moment + 2 * LAG + 1 for t in left + right)
    if question == "phase" and "walking" in (a, b) and "riding" in (a, b):
        return False
    if question == "next":
        # status names the station the train stands at next; while the rider walks a change the
        # sentence names the change: there only the stops left are compared.
        if None in (a[0], b[0]) and "walking" in (a[0], b[0]):
            return a[2] == b[2]
        # A closed station the train runs through: the sentence names it as passed without
        # stopping, status (one short line) the station the train stands at next; the stops left
        # are the same count (RideState.nextStanding).
        if None in (a[0], b[0]) and any(str(x[1]).endswith(("(passing without stopping)", "(без зупинки)")) for x in (a, b)):
            return a[2] == b[2]
        return a[1:] == b[1:]
    return a == b


LOCK = threading.Lock()  # the counters, and the one browser


def compare(name, moment, states):
    names = sorted(states)
    for surface in names:
        if states[surface] is not None:
            moments_per_surface[surface] += 1
    for i, left in enumerate(names):
        for right in names[i + 1:]:
            a, b = states[left], states[right]
            if a is None or b is None:
                continue
            pair = f"{left}–{right}"
            compared[pair] += 1
            for question in QUESTIONS:
                if question == "count" and "count" not in a and "count" not in b:
                    continue
                if question == "count" and "count" in a and "count" in b:
                    continue  # both count from the same alert: not a question of the moment
                if question == "said":
                    said = a.get("said") if "said" in a else b.get("said")
                    other = b if "said" in a else a
                    if said is None or "said" in other:
                        continue
                    x = said
                    y = other.get("banner") if "banner" in other else (other.get("cue") if "cue" in other else None)
                    if y is None:
                        continue
                    if "banner" not in other:
                        x = cue_of(said)
                    checked[(pair, question)] += 1
                    if x != y:
                        disagreements[question].append(f"{name} at {hms_of(moment)}: {left} {(a.get('said') or a.get('banner') or a.get('cue'))!r}, {right} {(b.get('said') or b.get('banner') or b.get('cue'))!r}")
                    continue
                x, y = answer(a, question), answer(b, question)
                if x is None or y is None:
                    continue
                checked[(pair, question)] += 1
                if not agree(question, x, y):
                    shown = (lambda v: [hms_of(t) for t in v[1]]) if question == "alerts" else (
                        (lambda v: hms_of(v)) if question == "arrival" else repr)
                    disagreements[question].append(f"{name} at {hms_of(moment)}: {left} {shown(x)}, {right} {shown(y)}")
                    kinds[(question, pair, kind(question, x), kind(question, y))] += 1


def ride(spec, card, ft):
    (origin, destination, closed), date, language, card_at, tap, keys = spec
    arguments = [origin, destination, "--date", date, "--lang", language] + (["--closed", closed] if closed else [])
    name = f"{origin}→{destination}{' (closed ' + closed + ')' if closed else ''} {date} {language} tap {clock(tap)}"
    tap_at = kyiv(date, tap)
    # "departed" two minutes after the train reaches the first change (plan's time).
    if keys == "departed":
        plan = json.loads(run(["plan", *arguments, "--at", clock(tap), "--json"], codes=(0, 1)).stdout or "{}")
        legs = plan.get("legs") or []
        if len(legs) < 2:
            return
        keys = [(epoch(legs[0]["stops"][-1]["arrival"]) - tap_at + 120, "d")]
        name += " departed"
    rehearsed = [(at, key) for at, key in keys if not key.startswith("at:")]
    if keys:
        name += " " + " ".join(f"{key}@{at}s" for at, key in keys)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        events_job = pool.submit(rehearse, arguments, tap, rehearsed, "--events")
        plain_job = pool.submit(rehearse, arguments, tap, rehearsed, "--plain")
        events, plain = events_state(events_job.result()), plain_job.result()
    if not events:
        return
    began = epoch(events[0]["time"])    # the ride's t0 as start took it (a late tap on the last train: its departure)
    end = max(epoch(e["time"]) for e in events)
    timeline = plain_timeline(plain, events, began) if plain else None
    corrections = [e for e in events if e["event"] == "correction"]
    # Each correction at the moment --events reported it; `at` at its ride time (the CLI's command).
    actions = []
    for (at, key), event in zip(rehearsed, corrections):
        actions.append((epoch(event["time"]), key))
    for at, key in keys:
        if key.startswith("at:"):
            station = key[3:] or None
            if station is None:
                plan = json.loads(run(["plan", *arguments, "--at", clock(tap), "--json"]).stdout)
                stops = [s for leg in plan["legs"] for s in leg["stops"]]
                station = stops[min(3, len(stops) - 2)]["station"]["nameUk" if language == "uk" else "nameEn"]
                key = "at:" + station
            actions.append((began + at, key))
    actions.sort()
    moments = list(range(began + 1, end + 60, STEP))
    for when, _ in actions:
        moments += [when + 1]
    for e in events:
        if e["event"] in ("alert", "transfer-alert"):
            moments += [epoch(e["time"])]
    moments = sorted(set(moments))
    # The card: made for its --at, tapped at the ride's tap (the moment start took it).
    card_rows = {}
    with LOCK:
        path = card.page(arguments, card_at)
    if path:
        steps, pending = [], list(actions)
        for moment in moments:
            while pending and pending[0][0] < moment:
                steps.append((pending[0][0] * 1000, pending[0][1]))
                pending.pop(0)
            steps.append((moment * 1000, None))
        with LOCK:
            clocked = time.monotonic()
            unpressed = len(card.unpressed)
            rows = card.ride(path, tap_at * 1000, steps)
            spent["card"] += time.monotonic() - clocked
            for moment, action in card.unpressed[unpressed:]:
                disagreements["press"].append(f"{name} at {hms_of(moment // 1000)}: the card took no {action!r}")
        for row in rows:
            card_rows[row[0] // 1000] = card_state(row)
    else:
        with LOCK:
            skipped["card not written"] += 1
    # The real trip's status, sampled.
    sampled = [m for m in moments if (m - began) % STATUS_STEP < STEP or any(
        m == epoch(e["time"]) for e in events if e["event"] in ("alert", "transfer-alert"))]
    commands = []
    for when, key in actions:
        if key.startswith("at:"):
            commands.append((when, ["at", key[3:], "--lang", language]))
        else:
            commands.append((when, {"+": ["adjust", "+1"], "-": ["adjust", "-1"], "d": ["departed"]}[key]))
    clocked = time.monotonic()
    status = status_run(ft, arguments, tap_at, commands, sampled, language)
    with LOCK:
        spent["status"] += time.monotonic() - clocked
    has_at = any(key.startswith("at:") for _, key in keys)
    # The alerts --plain said, in order, against the ones --events rang.
    # (Before the first correction only: the two rehearsals take a key a few seconds apart.)
    first_key = min((epoch(e["time"]) for e in events if e["event"] == "correction"), default=end + 1)
    rung = [e["message"] for e in events if e["event"] in ("alert", "transfer-alert") and epoch(e["time"]) < first_key]
    spoken = [line for _, line in plain if cue_of(line) and not sentence_state(line)][:len(rung)] if first_key <= end else \
        [line for _, line in plain if cue_of(line) and not sentence_state(line)]
    with LOCK:
        checked[("events–plain", "said")] += max(len(rung), len(spoken))
        for index in range(max(len(rung), len(spoken))):
            a = rung[index] if index < len(rung) else None
            b = spoken[index] if index < len(spoken) else None
            if a != b:
                disagreements["said"].append(f"{name}: alert {index + 1}: events {a!r}, plain {b!r}")
    for moment in moments:
        states = {"card": card_rows.get(moment)}
        if not has_at:
            states["events"] = events_at(events, moment)
            states["plain"] = plain_at(timeline, moment) if timeline else None
        if moment in status:
            states["status"] = status[moment]
        with LOCK:
            compare(name, moment, states)


def main():
    if not os.path.exists(cardpage.FAKETIME):
        raise SystemExit("sweep: libfaketime is not installed (apt-get install faketime)")
    started = time.monotonic()
    all_rides = rides()
    print(f"sweep: {len(all_rides)} rides ({'full' if FULL else 'sample'})", flush=True)
    card, ft = Card(), cardpage.Faketime()
    try:
        # Rides in parallel: the rehearsals mostly sleep; the browser is one, taken in turn.
        with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
            jobs = [pool.submit(ride, spec, card, ft) for spec in all_rides]
            for index, job in enumerate(concurrent.futures.as_completed(jobs)):
                job.result()
                if (index + 1) % 10 == 0:
                    print(f"  {index + 1}/{len(all_rides)} rides, {sum(moments_per_surface.values())} surface-moments, "
                          f"{time.monotonic() - started:.0f} s", flush=True)
    finally:
        card.close()
        ft.close()
        shutil.rmtree(HOME, ignore_errors=True)
    print("Moments read per surface: " + ", ".join(f"{k} {v}" for k, v in sorted(moments_per_surface.items())))
    print("Moments compared per surface pair: " + ", ".join(f"{k} {v}" for k, v in sorted(compared.items())))
    total = sum(checked.values())
    print(f"Answers compared: {total}")
    for question in QUESTIONS:
        pairs = {pair: n for (pair, q), n in checked.items() if q == question}
        print(f"  {question}: " + ", ".join(f"{p} {n}" for p, n in sorted(pairs.items())))
    print("Time: " + ", ".join(f"{k} {v:.0f} s" for k, v in sorted(spent.items())))
    if skipped:
        print("Not compared: " + ", ".join(f"{k} {v}" for k, v in skipped.items()))
    found = sum(len(v) for v in disagreements.values())
    for question in QUESTIONS + ["press"]:
        if disagreements[question]:
            print(f"DISAGREE {question}: {len(disagreements[question])}")
            for (q, pair, x, y), n in kinds.most_common():
                if q == question:
                    print(f"    {n} × {pair}: {x!r} against {y!r}")
            for example in disagreements[question][:5]:
                print("    e.g. " + example)
    print(f"sweep: {total} answers compared, {found} disagreements, {time.monotonic() - started:.0f} s")
    # --allow N: the gate CI keeps while the disagreements the guide lists as open are open
    # (a regression past them fails); 0 by default.
    allowed = int(sys.argv[sys.argv.index("--allow") + 1]) if "--allow" in sys.argv else 0
    if found and found <= allowed:
        print(f"sweep: {found} ≤ {allowed} allowed (the open ones: docs/guide/calendar-and-card.md, Results)")
    sys.exit(1 if found > allowed else 0)


if __name__ == "__main__":
    main()
