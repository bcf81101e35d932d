#!/usr/bin/env python3
"""als web in a real browser (headless Chromium driven by Selenium, Debian's packages).

- Whole games against the computer, played by clicking the page's `data-action` elements until an
  element with `data-result` shows; the record (--log) replays.
- Two browser sessions play one game as the two seats (--p2 human). Every message each page
  received over its WebSocket, and the cards its DOM showed, are checked against the record: the
  game is replayed in `import als` to the state each message shows (its "actions"), and every
  card id in the message's view, and every card its page named by `data-card`, must be one that
  seat knew there (the engine's observation_string for the seat).
- A reconnect resumes the game where it was; a token plays its own seat only; an oversize and a
  malformed message get a clear error and the game goes on; the server is not reachable from
  another address of the machine unless --host.
- Screenshots at 1280x800 and at a phone's 390x844, with nothing wider than the page.

Usage: web_test.py ALS SRC BUILD. Skipped (77) without Chromium, chromedriver or Selenium, unless
ALS_REQUIRE_CHROMIUM=1 (./bootstrap.sh test installs them and sets it)."""
import json, os, random, re, shutil, socket, subprocess, sys, tempfile, time

als, src, build = sys.argv[1], sys.argv[2], sys.argv[3]
required = os.environ.get("ALS_REQUIRE_CHROMIUM") == "1"
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
driver_bin = shutil.which("chromedriver")
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
except ImportError:
    webdriver = None
if not (chromium and driver_bin and webdriver):
    print("chromium, chromedriver or selenium is not installed")
    sys.exit(1 if required else 77)

sys.path.insert(0, os.path.join(build, "python"))
import als as engine  # noqa: E402  (the Python module of this build: the game's truth to check against)

tmp = tempfile.mkdtemp()
passed = failed = 0
servers, drivers = [], []


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what, flush=True)


def serve(*args):
    """Starts `als web ARGS` and returns (process, [links])."""
    p = subprocess.Popen([als, "web", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    servers.append(p)
    links = [p.stdout.readline().strip()]
    if "--p2" in args and args[args.index("--p2") + 1] == "human":  # a second person: a second link
        links.append(p.stdout.readline().split()[0])
    return p, links


def browser(width=1280, height=800):
    o = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
              f"--window-size={width},{height}", f"--user-data-dir={tempfile.mkdtemp(dir=tmp)}"):
        o.add_argument(a)
    o.binary_location = chromium
    o.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    d = webdriver.Chrome(service=Service(driver_bin), options=o)
    drivers.append(d)
    return d


def frames(d, into):
    """The WebSocket messages page `d` received since the last call, appended to `into`."""
    for entry in d.get_log("performance"):
        m = json.loads(entry["message"])["message"]
        if m.get("method") == "Network.webSocketFrameReceived":
            into.append(m["params"]["response"]["payloadData"])


def shown_actions(d):
    return int(d.find_element(By.TAG_NAME, "body").get_attribute("data-actions") or -1)


def wait(d, what, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        try:
            got = what(d)
        except Exception:  # (an element re-rendered between finding and reading it)
            got = None
        if got:
            return got
        time.sleep(0.02)
    return None


def click_one(d, rng):
    """Clicks one of the page's data-action elements (a play more often than a withdrawal);
    returns whether it did."""
    acts = d.find_elements(By.CSS_SELECTOR, "[data-action]")
    if not acts:
        return False
    try:
        names = [a.get_attribute("data-action") for a in acts]
        choices = [i for i, n in enumerate(names) if n != "withdraw"] or list(range(len(acts)))
        if rng.random() < 0.04:
            choices = list(range(len(acts)))
        before = shown_actions(d)
        acts[rng.choice(choices)].click()
        wait(d, lambda d: shown_actions(d) != before or d.find_element(By.ID, "error").text, 30)
        return True
    except Exception:
        return False


def dom_cards(d):
    return [e.get_attribute("data-card") for e in d.find_elements(By.CSS_SELECTOR, "[data-card]")]


def play_to_end(pages, rng, dom_seen=None, limit=3000):
    """Clicks on every page in turn until each shows data-result; `dom_seen[i]` collects
    (actions, data-card values) of page i after each click."""
    for _ in range(limit):
        if all(d.find_elements(By.CSS_SELECTOR, "[data-result]") for d in pages):
            return True
        moved = False
        for i, d in enumerate(pages):
            if click_one(d, rng):
                moved = True
                if dom_seen is not None:
                    dom_seen[i].append((shown_actions(d), dom_cards(d)))
        if not moved:
            time.sleep(0.03)
    return False


def truth(record, card_ids):
    """The game of `record` replayed in the engine: for each number of actions N, the card ids
    each seat knew after the first N (from its observation_string)."""
    lines = [json.loads(l) for l in open(record)]
    game = engine.Game("standard")
    s = game.new_initial_state(lines[0]["seed"])
    known = []

    def note():
        known.append([set(w for w in re.findall(r"[a-z_]+", s.observation_string(p)) if w in card_ids) for p in (0, 1)])

    note()
    for r in lines:
        if r.get("type") != "action":
            continue
        ids = [i for i in s.legal_actions() if format(s.child(i).digest(), "016x") == r["digest"]]
        if not ids:
            raise AssertionError(f"the record's action {r['action']} matches no legal action")
        s.apply_action(ids[0])
        note()
    return known, s


def ids_in(x):
    """Every string in a JSON value."""
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for v in x.values():
            yield from ids_in(v)
    elif isinstance(x, list):
        for v in x:
            yield from ids_in(v)


def check_hidden(seat, messages, dom_seen, known, card_ids, names):
    """No message to `seat` (0 or 1), and no data-card of its page, names a card it did not know."""
    leaks = []
    for raw in messages:
        m = json.loads(raw)
        if m.get("type") != "state":
            continue
        k = known[m["actions"]][seat]
        view_ids = {x.lstrip("~") for x in ids_in(m["view"])} & card_ids
        leaks += [(m["actions"], "view", c) for c in view_ids - k]
        if view_ids - k and os.environ.get("WEB_DEBUG"):
            print(json.dumps(m["view"]), m["since"], file=sys.stderr)
        leaks += [(m["actions"], "legal", c) for a in m["legal"] for c in {a["card"]} & card_ids - k]
        for step in m["since"]:  # the other seat's moves, as this seat saw them: no unknown card named
            leaks += [(m["actions"], "since", c) for c, n in names.items() if n in step and c not in k and
                      not any(c in known[j][seat] for j in range(m["actions"]))]
    for actions, cards in dom_seen:
        leaks += [(actions, "dom", c) for c in set(cards) & card_ids - known[actions][seat]]
    return leaks


table = engine.Game("standard").card_table()
card_ids = set(table)
names = {c: table[c]["name"] for c in card_ids}
assert len(card_ids) == 18, card_ids

# 1. Games against the computer, clicked to their end; the record replays.
for seed in (1, 2):
    log = os.path.join(tmp, f"one-{seed}.jsonl")
    p, links = serve("--seed", str(seed), "--p2", "easy", "--log", log)
    check(links[0].startswith("http://127.0.0.1:") and "token=" in links[0], f"the first line is the link: {links}")
    d = browser()
    d.get(links[0])
    got = []
    dom_seen = [[]]
    ended = play_to_end([d], random.Random(seed), dom_seen)
    frames(d, got)
    result = d.find_elements(By.CSS_SELECTOR, "[data-result]")
    check(ended and result and result[0].get_attribute("data-result") in ("won", "lost"), f"game {seed} reached data-result")
    check(wait(d, lambda d: os.path.exists(log), 5), f"game {seed}: the record was written")
    r = subprocess.run([als, "replay", log], capture_output=True, text=True)
    check(r.returncode == 0, f"game {seed}: the record replays: {r.stdout} {r.stderr}")
    known, final = truth(log, card_ids)
    # the review of the finished game: the page's marks are als review's of the same record and
    # seat, decision for decision, and its texts name no card the seat did not know
    d.find_element(By.CSS_SELECTOR, "[data-command=review]").click()
    marks = wait(d, lambda d: [li.get_attribute("data-mark") for li in d.find_elements(By.CSS_SELECTOR, "#review li[data-mark]")], 120)
    r = subprocess.run([als, "review", log, "--seat", "1", "--names", "never"], capture_output=True, text=True)
    term = re.findall(r"^      (best|good|inaccuracy|mistake|blunder)\b", r.stdout, re.M)
    check(marks and marks == term, f"game {seed}: the page's review marks are als review's: {marks} vs {term}")
    tally = d.find_element(By.ID, "review-tally").text
    check(f"{term.count('best')} best" in tally and f"{term.count('mistake')} mistake" in tally, f"game {seed}: the tally: {tally}")
    frames(d, got)
    reviews = [json.loads(f) for f in got if json.loads(f).get("type") == "review"]
    check(len(reviews) == 1 and len(reviews[0]["steps"]) == len(known) - 1, f"game {seed}: one review, a step an action")
    for st in (reviews[0]["steps"] if reviews else []):
        texts = st["text"] + " " + st.get("best", {}).get("text", "")
        named = {c for c, n in names.items() if n in texts}
        unknown = named - known[st["n"] - 1][0] - known[st["n"]][0]
        check(not unknown, f"game {seed}: review step {st['n']} names cards the seat did not know: {unknown} ({texts})")
    leaks = check_hidden(0, got, dom_seen[0], known, card_ids, names)
    check(not leaks, f"game {seed}: the page was sent or showed cards its seat did not know: {leaks[:5]}")
    check(any(json.loads(f).get("result") for f in got), f"game {seed}: a result message came")
    chart = d.find_element(By.ID, "chart").text
    check("cards left" in chart and "as 1st 6 4 3 3 2" in chart and "as 2nd 6 6 4 3 3 2" in chart,
          f"game {seed}: the withdrawal chart shown: {chart}")
    console = [e for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    check(not console, f"game {seed}: console messages: {console[:3]}")
    d.quit()
    drivers.remove(d)

# 1b. The tutorial on the page: a play a step does not ask for is refused in words; following the
#     hint (its first line the step accepts) wins the battle by the tutorial's end.
p, links = serve("--seed", "4", "--p2", "normal")
d = browser()
d.get(links[0])
wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-action]"))
d.find_element(By.ID, "tutorial-button").click()
try:
    d.switch_to.alert.accept()  # (a game under way: the page asks first)
except Exception:
    check(False, "the tutorial asked nothing during a game")
check(wait(d, lambda d: d.find_element(By.ID, "tutorial").get_attribute("data-tutorial") == "1"), "the tutorial's first step shows")
check("easy" in d.find_element(By.ID, "score").text, "the tutorial plays the easy level")
d.find_element(By.CSS_SELECTOR, "#tutorial [data-command=tutorial_next]").click()
check(wait(d, lambda d: d.find_element(By.ID, "tutorial").get_attribute("data-tutorial") == "2"), "Begin: the Deploy step")
imp = [a for a in d.find_elements(By.CSS_SELECTOR, "#hand [data-action]") if a.get_attribute("data-action").startswith("improvise")]
imp[0].click()
check(wait(d, lambda d: "not this time: that plays the card facedown" in d.find_element(By.ID, "error").text),
      f"the Deploy step refuses an improvisation in words: {d.find_element(By.ID, 'error').text}")
d.find_element(By.ID, "undo").click()
check(wait(d, lambda d: "the tutorial takes nothing back" in d.find_element(By.ID, "error").text or
           d.find_element(By.ID, "undo").get_attribute("disabled") is not None), "no takeback in the tutorial")
steps_seen, refused = set(), 0
for _ in range(200):
    t = d.find_element(By.ID, "tutorial").get_attribute("data-tutorial")
    if t == "over":
        break
    steps_seen.add(t)
    before = shown_actions(d)
    d.find_element(By.ID, "hint").click()
    lines = wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#hint-lines [data-action]"), 30) or []
    for line in range(len(lines)):  # the hint's lines in turn, until the step takes one
        d.execute_script("document.getElementById('error').textContent = ''")
        try:
            d.find_elements(By.CSS_SELECTOR, "#hint-lines [data-action]")[line].click()
        except Exception:
            break
        if wait(d, lambda d: shown_actions(d) != before or "not this time" in d.find_element(By.ID, "error").text, 30) and \
                shown_actions(d) != before:
            break
        refused += 1
    if shown_actions(d) == before:  # no hint line taken: any play the step takes
        for k in range(len(d.find_elements(By.CSS_SELECTOR, "[data-action]"))):
            try:
                d.find_elements(By.CSS_SELECTOR, "[data-action]")[k].click()
            except Exception:
                continue
            if wait(d, lambda d: shown_actions(d) != before, 3):
                break
end = d.find_element(By.ID, "tutorial")
check(end.get_attribute("data-tutorial") == "over", f"the tutorial reached its end (steps seen {sorted(steps_seen)})")
check({"2", "3", "4", "5", "6", "7"} <= steps_seen, f"every step with a goal was played: {sorted(steps_seen)}")
check(d.find_element(By.ID, "status").text == "the tutorial is over", "the header says the tutorial is over")
check("You won the battle" in end.text and "You know the rules" in end.text, f"the battle won by following the hint: {end.text[:200]}")
check(refused < 10, f"the hint's lines were refused {refused} times")
check(not d.find_elements(By.CSS_SELECTOR, "#hand [data-action]"), "nothing to play after the tutorial's end")
d.save_screenshot(os.path.join(build, "web-tutorial.png"))
end.find_element(By.CSS_SELECTOR, "[data-command=new_game]").click()
check(wait(d, lambda d: d.find_element(By.ID, "tutorial").get_attribute("hidden") is not None and
           "against easy" in d.find_element(By.ID, "score").text), "New game after the tutorial: at the level shown, easy")
d.quit()
drivers.remove(d)

# 2. Two seats, two browsers, one game; neither is sent a card its seat does not know.
log2 = os.path.join(tmp, "two.jsonl")
p, links = serve("--seed", "7", "--p2", "human", "--log", log2)
check(len(links) == 2 and links[0] != links[1], f"two links, one a seat: {links}")
pages = [browser(), browser()]
for d, link in zip(pages, links):
    d.get(link)
for d, seat in zip(pages, ("1", "2")):
    check(wait(d, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-seat") == seat), f"page {seat} plays seat {seat}")
# a token plays its own seat only: seat 2's page sends seat 1's first action
first = wait(pages[0], lambda d: d.find_elements(By.CSS_SELECTOR, "[data-action]"))
if first:
    action = first[0].get_attribute("data-action")
    pages[1].execute_script("ws.send(JSON.stringify({type: 'act', action: arguments[0]}))", action)
    check(wait(pages[1], lambda d: "not your decision" in d.find_element(By.ID, "error").text),
          "seat 2's token played seat 1's decision")
    check(shown_actions(pages[0]) == 0, "an action of the other seat's token was applied")
seen2 = [[], []]
ended = play_to_end(pages, random.Random(7), seen2)
got2 = [[], []]
for i, d in enumerate(pages):
    frames(d, got2[i])
check(ended, "the two-seat game reached data-result on both pages")
results = [d.find_element(By.CSS_SELECTOR, "[data-result]").get_attribute("data-result") for d in pages]
check(sorted(results) == ["lost", "won"], f"one seat won, the other lost: {results}")
check(subprocess.run([als, "replay", log2], capture_output=True).returncode == 0, "the two-seat record replays")
known2, _ = truth(log2, card_ids)
for seat in (0, 1):
    leaks = check_hidden(seat, got2[seat], seen2[seat], known2, card_ids, names)
    check(not leaks, f"seat {seat + 1} was sent or shown cards it did not know: {leaks[:5]}")
    check(len(got2[seat]) > 10, f"seat {seat + 1}'s messages were captured ({len(got2[seat])})")
for d in pages:
    d.quit()
    drivers.remove(d)

# 2b. A friend on another machine (--host 0.0.0.0): player 2's link names this machine's address
#     another machine reaches, not the loopback; its page, opened there, plays the game to its end
#     with player 1's at 127.0.0.1 (the nearest this machine comes to two).
addresses = [a for a in subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split() if ":" not in a]
if addresses:
    p, links = serve("--seed", "8", "--p2", "human", "--host", "0.0.0.0")
    host2 = links[1].split("//")[1].split(":")[0] if len(links) == 2 else ""
    check(links[0].startswith("http://127.0.0.1:") and host2 in addresses,
          f"on every address: player 1's link local, player 2's at this machine's address ({addresses}): {links}")
    pages = [browser(), browser()]
    for d, link in zip(pages, links):
        d.get(link)
    check(wait(pages[1], lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-seat") == "2"),
          "player 2's page, opened at the machine's address, plays seat 2")
    check(play_to_end(pages, random.Random(8)), "the game between the two addresses reached data-result on both pages")
    for d in pages:
        d.quit()
        drivers.remove(d)
    p.terminate()
else:  # (a machine with the loopback alone: nothing to connect from; said, not failed)
    print("note: no address but the loopback (hostname -I): the friend's link over the network is not tried")

# 3. Hint and takeback; a reconnect resumes; bad messages get an error and the game goes on.
log3 = os.path.join(tmp, "three.jsonl")
p, links = serve("--seed", "11", "--p2", "easy", "--log", log3)
d = browser()
d.get(links[0])
rng = random.Random(11)
wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-action]"))
check(d.find_element(By.ID, "undo").get_attribute("disabled") is not None, "take back offered at the first decision")
d.find_element(By.ID, "hint").click()
lines = wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#hint-lines [data-action]"), 60)
check(lines and 1 <= len(lines) <= 3, f"the hint shows one to three lines to play: {lines}")
if lines:
    texts = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#hint-lines li")]
    key = [(("?" not in t), int(re.search(r"game (\d+)%", t).group(1)) if "?" not in t else 0,
            int(re.search(r"battle (\d+)%", t).group(1))) for t in texts]
    check(key == sorted(key, reverse=True), f"the hint's lines by the chances they show: {texts}")
    before = shown_actions(d)
    lines[0].click()
    check(wait(d, lambda d: shown_actions(d) > before), "a hint's line played")
before = shown_actions(d)
click_one(d, rng)
check(wait(d, lambda d: shown_actions(d) > before), "an action after the hint")
check(wait(d, lambda d: d.find_element(By.ID, "undo").get_attribute("disabled") is None), "take back offered after a decision")
d.find_element(By.ID, "undo").click()
check(wait(d, lambda d: shown_actions(d) == before), f"take back returned to the decision ({before} -> {shown_actions(d)})")
check(wait(d, lambda d: "takebacks: 1" in d.find_element(By.ID, "takebacks").text), "the takeback is counted on the page")
for _ in range(3):
    click_one(d, rng)
before = shown_actions(d)
d.execute_script("ws.close()")
check(wait(d, lambda d: d.find_element(By.ID, "status").text == "connecting…" or
           d.find_element(By.ID, "status").text.startswith("reconnecting"), 5) is not None, "the page saw its socket close")
check(wait(d, lambda d: d.find_element(By.ID, "status").text in ("your decision", "game over")), "the page reconnected")
check(shown_actions(d) == before and before > 0, f"the reconnect resumed at the same state ({before} -> {shown_actions(d)})")
d.execute_script("ws.send('{not json')")
check(wait(d, lambda d: "a message is a JSON object" in d.find_element(By.ID, "error").text), "a malformed message's error")
d.execute_script("ws.send(JSON.stringify({type: 'act', action: 'x'.repeat(10000)}))")
check(wait(d, lambda d: "at most 4096 bytes" in d.find_element(By.ID, "error").text), "an oversize message's error")
check(wait(d, lambda d: d.find_element(By.ID, "status").text == "your decision", 10), "the page reconnected after the oversize message")
d.execute_script("for (let i = 0; i < 100; i++) ws.send(JSON.stringify({type: 'state'}))")
check(wait(d, lambda d: "too many messages" in d.find_element(By.ID, "error").text), "a burst of 100 messages: dropped with an error")
time.sleep(1.5)  # (the rate's bucket refills)
check(click_one(d, rng) and shown_actions(d) > before, "the game goes on after bad messages")
d.execute_script("ws.send(JSON.stringify({type: 'review'}))")
check(wait(d, lambda d: "the review is of a finished game" in d.find_element(By.ID, "error").text), "no review before the game's end")
# played to its end, the game with a takeback is reviewed as als review reviews its record
check(play_to_end([d], rng), "the game with a takeback reached data-result")
d.find_element(By.CSS_SELECTOR, "[data-command=review]").click()
marks = wait(d, lambda d: [li.get_attribute("data-mark") for li in d.find_elements(By.CSS_SELECTOR, "#review li[data-mark]")], 120)
check(wait(d, lambda d: os.path.exists(log3), 5), "the game with a takeback: its record was written")
r = subprocess.run([als, "review", log3, "--seat", "1", "--names", "never"], capture_output=True, text=True)
term = re.findall(r"^      (best|good|inaccuracy|mistake|blunder)\b", r.stdout, re.M)
check(marks and marks == term, f"after a takeback, the page's review marks are als review's: {marks} vs {term}")
check("takebacks: 1" in d.find_element(By.ID, "review-tally").text, "the review says the takeback")
# the page only with its token; nothing else served
import urllib.request, urllib.error  # noqa: E402
base = links[0].split("?")[0]
for url, code in ((base, 403), (base + "?token=" + "0" * 32, 403), (base + "etc/passwd", 404), (links[0], 200)):
    try:
        got_code = urllib.request.urlopen(url, timeout=5).status
    except urllib.error.HTTPError as e:
        got_code = e.code
    check(got_code == code, f"GET {url.split('token=')[0]}...: {got_code}, want {code}")
# another address of this machine reaches no server unless --host
port = int(base.rsplit(":", 1)[1].strip("/"))
addresses = [a for a in subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split() if ":" not in a]
for a in addresses[:1]:
    try:
        socket.create_connection((a, port), timeout=2).close()
        check(False, f"the server answered on {a} without --host")
    except OSError:
        check(True, "")
from selenium.webdriver.support.ui import Select  # noqa: E402
levels = Select(d.find_element(By.ID, "level"))
check([o.get_attribute("value") for o in levels.options] == ["easy", "normal", "hard", "expert"] and
      levels.first_selected_option.get_attribute("value") == "easy", "the levels offered, the game's selected")
levels.select_by_value("normal")
d.find_element(By.ID, "new-game").click()  # (the game is over: no question)
check(wait(d, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-game") == "2"), "a new game was dealt")
check(wait(d, lambda d: "against normal" in d.find_element(By.ID, "score").text), "the new game is at the level chosen")
check(not d.find_elements(By.CSS_SELECTOR, "#review li"), "the new game shows no review")
d.find_element(By.ID, "new-game").click()  # (a game under way: the page asks first)
try:
    d.switch_to.alert.accept()
except Exception:
    check(False, "new game asked nothing during a game")
check(wait(d, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-game") == "3"), "a new game was dealt during one")
check(wait(d, lambda d: "against normal" in d.find_element(By.ID, "score").text), "the level stays")
d.execute_script("ws.send(JSON.stringify({type: 'new_game', level: 'grandmaster'}))")
check(wait(d, lambda d: "'grandmaster' is not a level" in d.find_element(By.ID, "error").text), "an unknown level refused")
undos = [json.loads(l) for l in open(log3) if '"undo"' in l] if os.path.exists(log3) else []
check(len(undos) == 1 and undos[0]["player"] == 1 and len(undos[0]["undone"]) >= 1,
      f"the record of the first game keeps its takeback: {undos}")
check(subprocess.run([als, "replay", log3], capture_output=True).returncode == 0, "a record with a takeback replays")
d.quit()
drivers.remove(d)

# 5. Hot seat on one screen: one link plays both seats; between turns the page holds nothing of
# either hand (no card, no action) until the next player asks to see theirs.
log5 = os.path.join(tmp, "five.jsonl")
p, links = serve("--seed", "9", "--one-screen", "--log", log5)
check(len(links) == 1 and "seat=both" in links[0], f"one link for the one screen: {links}")
d = browser()
d.get(links[0])
rng, passes, covered_cards, ended = random.Random(9), 0, [], False
for _ in range(400):
    if d.find_elements(By.CSS_SELECTOR, "[data-result]"):
        ended = True
        break
    show = [b for b in d.find_elements(By.CSS_SELECTOR, "[data-command=show]") if b.is_displayed()]
    if show:
        passes += 1
        covered_cards += dom_cards(d) + [a.get_attribute("data-action") for a in d.find_elements(By.CSS_SELECTOR, "[data-action]")]
        before = shown_actions(d)
        show[0].click()
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand [data-card]") or d.find_elements(By.CSS_SELECTOR, "[data-result]"))
        continue
    if not click_one(d, rng):
        time.sleep(0.05)
check(ended, "the one-screen game reached data-result")
check(passes >= 10, f"the screen was passed between the players ({passes} times)")
check(not covered_cards, f"a covered screen showed cards or actions: {covered_cards[:5]}")
d.quit()
drivers.remove(d)
p.terminate()
p.wait(10)
check(subprocess.run([als, "replay", log5], capture_output=True).returncode == 0, "the one-screen game's record replays")

# 4. Screenshots: a desktop's 1280x800 and a phone's 390x844; nothing wider than the page.
p, links = serve("--seed", "5", "--p2", "easy")
for w, h in ((1280, 800), (390, 844)):
    d = browser(w, h)
    d.get(links[0])
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-action]"))
    shot = os.path.join(build, f"web-{w}x{h}.png")
    d.save_screenshot(shot)
    check(os.path.getsize(shot) > 10000, f"a screenshot at {w}x{h}")
    wide = d.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    check(wide <= 0, f"at {w}x{h} the page is {wide} px wider than the window")
    hand = d.find_elements(By.CSS_SELECTOR, "#hand [data-card]")
    check(len(hand) == 6 and all(e.is_displayed() for e in hand), f"at {w}x{h} the six cards of the hand show")
    d.quit()
    drivers.remove(d)

for d in drivers:
    d.quit()
for p in servers:
    p.terminate()
    try:
        p.wait(10)
    except subprocess.TimeoutExpired:
        p.kill()
    check(p.returncode in (0, -15), f"als web stopped cleanly on SIGTERM (exit {p.returncode}): {p.stderr.read()[:300]}")
second = os.path.join(tmp, "three-2.jsonl")  # game 2 of section 3, written as its server stopped
check(os.path.exists(second) and json.loads(open(second).readline()).get("p2") == "normal",
      "game 2's record, beside game 1's, names the level chosen")
shutil.rmtree(tmp, ignore_errors=True)
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
