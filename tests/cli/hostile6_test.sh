#!/usr/bin/env bash
# Hostile inputs, round 6, at the command line: each check once failed.
# Usage: hostile6_test.sh ALS SRC [MB] (MB: als review's memory bound for a 10,000-action record;
# the sanitizer build's allocator keeps freed memory aside, so it is given more)
source "$(dirname "$0")/harness.sh" "$@"
review_mb=${3:-300}
cd "$tmp"

# A record's own text reaches no terminal raw: a forged takeback line's escape sequences (title,
# clear screen) are shown escaped by als review, as replay --show shows them.
python3 - "$src/tests/records/standard-seed11.jsonl" forged.jsonl <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
lines.insert(2, json.dumps({"type": "undo", "player": 1, "undone": ["deploy \u001b]0;pwned\u0007\u001b[2J x\nfake"]}))
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
"$als" review forged.jsonl --iterations 5 > review.out 2>&1; expect_rc 0 $? "review of a forged takeback"
grep -q 'took back 1 action: deploy \\x1b\]0;pwned\\x07\\x1b\[2J x fake' review.out && ok || bad "review: $(grep takeback review.out | cat -v)"
python3 -c "import sys; d = open('review.out', 'rb').read(); sys.exit(any(b < 32 and b not in (9, 10) for b in d))" &&
  ok || bad "review printed a control character"
# ... and a mismatch quoting the record's text
sed '3s/"action":"[^"]*"/"action":"deploy \\u001b[2Jx"/' "$src/tests/records/standard-seed11.jsonl" > esc.jsonl
"$als" replay esc.jsonl > esc.out 2>&1; expect_rc 1 $? "replay of an escaping action"
grep -q 'deploy \\x1b\[2Jx' esc.out && ok || bad "replay: $(cat -v esc.out)"

# A 5 MB line at als play is refused before any matching (it once ran for minutes), the game goes on.
python3 -c "print('deploy ' + 'x' * 5000000); print('withdraw'); print('y')" > long.in
timeout 20 "$als" play --seed 1 --p2 random --no-history < long.in > long.out 2>&1; expect_rc 0 $? "play: a 5 MB line"
grep -q "that line is longer than 1000 characters" long.out && grep -q "player 1 withdraws" long.out &&
  ok || bad "play: a 5 MB line: $(tail -c 300 long.out)"
# ... and a line with no end at all is read no further than its limit (memory stays small)
python3 -c "import sys; sys.stdout.write('d' * 50000000)" > endless.in
timeout 20 "$als" play --seed 1 --p2 random --no-history < endless.in > endless.out 2>&1; expect_rc 0 $? "play: an endless line"

# Every file opened on a client's behalf passes the policy, links followed (once only the folder
# the client named was checked): a set inside --allow-path that extends a set outside it, a card
# file that links outside, a lib/ that links outside. Each refused by name; the server goes on.
mkdir -p allowed outside/private outside/lib
cp -r "$src/docs/examples/skirmish" allowed/extends_out
cp -r "$src/docs/examples/skirmish" outside/private
sed -i 's|extends = "standard"|extends = "../../outside/private"|' allowed/extends_out/set.lua
cp "$src/cards/standard/"*.lua outside/private/ 2>/dev/null
cp -r "$src/docs/examples/skirmish" allowed/linked_card
cp "$src/cards/standard/support.lua" outside/support.lua
ln -s "$tmp/outside/support.lua" allowed/linked_card/support.lua
mkdir -p allowed/linked_lib
cp "$src/docs/examples/skirmish/set.lua" allowed/linked_lib/
ln -s "$tmp/outside/lib" allowed/linked_lib/lib
printf 'return { x = 1 }\n' > outside/lib/secret.lua
python3 - "$als" "$tmp" <<'PY' && ok || bad "serve: files opened on a client's behalf"
import json, subprocess, sys
als, tmp = sys.argv[1:]
def ask(cards):
    m = {"type": "new_game", "seed": 1, "cards": f"{tmp}/allowed/{cards}", "p1": "random", "p2": "random"}
    p = subprocess.run([als, "serve", "--allow-path", f"{tmp}/allowed"], input=json.dumps(m) + "\n", capture_output=True, text=True, timeout=60)
    return [json.loads(l) for l in p.stdout.splitlines() if l.strip()]
for name, says in [("extends_out", "(the set "), ("linked_card", "(card support)"), ("linked_lib", "(a file of the set)")]:
    out = ask(name)
    errors = [m for m in out if m["type"] == "error"]
    assert errors and "paths are accepted only under the folders given with --allow-path" in errors[0]["message"], (name, out[:3])
    assert says in errors[0]["message"], (name, errors[0]["message"])
    assert not any(m["type"] == "game" for m in out), (name, "a game started")
# the same folders named by the server's own user load (the command line trusts its user)
p = subprocess.run([als, "serve", "--cards", f"{tmp}/allowed/linked_card", "--p1", "random", "--p2", "random"],
                   input='{"type":"new_game","seed":1}\n', capture_output=True, text=True, timeout=60)
assert '"type":"game"' in p.stdout, p.stdout[:300] + p.stderr[:300]
PY

# Every command says a path's limit, in one voice, and echoes no more than 80 bytes of it (review,
# replay, test, editor and --games-out once gave the system's words and 5 KB of path).
long="/tmp/$(printf 'a%.0s' $(seq 1 5200))"
for cmd in "review $long" "replay $long" "test $long" "editor $long" "simulate --merge $long" \
           "compare standard standard --games 2 --games-out $long" "compare standard standard --games 2 --report $long" \
           "sweep --merge $long" "play --log $long --p1 random --p2 random --seed 1" "serve --log $long" "play --rules $long"; do
  timeout 20 "$als" $cmd < /dev/null > lp.out 2>&1; rc=$?
  [ "$rc" -eq 2 ] && grep -q "a path of 5205 bytes: at most 4095" lp.out && [ "$(wc -c < lp.out)" -lt 400 ] &&
    ok || bad "${cmd:0:30}...: exit $rc, $(head -c 300 lp.out)"
done

# Two outputs naming one file are refused before a game is played (--report and --games-out once
# wrote the same file, the per-game lines lost, and exited 0), by any spelling or link.
ln -s x.out z.out
for outs in "--report x.out --games-out ./x.out" "--report z.out --games-out x.out"; do
  "$als" compare standard standard+beginner --games 10 $outs > two.out 2>&1; expect_rc 2 $? "compare $outs"
  grep -q "name the same file" two.out && ok || bad "compare $outs: $(cat two.out)"
done
"$als" sweep "$src/docs/examples/tuning" --param medic_strength=0..2 --target decisiveness=0.7 --games 10 \
  --report y.html --games-out "$tmp/y.html" > two.out 2>&1; expect_rc 2 $? "sweep: two outputs"
grep -q "^als sweep: --report and --games-out name the same file" two.out && ok || bad "sweep: $(cat two.out)"
"$als" compare standard standard+beginner --games 10 --seed 1 --json > shard.json 2>/dev/null
"$als" compare --merge shard.json --report shard.json > two.out 2>&1; expect_rc 2 $? "compare: a report over its shard"
grep -q "a file --merge reads" two.out && ok || bad "compare: report over a shard: $(cat two.out)"

# als review is bounded (a 10,000-action record once ran past 120 s, 145 MB and growing): at most
# --max-decisions decisions reviewed, the rest said; memory a State every 64 actions.
"$als" play --rules "$src/tests/sets/rules/long_game.lua" --seed 3 --p1 random --p2 random --log long.jsonl < /dev/null > /dev/null 2>&1
[ "$(wc -l < long.jsonl)" -gt 10000 ] && ok || bad "the long record has $(wc -l < long.jsonl) lines"
python3 - "$als" "$review_mb" <<'PY' && ok || bad "review of a 10,000-action record"
import resource, subprocess, sys
p = subprocess.run([sys.argv[1], "review", "long.jsonl", "--iterations", "100"], capture_output=True, text=True, timeout=240)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KB
assert p.returncode == 0, p.stderr[-300:]
assert "decisions after the first 200 were not reviewed (--max-decisions 200)" in p.stdout.replace("\n    ", " "), p.stdout[-400:]
assert p.stdout.count("\n1") > 0 and "10000. player" in p.stdout, "every step is listed"
assert peak < int(sys.argv[2]) * 1024, f"peak memory {peak} KB (bound {sys.argv[2]} MB)"
PY
"$als" review long.jsonl --max-decisions 0 > /dev/null 2>&1; expect_rc 2 $? "review --max-decisions 0"

# An empty agent spec is refused by every command, in words that say so (it once read as "cannot
# play unattended" or "unknown agent ''").
for cmd in "play --p2 ''" "serve --p1 ' '" "simulate --games 2 --p1 ''" "tournament '' random" "compare standard --agents ,greedy"; do
  eval "\"\$als\" $cmd" < /dev/null > es.out 2>&1; rc=$?
  [ "$rc" -eq 2 ] && grep -q "the agent spec is empty: name an agent" es.out && ok || bad "$cmd: exit $rc, $(cat es.out)"
done

summary
