#!/usr/bin/env python3
"""Both seats at the front ends: no text a seat is shown names a card that seat does not know.

usage: test_seats.py ALS SRC [GAMES]

Games of every bundled set and example (and the test sets with reveals, questions and script
errors on hidden cards) are played through `als serve` with both seats external, each choosing a
random legal action, and at the terminal (`als play`) with a human in either seat. The oracle is
the rules, not the engine's knowledge model, and it reads only what the seats were sent:

- serve: every card id in a message to seat X (event lines, errors, legal actions, prompts,
  option texts, the opponent's side of views) must be one the rules have made known to X before
  (a faceup play or flip, a reveal to X or both players, a look by X, a card X itself draws,
  takes into hand or plays, a card in an earlier view of X), or one of X's own (its hand, the
  card it holds, its side of the board, the deck cards it knows, in its next view). An
  opponent's card X sees only later (played faceup after the text) does not excuse the text.
- terminal: every card id the terminal prints for a human in seat X before the game's end line
  must be one the same game's serve session sent to seat X (the record's actions, replayed
  through serve with both seats external).
Prints "N passed, N failed" and exits non-zero on any failure.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ALS, SRC = sys.argv[1], sys.argv[2]
GAMES = int(sys.argv[3]) if len(sys.argv) > 3 else 4
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, finish  # noqa: E402

SETS = [  # (cards, rules): every bundled set and example, the test sets whose texts are private
    ("standard", []), ("original", []), ("standard", ["long-war"]), ("standard", ["beginner"]),
    (f"{SRC}/docs/examples/field-command", []), (f"{SRC}/docs/examples/frontier", []),
    (f"{SRC}/docs/examples/supply-lines", []), ("standard", [f"{SRC}/docs/examples/four-fronts.lua"]),
    (f"{SRC}/tests/sets/api3", []), (f"{SRC}/tests/sets/api4", []),
    (f"{SRC}/tests/sets/hidden_choice", []), (f"{SRC}/tests/sets/hidden_error", []),
]


def card_pattern(ids):
    """A pattern finding the set's card ids as whole words (the longest first)."""
    ids = sorted(ids, key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(map(re.escape, ids)) + r")(?![A-Za-z0-9_])")


def names_in(text, pattern):
    """The card ids a text names (whole words only)."""
    return set(pattern.findall(text)) if text else set()


def view_parts(view):
    """(the viewer's own cards, every card id the view names) of a view."""
    me = view["you"] - 1
    own = set(view["hands"][me]) | set(view.get("deck_known", [])) | ({view["held"]} if view.get("held") else set())
    every = set(own)
    for side in (0, 1):
        for stack in view["board"][side].values():
            ids = {c.lstrip("~") for c in stack} - {"?"}
            every |= ids
            if side == me:
                own |= ids
    every |= set(view["hands"][1 - me]) - {"?"}
    return own, every


class Seat:
    """What one seat has been sent, and the texts still waiting for its next view."""

    def __init__(self, number):
        self.number = number
        self.seen = set()     # card ids this seat may name: public, shown to it, its own
        self.pending = []     # (where, ids) sent since its last view: checked against the next
        self.texts = set()    # every card id it was sent (for the terminal's check)


def serve_game(cards, rules, seed, log=None, opponent=None):
    """Plays one game through serve, each external seat choosing a random legal action; with
    `opponent` (an agent), seat 1 alone is external... unless `opponent` is (agent, seat). Returns
    (the two Seats, the leaks found, the set's card ids, the action texts the external seats chose)."""
    agents = ["external", "external"]
    if opponent:
        agents[opponent[1] - 1] = opponent[0]
    args = [ALS, "serve", "--p1", agents[0], "--p2", agents[1], "--allow-path", SRC]
    if log:
        args += ["--log", log]
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, encoding="utf-8", bufsize=1)
    rng = random.Random(seed)
    proc.stdin.write(json.dumps({"type": "new_game", "cards": cards, "rules": rules, "seed": seed}) + "\n")
    proc.stdin.flush()
    seats, leaks, pattern, last_actor = {1: Seat(1), 2: Seat(2)}, [], None, 1
    card_ids, refused = [], []  # ids refused at the current decision (a script error)
    chosen, last_legal = [], None

    def event(m):
        seat, text = seats[m["seat"]], m["text"]
        ids = names_in(text, pattern)
        n = seat.number
        # what the rules make known: a faceup play or flip (to both), a reveal to this seat or
        # both, a look; a card this seat itself draws, takes or plays is its own
        if re.match(r"player \d deploys ", text) or re.search(r" is flipped faceup", text) or \
                re.search(rf"(shown to (player {n}|both players)|player {n} looks at)", text) or \
                re.match(rf"player {n} (draws|takes|returns|improvises|deploys) ", text):
            seat.seen |= ids
        seat.pending.append((text, ids - seat.seen))
        seat.texts |= ids

    for line in proc.stdout:
        m = json.loads(line)
        kind = m.get("type")
        if kind == "game":
            card_ids[:] = list(m["card_table"])
            pattern = card_pattern(card_ids)
            continue
        if kind == "event":
            event(m)
            continue
        if kind == "error":
            refused.append(1)
            seat = seats[last_actor]
            ids = names_in(m.get("message", ""), pattern)
            seat.pending.append((m.get("message", ""), ids - seat.seen))
            seat.texts |= ids
        elif kind == "decision":
            seat = seats[m["seat"]]
            own, every = view_parts(m["view"])
            texts = [m.get("prompt", "")] + m["legal"] + m.get("options", [])
            for where, ids in seat.pending:
                bad = ids - own - seat.seen
                if bad:
                    leaks.append((seat.number, sorted(bad), where))
            # the opponent's side of the view: the cards it shows by id this seat has been told of
            bad = every - own - seat.seen
            if bad:
                leaks.append((seat.number, sorted(bad), "the view"))
            for t in texts:
                bad = names_in(t, pattern) - own - seat.seen - every
                if bad:
                    leaks.append((seat.number, sorted(bad), t))
            seat.texts |= every | set().union(*(names_in(t, pattern) for t in texts))
            seat.pending.clear()
            seat.seen |= every
            last_actor = seat.number
            # a decision whose every answer a script refuses cannot go on: the game stops there
            if len(refused) >= 2 * len(m["ids"]):
                break
            k = rng.randrange(len(m["ids"]))
            chosen.append(m["legal"][k])
            act = {"type": "act", "id": m["ids"][k]}
            if not refused or m.get("legal") != last_legal:
                refused.clear()
            last_legal = m.get("legal")
            proc.stdin.write(json.dumps(act) + "\n")
            proc.stdin.flush()
        elif kind in ("game_over", "game_abandoned"):
            break
    proc.stdin.close()
    proc.wait(timeout=60)
    return seats, leaks, card_ids, chosen


def serve_checks():
    games = 0
    for cards, rules in SETS:
        for g in range(GAMES):
            seats, leaks, _, _ = serve_game(cards, rules, 1000 + g)
            games += 1
            check(not leaks, f"serve, {cards} {rules} seed {1000 + g}: a seat is told a card it does not know: {leaks[:3]}")
    check(games == len(SETS) * GAMES, "every game was played")


def terminal_checks():
    """A human in either seat at the terminal, typing what the same seat chose in a served game
    against the same agent (an agent's seed comes from the game's seed and its seat, so both
    front ends play the same game): the terminal names only cards serve sent that seat."""
    played = 0
    with tempfile.TemporaryDirectory() as tmp:
        for cards, rules in SETS:
            for seat in (1, 2):
                seed = 2000 + seat
                served, term = os.path.join(tmp, "served.jsonl"), os.path.join(tmp, "terminal.jsonl")
                seats, _, card_ids, chosen = serve_game(cards, rules, seed, log=served, opponent=("random", 3 - seat))
                args = [ALS, "play", "--cards", cards, "--seed", str(seed), "--log", term, "--color", "never",
                        "--p1", "human" if seat == 1 else "random", "--p2", "human" if seat == 2 else "random"]
                for r in rules:
                    args += ["--rules", r]
                out = subprocess.run(args, input="".join(c + "\n" for c in chosen), capture_output=True,
                                     text=True, timeout=120).stdout
                actions = [[json.loads(x)["action"] for x in open(f) if '"type":"action"' in x] for f in (served, term)]
                check(actions[0] == actions[1] and actions[0],
                      f"terminal, {cards} {rules}, seat {seat}: the same game as served ({len(actions[0])} and {len(actions[1])} actions)")
                cut = out.find("game over")
                shown = out[:cut] if cut >= 0 else out
                extra = set(card_pattern(card_ids).findall(shown)) - seats[seat].texts
                check(not extra, f"terminal, {cards} {rules}, human in seat {seat}: names {sorted(extra)} that serve never sent that seat")
                played += 1
    check(played == 2 * len(SETS), f"every terminal game was played ({played})")


serve_checks()
terminal_checks()
finish()
