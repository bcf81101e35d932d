#!/usr/bin/env python3
"""als web's speed in headless Chromium (docs/performance.md, "The web page"): the page's first
paint from a warm server, and an action's round trip (the click to the page showing the state after
it, the computer's reply included), against `random`, which thinks no time, so that the figure is
the server's, the socket's and the page's. Prints the median and the range of each; a benchmark,
not a test: it asserts nothing.

Usage: web_bench.py ALS [LOADS] [CLICKS]   (defaults 20 and 200)"""
import statistics, subprocess, sys, tempfile, time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

als = sys.argv[1]
loads = int(sys.argv[2]) if len(sys.argv) > 2 else 20
clicks = int(sys.argv[3]) if len(sys.argv) > 3 else 200

server = subprocess.Popen([als, "web", "--p2", "random", "--seed", "1"], stdout=subprocess.PIPE, text=True)
link = server.stdout.readline().strip()
o = webdriver.ChromeOptions()
for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
          f"--user-data-dir={tempfile.mkdtemp()}"):
    o.add_argument(a)
o.binary_location = "/usr/bin/chromium"
o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)


def spread(name, xs, unit="ms"):
    xs = sorted(xs)
    print(f"{name}: median {statistics.median(xs):.1f} {unit}, min {xs[0]:.1f}, max {xs[-1]:.1f} "
          f"(n={len(xs)})")


try:
    d.get(link)  # warms the server and the browser's cache of nothing (no-store): every load is whole
    paints = []
    for _ in range(loads):
        d.get(link)
        paints.append(d.execute_script(
            "const p = performance.getEntriesByName('first-contentful-paint')[0];"
            "return p ? p.startTime : performance.timing.domContentLoadedEventEnd - performance.timing.navigationStart;"))
    trips = []
    script = """
      const done = arguments[arguments.length - 1];
      const wait = () => {
        const acts = [...document.querySelectorAll('[data-action]')].filter(b => b.dataset.action !== 'withdraw');
        if (document.querySelector('[data-result]')) { document.querySelector('#result button').click(); return setTimeout(() => done(-1), 200); }
        if (!acts.length) return setTimeout(wait, 5);
        const before = document.body.dataset.actions, t0 = performance.now();
        acts[0].click();
        const poll = () => document.body.dataset.actions !== before ? done(performance.now() - t0)
          : performance.now() - t0 > 5000 ? done("stuck: " + acts[0].dataset.action + " / " + document.getElementById("error").textContent)
          : setTimeout(poll, 0);
        poll();
      };
      wait();"""
    d.set_script_timeout(30)
    while len(trips) < clicks:
        t = d.execute_async_script(script)
        if isinstance(t, str):
            print(d.get_log("browser"))
            raise SystemExit(t)
        if t >= 0:
            trips.append(t)
        time.sleep(0.06)  # a person's pace, within the server's 20 messages a second
    spread("first contentful paint, warm server", paints)
    spread("an action's round trip (click to the next state shown; random replies at once)", trips)
finally:
    d.quit()
    server.terminate()
