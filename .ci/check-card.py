"""Drives metro-timer's ride card (`metro-timer card`) in a real browser (Debian's chromium,
headless, through Selenium and chromedriver) with the page's clock driven by the test, and
checks it against the same ride's `plan --json` and a `start --speed` rehearsal:

- before the tap: the planned time of every stop, and a start button named "Start"/"Старт";
- after the tap at plan's departure, one second before each stop: the next station, its time,
  the stops left, the alerts and the arrival with its range, to the second;
- each alert once, at its moment and not a second before, with navigator.vibrate called and a
  tone started then on an AudioContext that the Start tap made (under the browser's rule that
  sound needs a tap: --autoplay-policy=document-user-activation-required), running and
  connected to the speakers; after a reload (no tap in that document) the page offers a button
  that turns the sound back on;
- the Screen Wake Lock (the browser's own, wrapped to see it): none before the tap, one held from
  the tap, again after a reload and after the tab was hidden and shown, released at "Arrived",
  at "Stop" and when the ride lapses;
- a tap 58 s into one of the card's minutes: every stop's time and the arrival within a second
  of `plan --at` for that t₀ (the card carries whole seconds);
- a Notification (the browser's own, permission granted through CDP) with the banner's text at
  each alert's moment; asked for at the tap when not yet granted; none when refused;
- a reload mid-ride shows the same position;
- on all six routes (one line; a change at each of the three nodes; the long way round a
  closure; the last train that makes its change), −1, +1, "departed" at each change and undo
  give the arrival (and its range) the rehearsal gives, and the alert still to come after them
  is due when the rehearsal (left to run to its arrival) rings it;
- no network request of any kind (the performance log), no CSP violation, axe-core with no
  serious or critical violation, at most 100 KB; no horizontal scrolling at 320 px or in
  landscape; the banner's animation off under prefers-reduced-motion;
- screenshots before the tap, mid-ride, after a reload (the sound button showing) and at the
  alert, light and dark, in .build/card-check.

Usage: python check-card.py PATH/TO/metro-timer
"""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import datetime as dt

from axe_selenium_python import Axe
from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cardpage  # noqa: E402  (the browser and the page's clock, shared with .ci/sweep.py)

BINARY = sys.argv[1]
OUT = os.path.abspath(".build/card-check")
HOME = tempfile.mkdtemp(prefix="metro-timer-card-")
ENV = {
    "NO_COLOR": "1", "PATH": "/usr/bin:/bin", "METRO_TIMER_HOME": HOME + "/state", "METRO_TIMER_CONFIG": HOME + "/config",
    "METRO_TIMER_ALERT_BACKEND": "off",
}
# (name, from, to, date, time, language, more arguments, keys for the rehearsal: (minutes of the
# ride after its start, key); CHANGES for −1 and +1 on the first leg, then "departed" two minutes
# after the train reaches each change, then undo and +1).
CHANGES = "at each change"
CASES = [
    # One line, and a change at each of the three nodes: Khreshchatyk–Maidan, Ploshcha
    # Ukrainskykh Heroiv–Palats Sportu, Teatralna–Zoloti Vorota (the last on the last train
    # that makes the change, and on the long way round a closed Khreshchatyk with both others).
    ("one-line", "Lisova", "Arsenalna", "2026-11-30", "08:15", "en", [], [(3, "+"), (6, "-"), (8, "-"), (9, "u"), (10.5, "+")]),
    ("change", "Лісова", "Теремки", "2026-11-30", "08:15", "uk", [], [(3, "+"), (6, "-"), (18, "d"), (20, "u"), (22, "+")]),
    ("summer-m2-m3", "Teremky", "Syrets", "2026-07-06", "17:40", "en", [], CHANGES),
    ("closure", "Lisova", "Teremky", "2026-11-30", "08:15", "en", ["--closed", "Khreshchatyk"], CHANGES),
    ("last-train", "Akademmistechko", "Chervonyi Khutir", "2026-11-30", None, "uk", [], CHANGES),
    ("weekend", "Героїв Дніпра", "Либідська", "2026-12-05", "22:10", "uk", [], [(3, "-"), (5, "+"), (7, "+"), (8, "u"), (10, "-")]),
]
# The rehearsal's speed: a real second is four minutes of the ride. The page is anchored at the
# moment each correction event reports, so the speed changes only how long the check takes.
SPEED = 240
TIME = re.compile(r"\d\d:\d\d:\d\d")
failures = []
checked = 0


# Browser log entries read early (to explain a failure), still counted by the final check.
early_logs = []


def check(condition, message):
    global checked
    checked += 1
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def run(*args, codes=(0,)):
    result = subprocess.run([BINARY, *args], capture_output=True, text=True, env=ENV)
    if result.returncode not in codes:
        raise SystemExit(f"{args}: exit {result.returncode}: {result.stderr}")
    return result.stdout


def moment(text):
    return dt.datetime.fromisoformat(text)


def ms(text):
    return int(moment(text).timestamp() * 1000)


def hms(text):
    return moment(text).strftime("%H:%M:%S")


def leans(shown, expected):
    """The page's arrival [best, earliest, latest] against the engine's, where a train can be
    missed inside a minute: the page's best inside the engine's range, the engine's best inside
    the page's range, and every figure within one interval (15 min) of the engine's."""
    t = [dt.datetime.strptime(x, "%H:%M:%S") for x in shown]
    e = [dt.datetime.strptime(x, "%H:%M:%S") for x in expected]
    if len(t) != len(e):
        return False
    if len(t) == 1:
        return abs((t[0] - e[0]).total_seconds()) <= 900
    return (e[1] <= t[0] <= e[2] and t[1] <= e[0] <= t[2]
            and all(abs((a - b).total_seconds()) <= 900 for a, b in zip(t, e)))


def stops_left(stops, index):
    """Plan's stops from `index` on that the rider still rides to: not a change's new platform
    (walked to), not a closed station the train passes through (arrival = departure)."""
    return sum(1 for stop in stops[index:] if stop["role"] != "transferEntry"
               and not (stop["role"] == "intermediate" and stop.get("arrival") == stop.get("departure")))


def rehearsal_lines(arguments, keys, mode):
    """The `start --speed SPEED MODE` rehearsal with the keys typed at their moments, left to end
    by itself at the arrival: every line it printed."""
    process = subprocess.Popen(
        [BINARY, "start", *arguments, "--speed", str(SPEED), mode], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env=ENV)
    # The ride's clock starts with the rehearsal (its first line), not with the process.
    first = process.stdout.readline()
    began = time.monotonic()
    for at, key in keys:
        time.sleep(max(0, at * 60 / SPEED - (time.monotonic() - began)))
        process.stdin.write(key)
        process.stdin.flush()
    out = process.stdout.read()
    process.wait(timeout=30)
    process.stdin.close()
    return [first, *out.splitlines()]


def rehearse(arguments, keys):
    """The rehearsal's events (each correction with its ride time and the arrival after it; each
    alert at its moment)."""
    return [json.loads(line) for line in rehearsal_lines(arguments, keys, "--events") if line.startswith("{")]


def rehearse_plain(arguments, keys):
    """The same rehearsal with --plain: what it says after each correction, in order."""
    return [line for line in rehearsal_lines(arguments, keys, "--plain") if line.startswith(("Corrected:", "Виправлено:"))]


def same_correction(card, cli, slack=1):
    """The card's sentence after a correction against start's: the same words, the arrival
    within a minute (the two rehearsals' taps fall a second or so apart; at the edges of the
    day, within the interval the arrival may lean by: see `leans`)."""
    clock = re.compile(r"(\d\d):(\d\d)\.$")
    a, b = clock.search(card), clock.search(cli)
    if not a or not b or card[:a.start()] != cli[:b.start()]:
        return False
    return abs((int(a[1]) * 60 + int(a[2])) - (int(b[1]) * 60 + int(b[2]))) <= slack


driver = cardpage.chromium(logging=True)
started = time.monotonic()
shutil.rmtree(OUT, ignore_errors=True)
os.makedirs(OUT)
script_id = None
cards = {}


def notifications(setting):
    """The rider's answer to the page's notification prompt: granted, denied, or prompt (not yet)."""
    driver.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "notifications"}, "setting": setting})


# The rider allowed the page's notifications (the prompt's own case is checked further down).
notifications("granted")


def viewport(width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def media(scheme="light", motion="no-preference"):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": motion}]})


def drive_clock(initial):
    """The page's clock: Date and Date.now read the test's moment, kept in sessionStorage so a
    reload keeps it; navigator.vibrate records its calls."""
    global script_id
    if script_id:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script_id})
    source = """
      (() => {
        %s
        // Counted per document: the test adds up across reloads (a storage write just before a
        // reload may not reach the next document).
        window.__vibrations = 0;
        navigator.vibrate = (pattern) => { window.__vibrations += 1; return true; };
        // Sound: the browser's own Web Audio, wrapped to record each AudioContext (and whether a
        // tap was under way when it was made) and each tone started: the moment, the context's
        // state then, and whether the tone's graph reaches the speakers.
        window.__contexts = [];
        window.__tones = [];
        const links = new WeakMap();
        const connect = AudioNode.prototype.connect;
        AudioNode.prototype.connect = function (target, ...rest) {
          if (!links.has(this)) links.set(this, []);
          links.get(this).push(target);
          return connect.call(this, target, ...rest);
        };
        const reaches = (node, goal, seen) => node === goal || (!seen.has(node) && (seen.add(node),
          (links.get(node) || []).some((next) => next instanceof AudioNode && reaches(next, goal, seen))));
        for (const name of ["AudioContext", "webkitAudioContext"]) {
          const RealContext = window[name];
          if (!RealContext) continue;
          window[name] = class extends RealContext {
            constructor(...args) {
              super(...args);
              window.__contexts.push({ tap: navigator.userActivation.isActive, context: this });
            }
          };
        }
        const start = OscillatorNode.prototype.start, stop = OscillatorNode.prototype.stop;
        OscillatorNode.prototype.start = function (...args) {
          this.__tone = { at: Date.now(), state: this.context.state, heard: reaches(this, this.context.destination, new Set()),
                          hz: this.frequency.value, seconds: null };
          window.__tones.push(this.__tone);
          return start.apply(this, args);
        };
        OscillatorNode.prototype.stop = function (when, ...rest) {
          if (this.__tone) this.__tone.seconds = (when || this.context.currentTime) - this.context.currentTime;
          return stop.call(this, when, ...rest);
        };
        // Notifications: the browser's own, wrapped to record each one shown and each time the
        // page asks for permission (granted, refused or left to ask by the test, through CDP).
        window.__notifications = [];
        window.__permissionAsks = 0;
        if (window.Notification) {
          const RealNotification = window.Notification;
          const Shown = class extends RealNotification {
            constructor(title, options) {
              super(title, options);
              window.__notifications.push({ at: Date.now(), title: title, body: options && options.body });
            }
          };
          Object.defineProperty(Shown, "permission", { get: () => RealNotification.permission });
          Shown.requestPermission = (...args) => { window.__permissionAsks += 1; return RealNotification.requestPermission(...args); };
          window.Notification = Shown;
        }
        // The Screen Wake Lock: the browser's own, wrapped to keep every sentinel it grants.
        window.__locks = [];
        window.__lockRequests = 0;
        if (navigator.wakeLock) {
          const request = navigator.wakeLock.request.bind(navigator.wakeLock);
          navigator.wakeLock.request = (type) => {
            window.__lockRequests += 1;
            return request(type).then((sentinel) => { window.__locks.push(sentinel); return sentinel; });
          };
        }
      })();
    """ % cardpage.clock_script(initial)
    script_id = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"]


READ = cardpage.SET_MOMENT + """
  const text = (id) => document.getElementById(id).textContent;
  const banner = document.getElementById("banner");
  return {next: text("next"), nextTime: document.getElementById("next-time").dataset.seconds || "", nextShown: text("next-time"), stops: text("stops"), arrival: text("arrival"),
          alerts: text("alerts"), banner: banner.hidden ? "" : banner.textContent,
          vibrations: window.__vibrations, tones: window.__tones.length, notifications: window.__notifications.length,
          lastNotification: window.__notifications[window.__notifications.length - 1] || null, lastTone: window.__tones[window.__tones.length - 1] || null,
          contexts: window.__contexts.map((c) => ({tap: c.tap, state: c.context.state})),
          held: window.__locks.filter((l) => !l.released && l.type === "screen").length, lockRequests: window.__lockRequests,
          ended: !document.getElementById("end").hidden};
"""


carried = {"vibrations": 0, "tones": 0, "notifications": 0}  # in documents since reloaded


def at(when):
    state = driver.execute_script(READ, when)
    for key in carried:
        state[key] += carried[key]
    return state


def click(element_id):
    """Clicks the element once it can be clicked: on a loaded machine a page just (re)loaded may
    not have laid its button out yet. Ten seconds at most, then the click's own error."""
    deadline = time.monotonic() + 10
    while True:
        try:
            driver.find_element("id", element_id).click()
            return
        except (ElementNotInteractableException, StaleElementReferenceException):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def settled(when, ready, timeout=5):
    """The page's state at `when` once `ready(state)` holds, or after `timeout` seconds: what a
    tap starts may finish a moment later (the wake lock is granted by a promise)."""
    deadline = time.monotonic() + timeout
    state = at(when)
    while not ready(state) and time.monotonic() < deadline:
        time.sleep(0.05)
        state = at(when)
    return state


def reload():
    for key in carried:
        carried[key] += driver.execute_script(f"return window.__{key}.length ?? window.__{key};")
    driver.refresh()


def sound_button():
    """The page's button that turns the sound on again (after a reload), if it shows one."""
    found = driver.find_elements("id", "sound")
    return found[0] if found and found[0].is_displayed() else None


def fresh(path, initial):
    for key in carried:
        carried[key] = 0
    drive_clock(initial)
    check(cardpage.open_fresh(driver, path), "the card does not open afresh once its storage is cleared")


def axe(label):
    """axe-core (bundled with axe-selenium-python): no serious or critical violation."""
    audit = Axe(driver)
    audit.inject()
    results = audit.run()
    check(results["passes"], f"{label}: axe ran no rule")
    for violation in results["violations"]:
        check(violation["impact"] not in ("serious", "critical"), f"{label}: axe {violation['id']} ({violation['impact']})")


def shot(name, case):
    driver.execute_script("window.scrollTo(0, 0);")
    for scheme in ["light", "dark"]:
        media(scheme)
        driver.save_screenshot(f"{OUT}/{case}-{name}-{scheme}.png")
        # The top of the screen alone, small enough for the guide (docs/guide/images).
        top = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "clip": {"x": 0, "y": 0, "width": 390, "height": 600, "scale": 1}})["data"]
        with open(f"{OUT}/{case}-{name}-{scheme}-top.png", "wb") as file:
            file.write(base64.b64decode(top))
    media("light")


# The card tells the truth and fits the hand. Every expectation below comes from a real
# process (`plan --json`, a `start --plain` or `start --events` rehearsal) or from arithmetic on
# plan's times, never from the page's own helpers.
def card_for(name, arguments):
    path = f"{OUT}/{name}.html"
    result = subprocess.run([BINARY, "card", *arguments, "--output", path], capture_output=True, text=True, env=ENV)
    check(result.returncode == 0, f"{name}: card {arguments} exit {result.returncode}: {result.stderr.strip()}")
    return path


def page_text(element_id):
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e && !e.hidden && e.offsetParent !== null ? e.innerText : '';", element_id)


def visible(element_id):
    return driver.execute_script("const e = document.getElementById(arguments[0]); return !!e && e.offsetParent !== null && e.getClientRects().length > 0;", element_id)


def largest():
    """The id (or the nearest ancestor's id) and text of the visible text with the largest font."""
    return driver.execute_script("""
      let best = null;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode, element = node.parentElement;
        if (!node.textContent.trim() || !element || element.offsetParent === null) continue;
        if (element.closest("[hidden]")) continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (!best || size > best.size) best = {size: size, id: (element.closest("[id]") || {}).id, text: element.textContent.trim()};
      }
      return best;""")


def duration(seconds, language):
    """Language.duration's rule (docs: "45 s", "2 min 5 s" under ten minutes, whole minutes
    under an hour, then hours and minutes), written out here from its documentation."""
    s = abs(int(seconds))
    sec, mnt, hr = ("с", "хв", "год") if language == "uk" else ("s", "min", "h")
    if s < 60:
        return f"{s} {sec}"
    if s < 600:
        return f"{s // 60} {mnt}" + ("" if s % 60 == 0 else f" {s % 60} {sec}")
    minutes = int(s / 60 + 0.5)
    if minutes < 60:
        return f"{minutes} {mnt}"
    return f"{minutes // 60} {hr}" + ("" if minutes % 60 == 0 else f" {minutes % 60} {mnt}")


def plain_lines(arguments, speed):
    """A `start --plain` rehearsal's sentences, in order (the opening, the keys and the end left out)."""
    return subprocess.Popen([BINARY, "start", *arguments, "--speed", str(speed), "--plain"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)


def events_of(arguments):
    out = subprocess.run([BINARY, "start", *arguments, "--speed", "3600", "--events"], stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, env=ENV).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


READY = ("Готуйтеся", "get ready", "Get ready")
EARLY = re.compile(r" (in about|приблизно за) \d+ \S+: (get ready|готуйтеся)")
YOURS = ("Yours is next", "Наступна — ваша")
TAIL = re.compile(r" (Press a twice to confirm|Натисніть a двічі, щоб підтвердити)\.$")
THEN = re.compile(r"; [^;]*?\. ")


def same_words(card, cli):
    """The card's sentence against start's: the same, but for what each tells the rider to press
    (a key in the terminal, a button on the card) after a change and at the arrival."""
    return THEN.sub("; … ", card) == THEN.sub("; … ", TAIL.sub("", cli))


def against_plan_and_start():
    """The card says and does what plan and start do: its sentences and alerts moment by moment,
    the countdown as the largest text, plan's warnings before the tap, corrections, the last and
    the first train, a forgotten tap, a card used on another day."""
    viewport(390, 844)
    media()
    # The card against `start` moment by moment, on one line, a change,
    # the long way round a closure, the first and the last train, in both languages.
    rides = [
        ("w-one-line", ["Lisova", "Arsenalna", "--at", "08:15", "--date", "2026-11-30", "--lang", "en"]),
        ("w-change", ["Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30", "--lang", "uk"]),
        ("w-detour", ["Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30", "--lang", "en", "--closed", "Khreshchatyk"]),
        ("w-first", ["Akademmistechko", "Lisova", "--at", "05:00", "--date", "2026-11-30", "--lang", "en"]),
        ("w-last", ["Akademmistechko", "Chervonyi Khutir", "--at", None, "--date", "2026-11-30", "--lang", "uk"]),
    ]
    if os.environ.get("CARD_SKIP_WORDS"):
        rides = []
    for index, (name, arguments) in enumerate(rides):
        if None in arguments:
            last = json.loads(run("plan", arguments[0], arguments[1], "--date", "2026-11-30", "--last", "--json", codes=(0, 1)))
            arguments[arguments.index(None)] = hms(last["departure"])
    SPEED_PLAIN = 60
    processes = [plain_lines(arguments, SPEED_PLAIN) for _, arguments in rides]
    for (name, arguments), process in zip(rides, processes):
        language = arguments[arguments.index("--lang") + 1]
        plan = json.loads(run("plan", *arguments, "--json", codes=(0, 1)))
        out, _ = process.communicate(timeout=600)
        lines = [line for line in out.splitlines() if line.strip()]
        # The sentences said while riding: after the opening and the keys, the alerts apart.
        # (An early change alert opens like the change's sentence: "Change at X in about 2 stops:
        # get ready." is an alert, not a sentence.)
        said = [line for line in lines[2:] if line.startswith(("Next:", "Наступна:", "Change at", "Пересадка на станції", "By the timetable", "За розкладом"))
                and not EARLY.search(line)]
        stops = [stop for leg in plan["legs"] for stop in leg["stops"]]
        times = [ms(stop.get("arrival") or stop["departure"]) for stop in stops]
        path = card_for(name, arguments)
        fresh(path, ms(plan["departure"]))
        click("start")
        shown = []
        for i in range(len(stops)):
            # No "Yours is next" while more than the stop before and the station are left
            # (AlertWording), the clock going forward as a ride does.
            if i > 0:
                state = at(times[i] - 1000)
                left = stops_left(stops, i)
                # "Next" is the next stop the train reaches: with two stops left, it is not.
                if left > 1:
                    check(not any(word in state["banner"] for word in YOURS), f"{name}: {left} stops left and the banner says {state['banner']!r}")
                elif state["banner"] and not any(word in state["banner"] for word in ("Change", "Пересадка")):
                    check(any(word in state["banner"] for word in YOURS), f"{name}: one stop left and the banner says {state['banner']!r}")
            # What the card says from just after stop i is passed: within the frame in which
            # the rehearsal spoke (the rehearsal speaks at its first frame after the moment).
            options = [at(times[i] + delay)["next"] for delay in (0, 1000, 5000, 15000, 30000)]
            shown.append(options)
        check(len(said) == len(stops), f"{name}: start --plain said {len(said)} sentences for {len(stops)} stops: {said}")
        for i, (options, cli) in enumerate(zip(shown, said)):
            check(any(same_words(card, cli) for card in options), f"{name} after stop {i}: the card says {options[0]!r}, start --plain {cli!r}")
        # The alerts: the banner at each alert's moment is what start's event says then.
        fresh(path, ms(plan["departure"]))
        click("start")
        for event in events_of(arguments):
            if event["event"] not in ("alert", "transfer-alert"):
                continue
            state = at(ms(event["time"]))
            check(state["banner"] == event["message"], f"{name}: at {hms(event['time'])} the banner {state['banner']!r}, start {event['message']!r}")
        print(f"{name}: {len(said)} sentences compared with start --plain")

    # The largest text is the countdown, a duration, at 390 and 320 px, light and dark.
    plan = json.loads(run("plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30", "--json"))
    path = card_for("w-count", ["Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30", "--lang", "en"])
    exit_arrival = ms(plan["legs"][0]["stops"][-1]["arrival"])
    for width, height in [(390, 844), (320, 640)]:
        viewport(width, height)
        for language in ["en", "uk"]:
            fresh(path, ms(plan["departure"]))
            click("lang-" + language)
            click("start")
            # Under ten minutes to the change (the seconds show), then far from the station.
            moments = [(ms(plan["departure"]) + 421000, exit_arrival), (exit_arrival + 400000, ms(plan["arrival"]["time"]))]
            for number, (when, target) in enumerate(moments):
                at(when)
                big = largest()
                expected = duration((target - when) / 1000, language)
                check(big is not None and big["id"] == "countdown" and big["text"] == expected,
                      f"{width}px {language}: the largest text {big}, not the countdown {expected!r}")
                top = driver.execute_script("const e = document.getElementById('countdown'); return e ? e.getBoundingClientRect().bottom : 99999;")
                check(top <= height, f"{width}px {language}: the countdown ends at {top} px, below the first screen")
                if number == 0:
                    # The screenshots for the guide (docs/guide/images): the whole screen, and its
                    # top 600 px.
                    for scheme in ["light", "dark"]:
                        media(scheme)
                        driver.save_screenshot(f"{OUT}/countdown-{width}-{language}-{scheme}.png")
                        top = driver.execute_cdp_cmd("Page.captureScreenshot", {
                            "format": "png", "clip": {"x": 0, "y": 0, "width": width, "height": 600, "scale": 1}})["data"]
                        with open(f"{OUT}/countdown-{width}-{language}-{scheme}-top.png", "wb") as file:
                            file.write(base64.b64decode(top))
                    media()
    viewport(390, 844)

    # A late card names what plan names before the tap, on the first screen; tapped after
    # the last connection it says the ride cannot be made and counts down no train.
    late = ["Lisova", "Teremky", "--at", "22:22", "--date", "2026-11-30", "--lang", "en"]
    plan = json.loads(run("plan", *late, "--json", codes=(0, 1)))
    said = [f["message"] for f in plan.get("findings") or []] + (plan.get("notes") or [])
    check(any("last" in line for line in said), f"plan names no last train at 22:22: {said}")
    path = card_for("w-late", late)
    fresh(path, ms(plan["departure"]) - 60000)
    before = page_text("before")
    for line in said:
        check(line in before, f"late card: plan's {line!r} is not on the card before the tap")
    bottom = driver.execute_script("const w = document.getElementById('warnings'); return w ? w.getBoundingClientRect().top : 99999;")
    check(bottom < 844, f"late card: the warnings start at {bottom} px, below the first screen")
    shot("late-before", "w")
    axe("late card before the tap, plan's warnings showing")
    # A tap 30 s after Lisova's last M1 (22:30:00, published) is that train (docs/decisions/0080),
    # whose ride misses the last M2: refused with plan's sentence for 22:30:00, no ride started.
    tap = ms("2026-11-30T22:30:30+02:00")
    gone = json.loads(run("plan", "Lisova", "Teremky", "--at", "22:30", "--date", "2026-11-30", "--json", codes=(0, 1)))
    blocking = [f["message"] for f in gone.get("findings") or [] if f.get("blocking")]
    check(blocking, f"plan at 22:30 finds nothing blocking: {gone.get('findings')}")
    fresh(path, tap)
    click("start")
    state = at(tap + 1000)
    screen = page_text("refused")
    check(blocking and blocking[0] in screen, f"tapped at 22:30:30: the card does not say {blocking[:1]}: {screen[:300]!r}")
    check(not visible("countdown") and not visible("next-time") and visible("start"), "tapped after the last connection: the card counts a train down or hides Start")
    top = driver.execute_script("const e = document.getElementById('refused'); return e && e.offsetParent ? e.getBoundingClientRect().top : 99999;")
    check(top < 844, f"tapped after the last connection: the sentence is at {top} px, below the first screen")
    for minute in range(1, 40):
        state = at(tap + minute * 60000)
    check(state["vibrations"] == 0, f"tapped after the last connection: {state['vibrations']} alerts rang for a ride that cannot be made")
    shot("late-impossible", "w")
    axe("late card tapped after the last connection")
    media("dark")
    axe("late card tapped after the last connection, dark")
    media()

    # After a correction: a train put behind until it misses the last M2 (start --plain
    # says "⚠ The route cannot be completed: …" right after that correction) is said to be
    # impossible on the card from the same correction on, and not before.
    keys = [(8 + 0.4 * k, "+") for k in range(6)]
    corrections = [e for e in rehearse(late, keys) if e["event"] == "correction"]
    process = subprocess.Popen([BINARY, "start", *late, "--speed", str(SPEED), "--plain"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    first_line = process.stdout.readline()
    began = time.monotonic()
    for when, key in keys:
        time.sleep(max(0, when * 60 / SPEED - (time.monotonic() - began)))
        process.stdin.write(key)
        process.stdin.flush()
    spoken = [first_line, *process.communicate(timeout=60)[0].splitlines()]
    verdicts, count = [], 0
    for line in spoken:
        if line.startswith("Corrected:"):
            count += 1
            verdicts.append(None)
        elif line.startswith("⚠ The route cannot be completed") and count and verdicts[-1] is None:
            verdicts[-1] = line[2:]
    check(len(corrections) == len(keys) == count and any(verdicts), f"the rehearsal: {count} corrections, {verdicts}")
    path = f"{OUT}/w-late.html"
    fresh(path, ms(plan["departure"]))
    click("start")
    said = None
    for event, verdict in zip(corrections, verdicts):
        said = verdict or said
        at(ms(event["time"]))
        click("behind")
        at(ms(event["time"]) + 1000)
        shown = page_text("impossible")
        check((said is None and shown == "") or (said is not None and said in shown),
              f"after +1 at {hms(event['time'])}: the card says {shown!r}, start {said!r}")
    check(not visible("countdown"), "a correction made the ride impossible: the card still counts a train down")

    # "Change is next" goes after departed; Arrived and Stop are not final on one touch.
    plan = json.loads(run("plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30", "--json"))
    path = f"{OUT}/w-count.html"
    fresh(path, ms(plan["departure"]))
    click("lang-en")
    click("start")
    change = ms(plan["transferAlerts"][0]["time"])
    # Worded by the stops to the change still to reach then (plan's times): "next" only at one.
    ahead = sum(1 for stop in plan["legs"][0]["stops"] if ms(stop.get("arrival") or stop["departure"]) > change)
    words = "Change is next" if ahead <= 1 else f"Change at Khreshchatyk in about {ahead} stops: get ready."
    check(at(change)["banner"].startswith(words), f"the change's banner {at(change)['banner']!r}, {ahead} stops to the change")
    exit_arrival = ms(plan["legs"][0]["stops"][-1]["arrival"])
    at(exit_arrival + 150000)
    click("departed")
    check(at(exit_arrival + 151000)["banner"] == "", f"after departed the banner still says {at(exit_arrival + 151000)['banner']!r}")
    click("arrived")
    check(not at(exit_arrival + 152000)["ended"], "one touch on Arrived ended the ride")
    click("arrived")
    check(at(exit_arrival + 152000)["ended"], "two touches on Arrived did not end the ride")
    check(at(exit_arrival + 152000)["banner"] == "", "a banner stays on the end page")
    click("resume")
    check(not at(exit_arrival + 153000)["ended"], "the end page's undo does not bring the ride back")
    click("stop")
    check(not at(exit_arrival + 154000)["ended"], "one touch on Stop ended the ride")

    # A banner goes when a correction moves its moment ahead again (RideView.highlighted),
    # and comes back when the new moment comes.
    plan = json.loads(run("plan", "Lisova", "Arsenalna", "--at", "08:15", "--date", "2026-11-30", "--json"))
    path = card_for("w-banner", ["Lisova", "Arsenalna", "--at", "08:15", "--date", "2026-11-30", "--lang", "en"])
    fresh(path, ms(plan["departure"]))
    click("start")
    yours = ms(plan["alert"]["time"])
    # Worded by the stops the train has still to reach then, by plan's own times.
    left = sum(1 for stop in plan["legs"][0]["stops"] if ms(stop.get("arrival") or stop["departure"]) > yours)
    expected = "Yours is next: Arsenalna." if left <= 1 else f"Arsenalna in about {left} stops: get ready."
    check(at(yours)["banner"] == expected, f"the one-line banner {at(yours)['banner']!r}, {left} stops left")
    click("behind")
    corrected = at(yours + 1000)
    check(corrected["banner"] == "", f"after +1 the banner still says {corrected['banner']!r}")
    again = at(yours + 200000)
    # The banner is worded for its moment: "next" exactly when the card's next station is Arsenalna.
    worded = again["banner"] == ("Yours is next: Arsenalna." if again["next"].startswith("Next: Arsenalna.")
                                 else f"Arsenalna in about {re.search(r'([0-9]+) stops? left', again['next']).group(1)} stops: get ready.")
    check(worded and again["vibrations"] == 2, f"the moved alert: {again['banner']!r} under {again['next']!r}, {again['vibrations']} vibrations")

    # The departure plan --last recommends gets a card, after its entrances close.
    last = json.loads(run("plan", "Lisova", "Darnytsia", "--date", "2026-11-30", "--last", "--json", codes=(0, 1)))
    result = subprocess.run([BINARY, "card", "Lisova", "Darnytsia", "--at", hms(last["departure"]), "--date", "2026-11-30", "--output", "-"],
                            capture_output=True, text=True, env=ENV)
    check(result.returncode == 0 and "<html" in result.stdout, f"plan --last's {hms(last['departure'])}: card exit {result.returncode}: {result.stderr.strip()}")

    # A forgotten tap: Start four minutes late, then "the train is at" a station at the
    # moment plan has it there: the arrival is plan's again.
    plan = json.loads(run("plan", "Lisova", "Arsenalna", "--at", "08:15", "--date", "2026-11-30", "--json"))
    stops = [stop for leg in plan["legs"] for stop in leg["stops"]]
    path = card_for("w-forgot", ["Lisova", "Arsenalna", "--at", "08:15", "--date", "2026-11-30", "--lang", "en"])
    fresh(path, ms(plan["departure"]) + 240000)
    click("start")
    check(not visible("departed"), "a one-line ride shows a departed button")
    there = ms(stops[3]["arrival"])
    at(there)
    if visible("at-station"):
        driver.execute_script("const s = document.getElementById('at-station'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));", "3")
        click("at")
    arrival = TIME.findall(at(there + 1000)["arrival"])
    check(arrival[:1] == [hms(plan["finalArrival"])], f"a late tap, then at {stops[3]['station']['nameEn']}: arrival {arrival}, plan's {hms(plan['finalArrival'])}")

    # The first-train card names the train plan names at the change (the published first
    # M1 toward Lisova at Khreshchatyk, 05:58:15: only what is published is certain), before
    # the tap, in plan's words.
    first = ["Heroiv Dnipra", "Lisova", "--at", "05:00", "--date", "2026-11-30", "--lang", "en"]
    wide = dict(ENV, COLUMNS="1000")
    printed = subprocess.run([BINARY, "plan", *first], capture_output=True, text=True, env=wide).stdout
    lines = [line.strip()[2:] for line in printed.splitlines() if line.strip().startswith("⇄ ")]
    check(lines and "for the first train, the 05:58:15 (published)" in lines[0], f"plan at 05:00 names no first train: {lines}")
    path = card_for("w-first-change", first)
    fresh(path, ms(json.loads(run("plan", *first, "--json"))["departure"]) - 60000)
    walks = driver.execute_script("return [...document.querySelectorAll('#route li.walk')].map((li) => li.textContent);")
    check(walks == lines, f"the first-train card's changes {walks}, plan's {lines}")

    # A card used on another day names the day and the timetable it was made for.
    fresh(path, ms("2026-12-01T08:15:00+02:00"))
    click("start")
    said = page_text("ride")
    check("2026-11-30" in said and "weekday timetable" in said, f"another day: the card says {said[:400]!r}")


def one_truth():
    """The card reads a tap by `start`'s rule (docs/decisions/0080-what-a-tap-needs.md) and words
    its standing banner for the moment it is shown. Each expectation comes from `plan --json`,
    a `start --plain` rehearsal, or the decision's rule written out here."""
    viewport(390, 844)
    media()
    # The last train as it moves: Lisova's last M1 leaves at 22:30:00 (published). A tap a minute
    # later rides it, as `start` does, with start's own words.
    ride = ["Lisova", "Darnytsia", "--at", "22:30", "--date", "2026-12-07", "--lang", "en"]
    plan = json.loads(run("plan", *ride, "--json"))
    check(hms(plan["departure"]) == "22:30:00", f"the last train's plan leaves at {plan['departure']}")
    late = subprocess.run([BINARY, "start", "Lisova", "Darnytsia", "--at", "22:31", "--date", "2026-12-07", "--speed", "3600", "--plain"],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, env=ENV).stdout.splitlines()
    said = next((line for line in late if line.startswith("Start tapped")), "")
    check(said.startswith("Start tapped 1 min after the last train left Lisova (22:30:00)"), f"start at 22:31 says {said!r}")
    path = card_for("t-last", ride)
    fresh(path, ms(plan["departure"]) + 60000)
    click("start")
    state = at(ms(plan["departure"]) + 61000)
    check(visible("count") and not visible("impossible"), "a tap a minute after the last train: no countdown")
    check(page_text("said") == said, f"the card's late tap says {page_text('said')!r}, start {said!r}")
    check(TIME.findall(state["arrival"])[:1] == [hms(plan["finalArrival"])], f"the last train's arrival {state['arrival']!r}, plan's {hms(plan['finalArrival'])}")
    # The same at 22:31:30, and five minutes after the last (the allowance's end).
    for offset in (90, 300):
        fresh(path, ms(plan["departure"]) + offset * 1000)
        click("start")
        state = at(ms(plan["departure"]) + offset * 1000 + 1000)
        check(visible("count") and TIME.findall(state["arrival"])[:1] == [hms(plan["finalArrival"])],
              f"a tap {offset} s after the last train: {state['arrival']!r}")
        check(page_text("said").startswith(f"Start tapped {duration(offset, 'en')} after the last train left Lisova (22:30:00)"), f"{offset} s: {page_text('said')!r}")

    # A tap on the last M1 toward a change it cannot make (the last M2 leaves Maidan
    # Nezalezhnosti at 22:45:50) is refused with that reason, as plan gives it for 22:30:00: never
    # "the last M1 … left Lisova", the rider's own train. Start stays for the next tap.
    ride = ["Lisova", "Teremky", "--at", "22:22", "--date", "2026-12-07", "--lang", "en"]
    wide = dict(ENV, COLUMNS="1000")
    reason = [line[2:] for line in subprocess.run([BINARY, "plan", "Lisova", "Teremky", "--at", "22:30", "--date", "2026-12-07"],
                                                  capture_output=True, text=True, env=wide).stdout.splitlines()
              if line.startswith("⚠ The route cannot be completed")]
    check(len(reason) == 1 and "Maidan Nezalezhnosti at 22:45:50" in reason[0], f"plan at 22:30: {reason}")
    path = card_for("t-last-change", ride)
    for offset in (0, 3, 90):
        fresh(path, ms("2026-12-07T22:30:00+02:00") + offset * 1000)
        click("start")
        at(ms("2026-12-07T22:30:00+02:00") + offset * 1000 + 500)
        refused = page_text("refused")
        tapped = f"22:{30 + offset // 60}:{offset % 60:02d}"
        check(reason and refused == reason[0], f"a tap at {tapped} on Lisova → Teremky: {refused!r}")
        check("left Lisova" not in refused and visible("start") and not visible("ride"), f"{tapped}: the ride started or blames Lisova")

    # The first train as the doors close: Lisova's first M1 leaves at 05:34:45. A tap 6 s before
    # is that train; 2 minutes before starts no ride and says when it leaves; a tap after it rides.
    ride = ["Lisova", "Teremky", "--at", "05:34", "--date", "2026-12-07", "--lang", "en"]
    plan = json.loads(run("plan", *ride, "--json"))
    first = ms("2026-12-07T05:34:45+02:00")
    check(plan["departure"].startswith("2026-12-07T05:34:45"), f"plan at 05:34 rides the first train: {plan['departure']}")
    path = card_for("t-first", ride)
    fresh(path, first - 6000)
    click("start")
    state = at(first + 75000)
    check(visible("count") and not visible("refused"), "a tap 6 s before the first train: no countdown")
    check(page_text("said") == "Start tapped 6 s before the first train left Lisova (05:34:45): that is your train, and the ride is timed from 05:34:45.",
          f"the early tap says {page_text('said')!r}")
    check(TIME.findall(state["arrival"])[:1] == [hms(plan["finalArrival"])], f"the first train's arrival {state['arrival']!r}, plan's {hms(plan['finalArrival'])}")
    shot("early-tap", "t-first")
    fresh(path, first - 120000)
    click("start")
    at(first - 119000)
    check(page_text("refused") == "Trains are not running yet: the first M1 train toward Akademmistechko leaves Lisova at 05:34:45. Start the ride when it moves.",
          f"two minutes early: {page_text('refused')!r}")
    check(visible("start") and not visible("ride"), "two minutes early: a ride started")
    at(first + 5000)
    click("start")
    state = at(first + 6000)
    check(visible("count") and page_text("said") == "", f"the tap after the first train: {page_text('said')!r}")

    # The standing banner across stops (Lisova → Teremky, 08:15): "in about N stops" while more
    # than the next stop is left, "Yours is next" once Teremky is the next stop; N the stops
    # still to reach by plan's times.
    ride = ["Lisova", "Teremky", "--at", "08:15", "--date", "2026-12-07", "--lang", "en"]
    plan = json.loads(run("plan", *ride, "--json"))
    stops = [stop for leg in plan["legs"] for stop in leg["stops"]]
    path = card_for("t-banner", ride)
    fresh(path, ms(plan["departure"]))
    click("start")
    alert = ms(plan["alert"]["time"])
    seen = []
    for stop in stops[-4:-1]:
        standing = (ms(stop["arrival"]) + ms(stop["departure"])) // 2
        if standing < alert:
            continue
        left = sum(1 for later in stops if ms(later.get("arrival") or later["departure"]) > standing)
        expected = "Yours is next: Teremky." if left == 1 else f"Teremky in about {left} stops: get ready."
        banner = at(standing)["banner"]
        seen.append(banner)
        check(banner == expected, f"standing at {stop['station']['nameEn']}: the banner {banner!r}, {left} stops left")
    check("Yours is next: Teremky." in seen and len(set(seen)) >= 2, f"the banner never changed across the stops: {seen}")
    # The stations' times to the minute, as plan prints them (plan's table: HH:MM, rounded down).
    shown = driver.execute_script("return [...document.querySelectorAll('#route li:not(.walk):not(.leg) .time')].map((e) => e.textContent);")
    printed = [moment(stop.get("arrival") or stop["departure"]).strftime("%H:%M") for stop in stops]
    check(shown[:len(printed)] == printed, f"the route's times {shown}, plan's {printed}")
    shot("banner-next", "t-banner")

    # "Departed" is taken only while the train can still be leaving the change (decision 0085):
    # the card's button against a real trip's `metro-timer departed`, each at the same moment
    # under libfaketime; the moment the command starts refusing is found by halving.
    ride = ["Lisova", "Teremky", "--at", "08:15", "--date", "2026-12-07", "--lang", "en"]
    plan = json.loads(run("plan", *ride, "--json"))
    tap = ms(plan["departure"]) // 1000
    reached = ms(plan["legs"][0]["stops"][-1]["arrival"]) // 1000
    faked = cardpage.Faketime()

    def taken(when):
        home = tempfile.mkdtemp(dir=HOME)
        subprocess.run([BINARY, "start", "Lisova", "Teremky", "--lang", "en", "--events"], input="q", capture_output=True,
                       text=True, env=faked.env(tap, ENV, home), check=True)
        result = subprocess.run([BINARY, "departed", "--lang", "en"], capture_output=True, text=True, env=faked.env(when, ENV, home))
        check(result.returncode == 0 or "'Departed' is the moment the train leaves" in result.stderr,
              f"departed at {when - tap} s: exit {result.returncode}: {result.stderr.strip()}")
        return result.returncode == 0

    taken_from, refused_from = reached + 60, reached + 1800
    check(taken(taken_from) and not taken(refused_from), "departed: a minute after the change taken, half an hour refused")
    while refused_from - taken_from > 1:
        middle = (taken_from + refused_from) // 2
        if taken(middle):
            taken_from = middle
        else:
            refused_from = middle
    faked.close()
    path = card_for("t-departed", ride)
    fresh(path, tap * 1000)
    click("start")
    at((taken_from - 2) * 1000)
    enabled = driver.execute_script("return !document.getElementById('departed').disabled;")
    check(enabled and page_text("departed-late") == "", f"2 s before `departed` refuses ({taken_from - tap} s after the tap): the card's is {'on' if enabled else 'off'}")
    at((refused_from + 2) * 1000)
    enabled = driver.execute_script("return !document.getElementById('departed').disabled;")
    check(not enabled, f"2 s after `departed` refuses ({refused_from - tap} s after the tap): the card's is still on")
    late = page_text("departed-late")
    check(late.startswith("'Departed' is the moment the train leaves Maidan Nezalezhnosti") and "choose below" in late,
          f"the card says, as its Departed is off: {late!r}")
    shot("departed-late", "t-departed")


def lasting():
    """The card that lasts (`card A B --and-back`, docs/decisions/0088-the-card-that-lasts.md):
    one page, both ways, any tap of a weekday and of a weekend day. At 390×844 and 320×640, taps
    at 05:40, 08:15, 13:07, 22:28 and two minutes after the origin's published last departure
    (Tap's allowance), on a Monday and a Saturday, each way: the arrival with its range and the
    alerts equal `start --at` for the same tap (its `--events`; its `--plain` for what it says
    when the tap is read as the last train or the ride cannot be made), and a real trip's `status`
    with its clock shifted to the tap (libfaketime), corrections (+1, −1, "departed") included;
    a date outside the timetable said before the tap; the wake lock held, or its absence said."""
    ways = [("Lisova", "Teremky"), ("Teremky", "Lisova")]
    path = f"{OUT}/lasting.html"
    result = subprocess.run([BINARY, "card", *ways[0], "--and-back", "--date", "2026-11-30", "--lang", "en", "--output", path],
                            capture_output=True, text=True, env=ENV)
    check(result.returncode == 0, f"lasting: card --and-back exit {result.returncode}: {result.stderr.strip()}")
    size = os.path.getsize(path)
    check(size <= 1024 * 1024, f"lasting: {size} bytes, more than 1 MB")
    page = open(path, encoding="utf-8").read()
    data = json.loads(re.search(r'id="ride-data">(.*?)</script>', page, re.S)[1])
    parts = {f"{route['name'][1]} {day['dayType']}": len(json.dumps(day, ensure_ascii=False, separators=(",", ":")).encode())
             for route in data["routes"] for day in route["days"]}
    print(f"lasting: {size} bytes: {parts}")
    # The origin's published last departure: `plan --last` to the next station on its line
    # (that station from a plan at midday: without --at, plan asks the clock, and at night the
    # route cannot be made).
    last = {}
    for origin, destination in ways:
        first_leg = json.loads(run("plan", origin, destination, "--at", "12:00", "--date", "2026-11-30", "--json"))["legs"][0]
        neighbour = first_leg["stops"][1]["station"]["nameEn"]
        for date in ("2026-11-30", "2026-12-05"):
            plan = json.loads(run("plan", origin, neighbour, "--date", date, "--last", "--json", codes=(0, 1)))
            last[(origin, date)] = moment(plan["departure"])
    zone = moment("2026-11-30T00:00:00+02:00").tzinfo
    faked = cardpage.Faketime()
    trips = {}

    def real_trip(origin, destination, tap, presses, asked_at):
        """A real trip under libfaketime, its clock shifted to the tap (seconds): `start`, the
        corrections at the card's presses [(seconds, command)], then `status` at `asked_at`: the
        arrival, the next change's alert and "yours is next" as moments (status rounds each
        countdown up: the card's second is that or the one before), None where it has none."""
        key = (origin, destination, tap, tuple((w, tuple(c)) for w, c in presses), asked_at)
        if key not in trips:
            home = tempfile.mkdtemp(dir=HOME)
            subprocess.run([BINARY, "start", origin, destination, "--lang", "en", "--events"], input="q", capture_output=True,
                           text=True, env=faked.env(tap, ENV, home))
            for when, command in presses:
                subprocess.run([BINARY, *command, "--lang", "en"], capture_output=True, text=True, env=faked.env(when, ENV, home))
            line = subprocess.run([BINARY, "status", "--format", "{arrival}|{transfer}|{alert}"], capture_output=True, text=True,
                                  env=faked.env(asked_at, ENV, home)).stdout.strip()
            shutil.rmtree(home, ignore_errors=True)

            def at(countdown):
                if not re.fullmatch(r"\d+:\d\d", countdown or ""):
                    return None
                minutes, seconds = countdown.split(":")
                return asked_at + int(minutes) * 60 + int(seconds)
            trips[key] = [at(part) for part in (line.split("|") + ["", "", ""])[:3]] if line else None
        return trips[key]

    def hms_of(stamp):
        return dt.datetime.fromtimestamp(stamp, zone).strftime("%H:%M:%S")

    def agrees(label, card_arrival, card_alerts, date, trip):
        """The card's arrival and alerts (HH:MM:SS on `date`, or past midnight) against a real trip's."""
        check(trip is not None, f"{label}: the real trip has no status")
        if trip is None:
            return
        base = int(dt.datetime.fromisoformat(f"{date}T00:00:00+02:00").timestamp())

        def stamp(text):
            h, m, sec = map(int, text.split(":"))
            value = base + h * 3600 + m * 60 + sec
            return value + 86400 if value < trip[0] - 43200 else value
        arrival, change, yours = trip
        check(card_arrival is not None and arrival is not None and 0 <= arrival - stamp(card_arrival) <= 1,
              f"{label}: arrival {card_arrival}, the real trip's status {hms_of(arrival)}")
        coming = [stamp(a) for a in card_alerts]
        if yours is not None:
            check(any(0 <= yours - c <= 1 for c in coming), f"{label}: yours is next {hms_of(yours)} (real trip), the card's alerts {card_alerts}")
        if change is not None:
            check(any(0 <= change - c <= 1 for c in coming), f"{label}: change {hms_of(change)} (real trip), the card's alerts {card_alerts}")

    for width, height in [(390, 844), (320, 640)]:
        viewport(width, height)
        media()
        for date in ("2026-11-30", "2026-12-05"):
            for way, (origin, destination) in enumerate(ways):
                taps = ["05:40", "08:15", "13:07", "22:28", (last[(origin, date)] + dt.timedelta(seconds=120)).strftime("%H:%M:%S")]
                for clock in taps:
                    when = ms(f"{date}T{clock}+02:00")
                    label = f"lasting {width}px {date} {origin} → {destination} {clock}"
                    arguments = [origin, destination, "--at", clock, "--date", date, "--lang", "en"]
                    events = events_of(arguments)
                    plain = subprocess.run([BINARY, "start", *arguments, "--speed", "3600", "--plain"], stdin=subprocess.DEVNULL,
                                           capture_output=True, text=True, env=ENV).stdout.splitlines()
                    fresh(path, when)
                    check(not visible("outside"), f"{label}: said to be outside the timetable")
                    driver.execute_script("const s = document.getElementById('route-choice'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));", str(way))
                    check(visible("route-choice") and driver.execute_script("return document.getElementById('title').textContent;") == f"{origin} → {destination}",
                          f"{label}: the route chosen on the page")
                    click("start")
                    state = at(when + 1000)
                    warning = next((line[2:] for line in plain if line.startswith("⚠ The route cannot be completed")), None)
                    asked = json.loads(run("plan", *arguments, "--json", codes=(0, 1)))
                    if ms(asked["departure"]) - when > 60000:
                        # More than a minute before the first train (plan moves to it): a real
                        # `start` refuses the tap (a rehearsal rides the first train), and so does
                        # the card, in start's words, keeping Start for the next tap.
                        check(visible("refused") and visible("start") and not visible("ride")
                              and page_text("refused").startswith("Trains are not running yet"), f"{label}: the card did not refuse: {page_text('refused')!r}")
                        continue
                    if warning is not None and not visible("ride"):
                        # start rides it with plan's warning; the card refuses with the same sentence.
                        check(page_text("refused") == warning, f"{label}: the card refuses with {page_text('refused')!r}, start warns {warning!r}")
                        continue
                    first = events[0]
                    expected = [hms(first["arrival"])] + ([hms(first["arrivalEarliest"]), hms(first["arrivalLatest"])]
                                                          if first["arrivalEarliest"] != first["arrivalLatest"] else [])
                    shown = TIME.findall(state["arrival"])
                    close = len(shown) == len(expected) and all(
                        abs((dt.datetime.strptime(a, "%H:%M:%S") - dt.datetime.strptime(b, "%H:%M:%S")).total_seconds()) <= 1
                        for a, b in zip(shown, expected))
                    check(close, f"{label}: arrival {shown}, start's {expected}")
                    # The alerts' moments: the engine's for the tap's t₀ (`plan --at t₀`: a rehearsal
                    # at --speed 3600 rings at the first frame at or after each, a few seconds late),
                    # and as many rung by the rehearsal, none before the card has it (how late a
                    # frame comes is the machine's load: 2–3 s idle, up to 44 s seen under load).
                    said = next((line for line in plain if line.startswith("Start tapped")), "")
                    t0 = re.search(r"\((\d\d:\d\d:\d\d)\)", said)[1] if said else clock
                    engine = json.loads(run("plan", origin, destination, "--at", t0, "--date", date, "--json", codes=(0, 1)))
                    planned = [hms(a["time"]) for a in engine["transferAlerts"]] + [hms(engine["alert"]["time"])]
                    rung = [hms(e["time"]) for e in events if e["event"] == "transfer-alert"]
                    rung += [hms(e["time"]) for e in events if e["event"] == "alert"][-1:]
                    alerts = TIME.findall(state["alerts"])

                    def apart(a, b):
                        return (dt.datetime.strptime(b, "%H:%M:%S") - dt.datetime.strptime(a, "%H:%M:%S")).total_seconds()
                    check(len(alerts) == len(planned) and all(abs(apart(a, b)) <= 1 for a, b in zip(alerts, planned)),
                          f"{label}: alerts {alerts}, the engine's for t₀ {t0} {planned}")
                    check(len(alerts) == len(rung) and all(-1 <= apart(a, b) for a, b in zip(alerts, rung)),
                          f"{label}: alerts {alerts}, rung by start at {rung}")
                    check(page_text("said") == said, f"{label}: the card says {page_text('said')!r}, start {said!r}")
                    # The same tap as a real trip, its clock shifted (libfaketime): `status` a
                    # second after it.
                    agrees(f"{label} (real trip)", shown[0] if shown else None, alerts, date,
                           real_trip(origin, destination, when // 1000, [], when // 1000 + 1))
                    if clock == "08:15" and width == 390:
                        check(settled(when + 2000, lambda s: s["held"] == 1)["held"] == 1, f"{label}: no wake lock during the ride")
                        check(not visible("awake"), f"{label}: the wake lock held, yet its absence said")
                        # The change's alert rings as on the card of one ride: a vibration, a tone.
                        rang = at(ms(f"{date}T{planned[0]}+02:00"))
                        check(rang["vibrations"] == 1 and rang["tones"] == 1 and rang["banner"] != "",
                              f"{label}: at the change's alert {rang['vibrations']} vibrations, {rang['tones']} tones, banner {rang['banner']!r}")
                        # A reload and a closed tab keep the ride.
                        reload()
                        check(TIME.findall(at(when + 60000)["arrival"]) == shown, f"{label}: the ride after a reload")
                        if way == 0:
                            shot("ride", f"lasting-{date}")
                        # Corrections: +1, −1 and "departed" two minutes after the train reaches the
                        # change, against a start rehearsal with the same keys.
                        change = (ms(asked["legs"][0]["stops"][-1]["arrival"]) - when) / 60000
                        keys = [(3, "+"), (6, "-"), (change + 2, "d")]
                        rehearsal = rehearse(arguments, keys)
                        corrections = [e for e in rehearsal if e["event"] == "correction"]
                        check(len(corrections) == 3, f"{label}: the rehearsal took {len(corrections)} corrections")
                        fresh(path, when)
                        driver.execute_script("const s = document.getElementById('route-choice'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));", str(way))
                        click("start")
                        presses = []
                        for event, (_, key) in zip(corrections, keys):
                            at(ms(event["time"]))
                            click({"+": "behind", "-": "ahead", "d": "departed"}[key])
                            presses.append((ms(event["time"]) // 1000, {"+": ["adjust", "+1"], "-": ["adjust", "-1"], "d": ["departed"]}[key]))
                            after = at(ms(event["time"]) + 1000)
                            agrees(f"{label} after {key} (real trip)", (TIME.findall(after["arrival"]) or [None])[0],
                                   TIME.findall(after["alerts"]), date,
                                   real_trip(origin, destination, when // 1000, list(presses), presses[-1][0] + 1))
                            shown = TIME.findall(at(ms(event["time"]))["arrival"])
                            wanted = [hms(event["arrival"])] + ([hms(event["arrivalEarliest"]), hms(event["arrivalLatest"])]
                                                                if event["arrivalEarliest"] != event["arrivalLatest"] else [])
                            check(len(shown) == len(wanted) and all(
                                abs((dt.datetime.strptime(a, "%H:%M:%S") - dt.datetime.strptime(b, "%H:%M:%S")).total_seconds()) <= 1
                                for a, b in zip(shown, wanted)), f"{label} after {key}: {shown}, start's {wanted}")
                if width == 320:
                    overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
                    check(overflow <= 0, f"lasting 320px {date}: {overflow} px wider than the screen")
        viewport(width, height)
    faked.close()
    # Before the tap: the timetable it holds, today's day type, and a date outside the timetable.
    viewport(390, 844)
    fresh(path, ms("2026-12-05T07:00:00+02:00"))
    holds = page_text("holds")
    check(data["source"]["dated"] in holds and "Today 2026-12-05: weekend timetable" in holds, f"lasting: it says it holds {holds!r}")
    check("no service changes" in page_text("made") and "Later changes are not in it" in page_text("made"), f"lasting: made {page_text('made')!r}")
    shot("before", "lasting")
    outside = f"{data['source']['to'][:4]}-12-01"
    fresh(path, ms(f"{outside}T08:15:00+02:00"))
    check(visible("outside") and outside in page_text("outside") and "outside this card's timetable" in page_text("outside") and visible("start"),
          f"lasting: {outside} is not said to be outside the timetable before the tap: {page_text('outside')!r}")
    shot("outside", "lasting")
    viewport(320, 640)
    driver.save_screenshot(f"{OUT}/lasting-outside-320px.png")
    viewport(390, 844)
    # A browser without the Screen Wake Lock: the page says the screen may go dark.
    hidden = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "Object.defineProperty(Navigator.prototype, 'wakeLock', { get: () => undefined });"})["identifier"]
    fresh(path, ms("2026-11-30T08:15:00+02:00"))
    click("start")
    at(ms("2026-11-30T08:15:01+02:00"))
    check(visible("awake") and "does not keep the screen on" in page_text("awake"), f"lasting: no wake lock, and the page says {page_text('awake')!r}")
    shot("no-wake-lock", "lasting")
    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": hidden})


# CARD_ONLY=lasting, against or one-truth runs that group of checks alone.
ONLY = os.environ.get("CARD_ONLY")
if ONLY == "lasting":
    lasting()
if ONLY == "against":
    against_plan_and_start()
if ONLY == "one-truth":
    one_truth()

for name, origin, destination, date, clock, language, more, keys in ([] if ONLY else CASES):
    if clock is None:
        # (Exit 1 when that last train has already left: the date is in the past.)
        last = json.loads(run("plan", origin, destination, "--date", date, "--last", "--json", "--lang", language, codes=(0, 1)))
        clock = hms(last["departure"])
    arguments = [origin, destination, "--at", clock, "--date", date, "--lang", language, *more]
    plan = json.loads(run("plan", *arguments, "--json"))
    path = f"{OUT}/{name}.html"
    subprocess.run([BINARY, "card", *arguments, "--output", path], check=True, capture_output=True, env=ENV)
    size = os.path.getsize(path)
    check(size <= 100 * 1024, f"{name}: {size} bytes")
    page = open(path, encoding="utf-8").read()
    check("content=\"default-src 'none'; script-src 'sha256-" in page, f"{name}: the policy")
    stops = [stop for leg in plan["legs"] for stop in leg["stops"]]
    names = [stop["station"]["nameUk" if language == "uk" else "nameEn"] for stop in stops]
    times = [stop.get("arrival") or stop["departure"] for stop in stops]
    departure = ms(plan["departure"])

    viewport(390, 844)
    media()
    fresh(path, departure - 30000)
    start = driver.find_element("id", "start")
    check(start.accessible_name.startswith("Старт" if language == "uk" else "Start"), f"{name}: the button is named {start.accessible_name!r}")
    planned = driver.execute_script(
        "return [...document.querySelectorAll('#route li[data-stop]')].map((li) => li.querySelector('.time').dataset.seconds);")
    check(planned == [hms(t) for t in times], f"{name}: planned {planned} != {[hms(t) for t in times]}")
    if name in ("one-line", "change"):
        shot("before", name)
        axe(f"{name} before")

    # The tap at plan's departure: the sound is unlocked by it, the screen kept awake from it.
    before = at(departure)
    check(before["held"] == 0 and before["lockRequests"] == 0, f"{name}: a wake lock before the tap ({before['lockRequests']} asked)")
    click("start")
    tapped = settled(departure, lambda state: state["held"] == 1 and state["contexts"] and all(c["state"] == "running" for c in state["contexts"]))
    check([c["tap"] for c in tapped["contexts"]] == [True], f"{name}: the sound's AudioContexts {tapped['contexts']}, not one made in the tap")
    check(all(c["state"] == "running" for c in tapped["contexts"]), f"{name}: the sound after the tap {tapped['contexts']}")
    check(tapped["held"] == 1, f"{name}: {tapped['held']} wake locks held after the tap ({tapped['lockRequests']} asked)")
    expected_arrival = [hms(plan["finalArrival"])] + (
        [hms(plan["arrival"]["earliest"]), hms(plan["arrival"]["latest"])] if plan["arrival"]["earliest"] != plan["arrival"]["latest"] else [])
    alerts = [(ms(a["time"]), "change-%d" % (index + 1), a["station"]) for index, a in enumerate(plan.get("transferAlerts") or [])]
    alerts.append((ms(plan["alert"]["time"]), "yours", plan["alert"]["station"]))
    timeline = []
    for index in range(1, len(stops)):
        timeline.append((ms(times[index]) - 1000, "stop", index))
    for when, key, _ in alerts:
        timeline += [(when - 1000, "before-alert", key), (when, "alert", key), (when + 1000, "after-alert", key)]
    timeline.sort(key=lambda item: (item[0], item[1] != "stop"))
    vibrations = 0
    reloaded = False
    middle = len(stops) // 2
    for when, kind, what in timeline:
        state = at(when)
        if kind == "stop":
            index = what
            left = stops_left(stops, index)
            check(names[index] in state["next"], f"{name} stop {index}: next {state['next']!r}, not {names[index]}")
            check(state["nextTime"] == hms(times[index]) and state["nextShown"] == hms(times[index])[:5],
                  f"{name} stop {index}: {state['nextShown']} ({state['nextTime']}) != {hms(times[index])}")
            check(state["stops"].split()[:1] == [str(left)], f"{name} stop {index}: stops left {state['stops']!r} != {left}")
            check(TIME.findall(state["arrival"]) == expected_arrival, f"{name} stop {index}: arrival {state['arrival']!r} != {expected_arrival}")
            check(hms(plan["alert"]["time"]) in state["alerts"], f"{name} stop {index}: alerts {state['alerts']!r}")
            check(state["held"] == 1, f"{name} stop {index}: {state['held']} wake locks held")
            if index == middle and not reloaded:
                reload()
                again = settled(when, lambda state: state["held"] == 1)
                same = again["next"] == state["next"] and again["nextTime"] == state["nextTime"] and again["stops"] == state["stops"]
                check(same, f"{name}: after a reload {again} != {state}")
                if not same:
                    # What the page said as it came back (kept for the end's check of errors too).
                    logged = driver.get_log("browser")
                    early_logs.extend(logged)
                    print("  the page's log after the reload:", [entry["message"] for entry in logged],
                          "stored:", driver.execute_script("return Object.keys(localStorage);"))
                check(again["held"] == 1, f"{name}: {again['held']} wake locks held after a reload")
                # No tap in this document yet, so no sound: the page offers one to turn it on.
                button = sound_button()
                check(button is not None and button.accessible_name != "", f"{name}: no button to turn the sound on after a reload")
                if button is not None and name == "change":
                    shot("reloaded", name)
                    axe(f"{name} reloaded, the sound button showing")
                if button is not None:
                    button.click()
                    unlocked = at(when)
                    check(unlocked["contexts"] and unlocked["contexts"][-1]["tap"] and unlocked["contexts"][-1]["state"] == "running",
                          f"{name}: the sound after its button {unlocked['contexts']}")
                    check(sound_button() is None, f"{name}: the sound button still shows once the sound is on")
                reloaded = True
                if name in ("one-line", "change"):
                    shot("mid-ride", name)
                    axe(f"{name} mid-ride")
        elif kind == "before-alert":
            check(state["vibrations"] == vibrations, f"{name}: {what} came early ({state['vibrations']} vibrations a second before)")
            check(state["tones"] == vibrations, f"{name}: {what} sounded early ({state['tones']} tones a second before)")
            check(state["notifications"] == vibrations, f"{name}: {what} notified early ({state['notifications']} a second before)")
        elif kind == "alert":
            vibrations += 1
            check(state["vibrations"] == vibrations, f"{name}: {what} at its moment: {state['vibrations']} vibrations, not {vibrations}")
            tone = state["lastTone"]
            check(state["tones"] == vibrations and tone is not None and tone["at"] == when, f"{name}: {what} at its moment: {state['tones']} tones, the last {tone}")
            check(tone is not None and tone["state"] == "running" and tone["heard"] and tone["hz"] > 0 and 0 < (tone["seconds"] or 0) <= 2,
                  f"{name}: {what}'s tone {tone} is not heard")
            shown = state["lastNotification"]
            check(state["notifications"] == vibrations and shown is not None and shown["at"] == when and shown["body"] == state["banner"],
                  f"{name}: {what} at its moment: {state['notifications']} notifications, the last {shown} (banner {state['banner']!r})")
            # The banner names what the alert is about (not the stop before it): your
            # station, or the change's exit.
            key = "nameUk" if language == "uk" else "nameEn"
            station = names[-1] if what == "yours" else plan["legs"][int(what.split("-")[1]) - 1]["stops"][-1]["station"][key]
            check(station in state["banner"], f"{name}: {what}'s banner {state['banner']!r} names {station}")
            if what == "yours" and name in ("one-line", "change"):
                shot("alert", name)
        else:
            check(state["vibrations"] == vibrations and state["tones"] == vibrations and state["notifications"] == vibrations, f"{name}: {what} rang twice")
    end = at(ms(plan["arrival"]["time"]) + 60000)
    check(end["vibrations"] == len(alerts), f"{name}: {end['vibrations']} vibrations for {len(alerts)} alerts")
    # The ride ends with its line for the journal: the start, the planned and the confirmed arrival
    # (Arrived asks again: a second touch confirms it).
    click("arrived")
    click("arrived")
    journal = driver.find_element("id", "journal").text
    check(settled(ms(plan["arrival"]["time"]) + 60000, lambda state: state["held"] == 0)["held"] == 0, f"{name}: the wake lock is kept after Arrived")
    confirmed = dt.datetime.fromtimestamp((ms(plan["arrival"]["time"]) + 60000) / 1000, moment(plan["departure"]).tzinfo).strftime("%H:%M:%S")
    check(TIME.findall(journal) == [hms(plan["departure"]), hms(plan["finalArrival"]), confirmed], f"{name}: the journal line {journal!r}")

    # A tap late in one of the card's minutes (58 s after plan's departure): every stop's time
    # and the arrival with its range within a second of plan's for that t₀ (the card carries
    # whole seconds; the engine's waits drift a second or two a minute at some hours).
    late = departure + 58000
    late_plan = json.loads(run("plan", *[a if a != clock else hms(dt.datetime.fromtimestamp(late / 1000, moment(plan["departure"]).tzinfo).isoformat())
                                         for a in arguments], "--json"))
    late_stops = [stop for leg in late_plan["legs"] for stop in leg["stops"]]
    late_times = [hms(stop.get("arrival") or stop["departure"]) for stop in late_stops]
    check(ms(late_plan["departure"]) == late, f"{name}: plan at {late} departs {late_plan['departure']}")
    fresh(path, late)
    click("start")
    shown = driver.execute_script(
        "return [...document.querySelectorAll('#route li[data-stop]')].map((li) => li.querySelector('.time').dataset.seconds);")
    def off(a, b):
        return ((dt.datetime.strptime(a, "%H:%M:%S") - dt.datetime.strptime(b, "%H:%M:%S")).total_seconds() + 43200) % 86400 - 43200

    exact = sum(1 for a, b in zip(shown, late_times) if a == b)
    check(len(shown) == len(late_times) and all(abs(off(a, b)) <= 1 for a, b in zip(shown, late_times)),
          f"{name}: a tap 58 s after the departure: {[(a, b) for a, b in zip(shown, late_times) if a != b]} (page, plan)")
    late_arrival = [hms(late_plan["finalArrival"])] + (
        [hms(late_plan["arrival"]["earliest"]), hms(late_plan["arrival"]["latest"])] if late_plan["arrival"]["earliest"] != late_plan["arrival"]["latest"] else [])
    shown = TIME.findall(at(late + 1000)["arrival"])
    # At the edges of the day a known train can be missed inside one of the card's minutes (the
    # fast or the slow pattern, or the best estimate, takes the next train somewhere in it): the
    # card, with no row for that second, leans early across the two trains (PocketCard+Script's
    # pick). There the figures must lean, not match: see `leans`.
    edge = name == "last-train"
    check(len(shown) == len(late_arrival) and (leans(shown, late_arrival) if edge else all(abs(off(a, b)) <= 1 for a, b in zip(shown, late_arrival))),
          f"{name}: a tap 58 s after the departure: arrival {shown} != {late_arrival}")

    # Corrections: the page against a start --speed rehearsal with the same keys.
    if keys == CHANGES:
        exits = [(ms(leg["stops"][-1]["arrival"]) - departure) / 60000 for leg in plan["legs"][:-1]]
        keys = [(3, "+"), (6, "-")] + [(minute + 2, "d") for minute in exits]
        keys += [(keys[-1][0] + 1.5, "u"), (keys[-1][0] + 3, "+")]
    if keys:
        events = rehearse(arguments, keys)
        spoken = iter(rehearse_plain(arguments, keys))
        corrections = [event for event in events if event["event"] == "correction"]
        typed = [key for _, key in keys if key != "u"]
        check(len(corrections) == len(typed), f"{name}: the rehearsal took {len(corrections)} corrections of {typed}")
        fresh(path, departure)
        click("start")
        states = [[hms(events[0]["arrival"]), hms(events[0]["arrivalEarliest"]), hms(events[0]["arrivalLatest"])]]
        taken = iter(corrections)
        button = {"+": "behind", "-": "ahead", "d": "departed", "u": "undo"}
        last_time = departure
        for _, key in keys:
            event = next(taken) if key != "u" else None
            when = ms(event["time"]) if event else last_time
            last_time = when
            at(when)
            click(button[key])
            shown = TIME.findall(at(when)["arrival"])
            if event:
                expected = [hms(event["arrival"]), hms(event["arrivalEarliest"]), hms(event["arrivalLatest"])]
                states.append(expected)
            else:
                states.pop()
                expected = states[-1]
            # The page anchors at the whole second the event reports; the rehearsal at a moment
            # up to a second later.
            wanted = [expected[0]] + (expected[1:] if expected[1] != expected[2] else [])
            close = len(shown) >= 1 and (leans(shown, wanted) if edge else all(
                abs((dt.datetime.strptime(a, "%H:%M:%S") - dt.datetime.strptime(b, "%H:%M:%S")).total_seconds()) <= 1
                for a, b in zip(shown, wanted)))
            check(close, f"{name} after {key} at {dt.datetime.fromtimestamp(when / 1000).strftime('%H:%M:%S')}: {shown} != {expected}")
            if event:
                # What the card says of the correction is what start --plain says of it.
                said = driver.find_element("id", "said").text
                cli = next(spoken, "")
                check(same_correction(said, cli, 15 if edge else 1), f"{name} after {key}: the card says {said!r}, start --plain {cli!r}")
        # After the last correction, the alerts still to come: the page's moments are the ones
        # at which the rehearsal rang them (within a second, as above).
        final = ms(corrections[-1]["time"])
        later = [event for event in events if event["event"] in ("transfer-alert", "alert") and ms(event["time"]) > final]
        coming = [event for event in later if event["event"] == "transfer-alert"][:1] + [event for event in later if event["event"] == "alert"][-1:]
        shown = TIME.findall(at(final)["alerts"])
        if len(coming) == 1 and len(shown) == 2:
            shown = shown[1:]  # the page still names the change alert already rung
        def gap(a, e):
            return (dt.datetime.strptime(a, "%H:%M:%S") - dt.datetime.strptime(hms(e["time"]), "%H:%M:%S")).total_seconds()
        # An alert never later than the rehearsal's; at the edges it may be earlier (leaning
        # across a train missed inside the minute), by less than an interval.
        check(len(coming) >= 1 and len(shown) == len(coming) and all(
            (-900 <= gap(a, e) <= 1) if edge else abs(gap(a, e)) <= 1 for a, e in zip(shown, coming)), f"{name}: the alerts after the corrections {shown} != the rehearsal's {[hms(e['time']) for e in coming]}")
    print(f"{name}: {len(stops)} stops, {len(alerts)} alerts, {size} bytes, {exact} of {len(late_times)} stop times exact after a tap 58 s"
          " into a minute" + (f", {len(keys)} corrections, then alerts at {shown} as rehearsed" if keys else ""))
    cards[name] = (path, plan)

if not ONLY:
    # Notifications only where the rider allowed them: asked for at the tap, none once refused.
    path, plan = cards["one-line"]
    departure = ms(plan["departure"])
    notifications("prompt")
    fresh(path, departure)
    click("start")
    check(at(departure)["notifications"] == 0 and driver.execute_script("return window.__permissionAsks;") == 1,
          "the tap does not ask once for notifications")
    notifications("denied")
    refused = at(ms(plan["alert"]["time"]))
    check(refused["vibrations"] == 1 and refused["tones"] == 1 and refused["notifications"] == 0,
          f"refused notifications: {refused['vibrations']} vibrations, {refused['tones']} tones, {refused['notifications']} notifications")
    notifications("granted")

    # The wake lock while the tab is hidden (a locked screen, another app) and back, at "Stop", and
    # when a ride nobody ended lapses (ten minutes after its arrival).
    path, plan = cards["one-line"]
    departure = ms(plan["departure"])
    fresh(path, departure)
    click("start")
    check(settled(departure + 60000, lambda state: state["held"] == 1)["held"] == 1, "one-line: no wake lock after the tap")
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.close()
    driver.switch_to.window(first)
    back = settled(departure + 120000, lambda state: state["held"] == 1 and state["lockRequests"] == 2)
    check(driver.execute_script("return document.visibilityState;") == "visible", "the tab is shown again")
    check(back["held"] == 1 and back["lockRequests"] == 2 and driver.execute_script("return window.__locks[0].released;"),
          f"after the tab was hidden and shown: {back['held']} held of {back['lockRequests']} asked")
    click("stop")
    click("stop")
    check(settled(departure + 130000, lambda state: state["held"] == 0)["held"] == 0, "the wake lock is kept after Stop")
    fresh(path, departure)
    click("start")
    lapsed = at(ms(plan["finalArrival"]) + 600000 + 2000)
    check(lapsed["ended"], "the ride has not lapsed ten minutes after its arrival")
    check(lapsed["held"] == 0, f"the wake lock is kept after the ride lapsed ({lapsed['held']} held)")

    # Layout: no horizontal scrolling at 320 px and in landscape; no motion when asked for less.
    path = f"{OUT}/change.html"
    for width, height, label in [(320, 640, "320px"), (844, 390, "landscape")]:
        viewport(width, height)
        fresh(path, ms("2026-11-30T08:14:30+02:00"))
        overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        check(overflow <= 0, f"{label}: {overflow} px wider than the screen")
        driver.save_screenshot(f"{OUT}/change-{label}.png")
    viewport(390, 844)
    for motion, expected in [("reduce", "none"), ("no-preference", "pulse")]:
        media(motion=motion)
        animation = driver.execute_script("return getComputedStyle(document.getElementById('banner')).animationName;")
        check(animation == expected, f"prefers-reduced-motion {motion}: the banner's animation is {animation!r}")
    check(driver.find_element("id", "next").get_attribute("aria-live") == "polite", "the next station is a live region")
    # The language switch changes every text; dark mode passes axe too.
    click("lang-en")
    check(driver.find_element("id", "start").accessible_name.startswith("Start") and driver.execute_script("return document.documentElement.lang") == "en",
          "the switch to English")
    click("lang-uk")
    check(driver.find_element("id", "start").accessible_name.startswith("Старт"), "the switch back to Ukrainian")
    media("dark")
    axe("dark")
    media("light")
    check(driver.find_element("id", "banner").get_attribute("role") == "alert", "the banner is an alert")

    against_plan_and_start()

if not ONLY:
    one_truth()
    lasting()

# Nothing loaded but the cards themselves; nothing refused by the policy.
requests = []
for entry in driver.get_log("performance"):
    message = json.loads(entry["message"])["message"]
    if message["method"] == "Network.requestWillBeSent":
        url = message["params"]["request"]["url"]
        if not (url.startswith("file://" + OUT + "/") and url.endswith(".html")):
            requests.append(url)
check(requests == [], f"network requests: {requests}")
problems = [entry["message"] for entry in early_logs + driver.get_log("browser") if entry["level"] == "SEVERE"]
check(problems == [], f"browser errors: {problems}")
driver.quit()
shutil.rmtree(HOME, ignore_errors=True)
print(f"check-card: {checked} checks, {len(failures)} failed, {time.monotonic() - started:.0f} s; screenshots in {OUT}")
sys.exit(1 if failures else 0)
