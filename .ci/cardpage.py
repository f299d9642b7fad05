"""What .ci/check-card.py and .ci/sweep.py share to drive a ride card (`metro-timer card …
--output`) in headless Chromium: the browser as a phone has it, and the page's clock driven by
the script (Date and Date.now read a moment kept in sessionStorage, so a reload keeps it)."""
import datetime as dt
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def chromium(logging=False):
    """Debian's chromium, headless, at a phone's size, through the system's chromedriver. Sound
    only after a tap in the document, as phones' browsers have it (headless Chromium's own
    default lets any page play)."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844", "--disable-dev-shm-usage",
                     "--autoplay-policy=document-user-activation-required"]:
        options.add_argument(argument)
    if logging:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def clock_script(initial):
    """The page's clock: `new Date()` and `Date.now()` read sessionStorage's `__now` (the
    script's moment, in milliseconds), `initial` until the script sets one."""
    return """
        const Real = Date;
        const now = () => Number(sessionStorage.getItem("__now") || %d);
        class Driven extends Real {
          constructor(...args) { if (args.length === 0) super(now()); else super(...args); }
          static now() { return now(); }
        }
        window.Date = Driven;
    """ % initial


# Sets the page's moment (arguments[0], milliseconds) and has it drawn now: the page redraws on
# focus, as when a phone's screen comes back on.
SET_MOMENT = """
  sessionStorage.setItem("__now", String(arguments[0]));
  window.dispatchEvent(new Event("focus"));
"""


def open_fresh(driver, path):
    """Opens the card at `path` as first opened: no ride stored. The page being left may still
    write its ride as it goes (a second's render), so the clearing is checked and, if it did not
    take, repeated. False when it never took."""
    for _ in range(5):
        driver.get("file://" + path)
        driver.execute_script("localStorage.clear(); sessionStorage.clear();")
        driver.refresh()
        if driver.execute_script("return !document.getElementById('before').hidden;"):
            return True
        time.sleep(0.2)
    return False


FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"


class Faketime:
    """One `faketime` holding libfaketime's shared semaphore and segment for the whole run (without
    FAKETIME_SHARED each process makes its own and loses argv: see DaytimeClock.swift); it ends,
    and cleans /dev/shm, when its input closes. `env` runs a process at a frozen moment."""

    def __init__(self):
        self.process = subprocess.Popen(
            ["faketime", "-f", "+0", "/bin/sh", "-c", "printf '%s\\n' \"$FAKETIME_SHARED\"; exec cat >/dev/null"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, start_new_session=True)
        self.shared = self.process.stdout.readline().strip()

    def env(self, stamp, base, home):
        """`base` with the clock frozen at `stamp` (seconds since the epoch) and the state in `home`."""
        moment = dt.datetime.fromtimestamp(stamp, dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        return dict(base, TZ="UTC", METRO_TIMER_HOME=home, LD_PRELOAD=FAKETIME, FAKETIME=moment, FAKETIME_SHARED=self.shared,
                    FAKETIME_DONT_FAKE_MONOTONIC="1")

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)
