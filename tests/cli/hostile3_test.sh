#!/usr/bin/env bash
# Hostile inputs, round 3, at the command line: each check once failed, overflowed or misled.
# Usage: hostile3_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
cd "$tmp"

# Names a game's scripts make live as long as the game: a house rule naming fresh counters on
# every call once failed every game after about the 1,000th ("more than 65,535 distinct names").
fresh="$src/tests/sets/rules/fresh_names.lua"
"$als" simulate --games 100000 --seed 1 --rules "$fresh" --json > fresh.json 2> fresh.err; expect_rc 0 $? "simulate: fresh names"
python3 - fresh.json <<'PY' && ok || bad "fresh names: $(head -c 400 fresh.err)"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["games"] == 100000 and r.get("failed_games", 0) == 0, (r["games"], r.get("failed_games"))
PY
# ... and in one als serve session, game after game
python3 - "$als" "$fresh" <<'PY' && ok || bad "serve: fresh names"
import json, subprocess, sys
als, rule = sys.argv[1:]
p = subprocess.Popen([als, "serve", "--allow-path", rule.rsplit("/", 1)[0]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write(json.dumps({"type": "new_games", "count": 3000, "seed": 5, "rules": [rule], "p1": "random", "p2": "random", "events": False}) + "\n")
p.stdin.write('{"type":"quit"}\n')
p.stdin.close()
ends = [json.loads(l) for l in p.stdout if '"game_over"' in l or '"error"' in l]
p.wait()
assert len(ends) == 3000 and all(m["type"] == "game_over" for m in ends), [m for m in ends if m["type"] != "game_over"][:2]
PY

summary
