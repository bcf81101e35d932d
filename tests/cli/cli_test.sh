#!/usr/bin/env bash
# End-to-end checks of the `als` command line (README, docs/scenarios.md). Usage: cli_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"

# play: deterministic, ends with the game-over line, from any directory
cd "$tmp"
"$als" play --p1 random --p2 random --seed 7 > a.txt; expect_rc 0 $? "play random"
"$als" play --p1 random --p2 random --seed 7 > b.txt
cmp -s a.txt b.txt && ok || bad "the same seed printed different games"
tail -n 1 a.txt | grep -Eq '^game over: player [12] wins [0-9]+-[0-9]+$' && ok || bad "last line: $(tail -n 1 a.txt)"
"$als" play --p1 random --p2 random --seed 8 > c.txt
cmp -s a.txt c.txt && bad "seeds 7 and 8 printed the same game" || ok

# golden transcripts: a change of behaviour shows as a diff (regenerate deliberately:
# als play --p1 random --p2 random --seed N [--cards SET] > tests/golden/SET-seedN.txt)
for golden in "$src"/tests/golden/*.txt; do
  name=$(basename "$golden" .txt); set_name=${name%-seed*}; seed=${name##*-seed}
  case "$set_name" in
    supply-lines) "$als" play --p1 random --p2 random --seed "$seed" --cards "$src/docs/examples/supply-lines" ;;
    human) yes 1 | "$als" play --seed "$seed" --p2 random ;;  # a human through a pipe: the board, the lists
    *) "$als" play --p1 random --p2 random --seed "$seed" --cards "$set_name" ;;
  esac > "golden-$name.txt" 2>&1
  diff -u "$golden" "golden-$name.txt" > /dev/null && ok || bad "transcript $name differs: $(diff "$golden" "golden-$name.txt" | head -5)"
done

# a human through standard input finishes a game; bad input re-prompts; end of input is clean
yes 1 | "$als" play --seed 5 > h.txt 2>&1; expect_rc 0 $? "human via stdin"
tail -n 1 h.txt | grep -q '^game over: ' && ok || bad "human game did not finish"
printf 'nonsense\n99\nrules ambush\n' | "$als" play --seed 5 > e.txt 2>&1; expect_rc 0 $? "end of input"
grep -q "is not a legal action now" e.txt && ok || bad "no reason for bad input"
grep -q "no action numbered 99" e.txt && ok || bad "no reason for a bad number"
grep -q "ambush (Ambush): land 2, instant: Flip any uncovered card." e.txt && ok || bad "rules ID"
# cards by their display names (at a terminal, or --names always): on the screen, in the log and
# in replays; typed by name or id, and `rules` takes either (issue 53)
printf 'rules heavy tanks\nrules man\ndeploy Super Battleship sea\ndep air m air\n' |
  "$als" play --seed 5 --p2 random --names always --log names.jsonl > names.txt 2>&1; expect_rc 0 $? "--names always"
grep -q "^> Heavy Tanks (heavy_tanks): land 6, no ability" names.txt && ok || bad "rules by name: $(grep -m1 '^> ' names.txt)"
grep -q "'man' names more than one card: Air Maneuver, Land Maneuver, Sea Maneuver" names.txt && ok || bad "rules, a shared word"
grep -q "player 1 deploys Super Battleship to sea" names.txt && grep -q "player 1 deploys Air Maneuver to air" names.txt &&
  grep -q "^  Cover Fire 4 *deploy" names.txt && ! grep -q "cover_fire\|super_battleship" names.txt && ok ||
  bad "names on the screen and in the log: $(grep -m3 'deploys' names.txt)"
"$als" replay --show --seat 1 --names always names.jsonl > names-replay.txt 2>&1
grep -q "player 1 deploy Super Battleship sea" names-replay.txt && grep -q "Super Battleship 6" names-replay.txt &&
  ! grep -q "super_battleship" names-replay.txt && ok || bad "replay by names: $(head -3 names-replay.txt)"
"$als" replay --show names.jsonl | grep -q "deploy super_battleship sea" && ok || bad "replay through a pipe: ids"
"$als" play --names sometimes < /dev/null 2> names.err; expect_rc 2 $? "a bad --names"
grep -q "names takes auto, always or never" names.err && ok || bad "a bad --names: $(cat names.err)"
tail -n 1 e.txt | grep -q "game abandoned" && ok || bad "end of input: $(tail -n 1 e.txt)"
grep -q "player 1 deploys\|player 1 improvises" e.txt && bad "bad input changed the game" || ok
# words may be left out where one action fits; a partial command lists what it could be; a play
# refused says why (seed 5: player 1 holds cover_fire, land, and no other card starting "cover")
printf 'dep\ndeploy cover air\nimp zzz air\ndep cover\n' | "$als" play --seed 5 --p2 random --color never > words.txt 2>&1
tr '\n' ' ' < words.txt | tr -s ' ' > flat.txt  # the messages are wrapped at 80 columns
grep -q "'dep' could be: \[deploy air_maneuver air\]" flat.txt && ok || bad "a partial command lists its candidates: $(grep -A2 "'dep'" words.txt)"
grep -q "cover_fire deploys faceup only to land (its type)" flat.txt && ok || bad "a refused deploy says why: $(grep -A2 "'deploy cover" words.txt)"
grep -q "no card of your hand starts with 'zzz'" flat.txt && ok || bad "an unknown card is named: $(grep -A2 "'imp zzz" words.txt)"
grep -q "^> player 1 deploys cover_fire to land" words.txt && ok || bad "'dep cover' plays the one action it fits: $(grep '^>' words.txt | tail -2)"
grep -q "its legal plays: deploy cover_fire land, improvise cover_fire air" flat.txt && ok || bad "a refused play lists the card's legal plays: $(grep -A3 "'deploy cover" words.txt)"
# a play a may_play function forbids (API 6: Desperate Measures' own terms, seed 3: player 1 holds
# it, scores 0-0) says so and lists its legal plays; a misspelt turn action lists the rules' turn
# actions (API 5, the hold rule)
printf 'deploy desperate sea\nhodl\n' | "$als" play --cards "$src/tests/sets/api6" --rules "$src/tests/sets/rules/hold.lua" \
  --seed 3 --p2 random --color never 2>&1 | tr '\n' ' ' | tr -s ' ' > terms.txt
grep -q "deploying desperate_measures to sea is not allowed now: a may_play function forbids it" terms.txt && ok || bad "a may_play refusal: $(head -c 600 terms.txt)"
grep -q "its legal plays: improvise desperate_measures air, improvise desperate_measures land" terms.txt && ok || bad "the refused card's plays: $(head -c 600 terms.txt)"
grep -q "'hodl' is not a legal action now.*the rules' turn actions now: 'hold: pass the turn'" terms.txt && ok || bad "a misspelt turn action: $(head -c 800 terms.txt)"

# a human never sees the opponent's facedown plays by id
yes 1 | "$als" play --seed 21 > v.txt 2>&1
grep -q "player 2 improvises a card facedown" v.txt && ok || bad "an opponent's improvise was not hidden"
grep -Eq "player 2 improvises [a-z_]+ facedown" v.txt && bad "an opponent's facedown card was named" || ok

# game records replay
"$als" play --p1 random --p2 random --seed 11 --log rec.jsonl > /dev/null; expect_rc 0 $? "play --log"
"$als" replay rec.jsonl > /dev/null; expect_rc 0 $? "replay"
sed 's/"winner":1/"winner":2/; t; s/"winner":2/"winner":1/' rec.jsonl > tampered.jsonl
"$als" replay tampered.jsonl > /dev/null; expect_rc 1 $? "replay of a tampered record"
# every action line carries the digest of its state: an action replaced by another legal one
# (deploy -> improvise of the same card and theater) no longer replays, and neither does a record
# cut at any line (issue 7, item 10)
n=$(wc -l < rec.jsonl); swapped=0; missed=0
for i in $(seq 2 "$n"); do
  sed -n "${i}p" rec.jsonl | grep -q '"action":"deploy ' || continue
  sed "${i}s/\"action\":\"deploy /\"action\":\"improvise /" rec.jsonl > swap.jsonl
  "$als" replay swap.jsonl > /dev/null 2>&1; [ $? -eq 1 ] && swapped=$((swapped + 1)) || missed=$((missed + 1))
done
[ "$swapped" -gt 3 ] && [ "$missed" -eq 0 ] && ok || bad "replaced actions: $swapped caught, $missed missed"
cut_ok=0; cut_missed=0
for k in $(seq 1 $((n - 1))); do
  head -n "$k" rec.jsonl > cut.jsonl
  "$als" replay cut.jsonl > cut.out 2>&1; rc=$?
  [ "$rc" -eq 1 ] && grep -q "incomplete" cut.out && cut_ok=$((cut_ok + 1)) || cut_missed=$((cut_missed + 1))
done
[ "$cut_missed" -eq 0 ] && ok || bad "truncated records: $cut_missed of $((n - 1)) accepted or misreported"
head -c 700 rec.jsonl > cutmid.jsonl
"$als" replay cutmid.jsonl > cut.out; expect_rc 1 $? "a record cut mid-line"
grep -q "last line is cut" cut.out && ok || bad "mid-line cut message: $(cat cut.out)"
# huge or wrong-typed numbers are refused in the project's words, never a library's
sed '1s/"seed":[0-9]*/"seed":123456789012345678901234567890/' rec.jsonl > huge.jsonl
"$als" replay huge.jsonl 2> huge.err; expect_rc 2 $? "a seed past 64 bits"
grep -q "seed" huge.err && ! grep -q "json.exception" huge.err && ok || bad "huge seed message: $(cat huge.err)"
sed '2s/"player":[12]/"player":99999999999999999999/' rec.jsonl > huge.jsonl
"$als" replay huge.jsonl 2> huge.err; expect_rc 2 $? "a player past 64 bits"
! grep -q "exception" huge.err && ok || bad "huge player message: $(cat huge.err)"
# write errors are reported (exit 2), and the record is written whole or not at all
"$als" play --p1 random --p2 random --seed 11 --log /dev/full > /dev/null 2> full.err; expect_rc 2 $? "--log /dev/full"
grep -q "cannot write the game record" full.err && ok || bad "write error message: $(cat full.err)"
mkdir ro && chmod 500 ro
if [ "$(id -u)" -ne 0 ]; then
  "$als" play --p1 random --p2 random --seed 11 --log ro/r.jsonl > /dev/null 2>&1; expect_rc 2 $? "--log in a read-only folder"
fi
ls ro | grep -q tmp && bad "a temporary record was left behind" || ok
# with a human seat the seed is not shown before the end, and the record holds an abandoned game
printf '1\n' | "$als" play --seed 3 --log hum.jsonl > hum.txt 2>&1
head -n 1 hum.txt | grep -q "seed 3" && bad "the seed was shown at the start of a human game" || ok
grep -q "^seed 3 " hum.txt && ok || bad "the seed was not shown at the end"
tail -n 1 hum.jsonl | grep -q '"type":"abandoned"' && ok || bad "abandoned record: $(tail -n 1 hum.jsonl)"
"$als" replay hum.jsonl > /dev/null; expect_rc 0 $? "replay of an abandoned game"
# scenario files find their relative paths from their own folder: the suite runs from anywhere
(cd "$tmp" && "$als" test "$src/tests/rules" > anywhere.out); expect_rc 0 $? "als test from another folder"
tail -n 1 anywhere.out | grep -Eq "^[0-9]+ passed, 0 failed$" && ok || bad "from another folder: $(tail -n 3 anywhere.out)"
# determinism by construction: cards iterating pairs and counting in upvalues give the same game in
# two processes, and the same statistics on 1 and 2 threads; a card whose runs differ is refused
"$als" play --cards "$src/tests/hostile/determinism" --p1 random --p2 random --seed 9 > d1.txt 2>&1
"$als" play --cards "$src/tests/hostile/determinism" --p1 random --p2 random --seed 9 > d2.txt 2>&1
cmp -s d1.txt d2.txt && grep -q "game over" d1.txt && ok || bad "two processes played different games: $(diff d1.txt d2.txt | head -3)"
for set in "$src/tests/hostile/determinism" "$src/docs/examples/field-command"; do
  "$als" simulate --cards "$set" --games 300 --seed 4 --threads 1 --json | sed 's/"games_per_second":[^,]*,//; s/"seconds":[^,]*,//' > t1.json
  "$als" simulate --cards "$set" --games 300 --seed 4 --threads 2 --json | sed 's/"games_per_second":[^,]*,//; s/"seconds":[^,]*,//' > t2.json
  cmp -s t1.json t2.json && grep -q '"failed_games":0' t1.json && ok || bad "threads changed the statistics of $set (or games failed): $(cat t1.json t2.json)"
done
# the API 3 examples of docs/modding.md are the example set's own code (tests/rules/api3 runs it)
python3 - "$src" > examples.out 2>&1 <<'PY' && ok || bad "docs/modding.md's API 3 examples: $(cat examples.out)"
import re, sys, pathlib
src = pathlib.Path(sys.argv[1])
doc = (src / "docs" / "modding.md").read_text()
found = 0
for m in re.finditer(r"\(`(frontier/[\w/.-]+\.lua)`[^\n]*\n(?:[^\n]*\n)*?```lua\n(.*?)```", doc, re.S):
    path, block = m.group(1), m.group(2)
    text = (src / "docs" / "examples" / path).read_text()
    lines = [l.strip() for l in text.splitlines()]
    at = 0
    for want in (l.strip() for l in block.splitlines() if l.strip()):
        while at < len(lines) and lines[at] != want:
            at += 1
        if at == len(lines):
            sys.exit(f"{path}: not in the file, in order: {want}")
    found += 1
if found < 5:
    sys.exit(f"only {found} examples found")
PY
# in a game, help fits an 80-column terminal
printf 'help\n' | "$als" play --seed 1 --p2 random > help.out 2>&1
sed -n '/Type the number/,/help\.$/p' help.out | sed 's/^> //' > help.txt
[ "$(wc -l < help.txt)" -ge 5 ] && [ "$(awk 'length > 80' help.txt | wc -l)" -eq 0 ] && ok || bad "help width: $(cat help.txt)"
# als cards lists what each card's script declares, the rules' flags and the hooks
"$als" cards --cards "$src/docs/examples/field-command" --rules "$src/docs/examples/field-command/rules/short-battles.lua" \
  --sample 2 > cards.out; expect_rc 0 $? "cards of the API 2 variant with a hook"
grep -Eq '^  turncoat +triggers flipped$' cards.out && grep -Eq '^  signal_corps +functions strength$' cards.out &&
  grep -q '^hooks: battle_start, battle_over$' cards.out && grep -q '^rules flags: .*max_actions 10000$' cards.out &&
  ok || bad "als cards listing: $(tail -n 5 cards.out)"
# a card keyed on a table's address: tostring gives no address, so every process plays the same game
"$als" cards --cards "$src/tests/hostile/nondeterministic" > /dev/null 2> nd.err; expect_rc 0 $? "a card keyed on an address"
for i in 1 2 3 4 5; do
  (cd "$src" && "$als" test tests/rules/sandbox/determinism.lua) | tail -n 1
done | sort -u > nd.out
[ "$(cat nd.out)" = "$(grep -c '^scenario(' "$src/tests/rules/sandbox/determinism.lua") passed, 0 failed" ] && ok || bad "address-keyed card across processes: $(cat nd.out)"
"$als" cards --cards "$src/docs/examples/field-command" > /dev/null; expect_rc 0 $? "als cards on the example variant"

# g:log lines go to records and replay checks them
"$als" play --p1 random --p2 random --seed 1 --cards "$src/docs/examples/field-command" \
  --rules "$src/docs/examples/field-command/rules/supply-drops.lua" --log fc.jsonl > /dev/null; expect_rc 0 $? "play with hooks"
grep -q '"type":"log"' fc.jsonl && ok || bad "no log line in the record"
"$als" replay fc.jsonl > /dev/null; expect_rc 0 $? "replay with log lines"
sed '0,/ends the turn with [0-9]* cards/s//ends the turn with 99 cards/' fc.jsonl > fcx.jsonl
"$als" replay fcx.jsonl > /dev/null; expect_rc 1 $? "replay of a changed log line"

# als serve (docs/protocol.md): 1,000 fuzzed messages, determinism, hidden information
python3 "$src/tests/serve/test_serve.py" "$als" "$src" > serve.out 2>&1 && ok || bad "serve protocol: $(grep FAIL serve.out | head -3)"
# protocol 2's many games and observations, and the Python environments (clients/python/als_env.py)
python3 "$src/tests/serve/test_env.py" "$als" "$src" > env.out 2>&1 && ok || bad "serve environments: $(grep -E 'FAIL|Error' env.out | head -3)"
# the Python client plays whole games: against random, with both seats, for each set and a house rule
py="$src/clients/python/example.py"
for args in "--games 3" "--games 2 --cards original" "--games 2 --rules beginner" "--games 2 --both" \
            "--games 2 --cards $src/docs/examples/field-command --rules $src/docs/examples/field-command/rules/supply-drops.lua"; do
  python3 "$py" --als "$als" --seed 5 $args > py.out 2> py.err; rc=$?
  games=${args#--games }; games=${games%% *}
  [ "$rc" -eq 0 ] && [ "$(grep -Ec '^game over: player [12] wins [0-9]+-[0-9]+$' py.out)" -eq "$games" ] && ok ||
    bad "python example $args: exit $rc: $(cat py.out py.err | head -3)"
done
printf '{"type":"new_game","seed":3}\n' > srv.in
for i in $(seq 1 300); do echo '{"type":"act","index":0}' >> srv.in; done
"$als" serve --log srv.jsonl < srv.in > srv.out; expect_rc 0 $? "serve --log"
"$als" replay srv.jsonl > /dev/null; expect_rc 0 $? "a record written by als serve replays"
"$als" serve --p2 nobody < /dev/null 2> u.err; expect_rc 2 $? "serve with an unknown agent"

# als simulate: the statistics do not depend on threads or shards; --merge adds shards up exactly
"$als" simulate --games 300 --seed 9 --json > full.json
"$als" simulate --games 300 --seed 9 --threads 2 --json > two.json
for k in 1 2 3; do "$als" simulate --games 300 --seed 9 --shard $k/3 --json > s$k.json; done
"$als" simulate --merge s1.json s2.json s3.json --json > merged.json; expect_rc 0 $? "simulate --merge"
python3 - full.json two.json merged.json <<'PY' && ok || bad "threads or shards changed the statistics"
import json, sys
runs = [json.load(open(f)) for f in sys.argv[1:]]
for r in runs:
    for k in ("seconds", "games_per_second"):
        r.pop(k, None)
assert runs[0] == runs[1] == runs[2], [sorted(set(str(x) for x in r.items()) ^ set(str(x) for x in runs[0].items()))[:4] for r in runs]
assert runs[0]["games"] == 300 and len(runs[0]["card_stats"]) == 18
PY
"$als" simulate --merge s1.json s2.json > /dev/null 2> m.err; expect_rc 2 $? "merge with a shard missing"
grep -q "shard 3/3 is missing" m.err && ok || bad "missing shard message: $(cat m.err)"
"$als" simulate --merge s1.json s1.json s3.json > /dev/null 2>&1; expect_rc 2 $? "merge with a repeated shard"
"$als" simulate --games 20 --p1 greedy --p2 mcts:50 --seed 2 > /dev/null; expect_rc 0 $? "simulate greedy against mcts"

# als tournament: scores with Wilson intervals, an SPRT verdict per pair, Elo with intervals; the
# same whatever the threads; bad agents refused
"$als" tournament random greedy --games 40 --seed 1 --json > tour1.json; expect_rc 0 $? "tournament"
"$als" tournament random greedy --games 40 --seed 1 --threads 2 --json > tour2.json
cmp -s tour1.json tour2.json && ok || bad "tournament depends on threads"
python3 - tour1.json <<'PY' && ok || bad "tournament JSON: $(head -c 300 tour1.json)"
import json, sys
d = json.load(open(sys.argv[1]))
(p,) = d["pairs"]
assert p["a"] == "random" and p["b"] == "greedy" and p["games"] == p["a_wins"] + p["b_wins"] <= 40
assert p["a_win_rate"]["low"] <= p["a_win_rate"]["value"] <= p["a_win_rate"]["high"]
assert p["sprt"] == "b stronger" and p["games"] == 20, p  # greedy wins every game: decided at the first batch
elo = {e["agent"]: e for e in d["elo"]}
assert elo["random"]["elo"] == 0 and elo["greedy"]["elo"] > 200 and elo["greedy"]["low"] <= elo["greedy"]["elo"] <= elo["greedy"]["high"]
PY
"$als" tournament random greedy --games 40 --seed 1 > tour.txt; expect_rc 0 $? "tournament text"
awk 'length > 80 { bad = 1 } END { exit bad }' tour.txt && grep -q "second stronger" tour.txt && ok || bad "tournament text: $(cat tour.txt)"
"$als" tournament random 2> t.err; expect_rc 2 $? "tournament of one agent"
"$als" tournament random nobody 2> t.err; expect_rc 2 $? "tournament with an unknown agent"
# Agents with labels (NAME=SPEC: shown as NAME, played as SPEC; a spec's own options are no
# label), the same games as unlabelled; two labels alike refused.
"$als" tournament base=random strong=greedy mcts:iterations=20 --games 4 --seed 1 --json > tourl.json; expect_rc 0 $? "tournament with labels"
"$als" tournament random greedy mcts:iterations=20 --games 4 --seed 1 --json > tourp.json
python3 - tourl.json tourp.json <<'PY' && ok || bad "tournament labels: $(head -c 400 tourl.json)"
import json, sys
l, p = (json.load(open(f)) for f in sys.argv[1:])
assert [e["agent"] for e in l["elo"]] == ["base", "strong", "mcts:iterations=20"], l["elo"]
assert [e["spec"] for e in l["elo"]] == ["random", "greedy", "mcts:iterations=20"]
assert [(x["a"], x["b"]) for x in l["pairs"]][0] == ("base", "strong")
assert [x["a_wins"] for x in l["pairs"]] == [x["a_wins"] for x in p["pairs"]]  # the same games
PY
"$als" simulate --games 30 --seed 4 --p1 me=greedy --json > siml.json; expect_rc 0 $? "simulate with a label"
"$als" simulate --games 30 --seed 4 --p1 greedy --json > simp.json
python3 - siml.json simp.json <<'PY' && ok || bad "simulate labels: $(head -c 300 siml.json)"
import json, sys
l, p = (json.load(open(f)) for f in sys.argv[1:])
assert l["run"]["p1"] == "me" and l["run"]["p1_spec"] == "greedy" and p["run"]["p1"] == "greedy" and "p1_spec" not in p["run"]
assert l["wins"] == p["wins"] and l["sums"] == p["sums"]  # the same games
PY
"$als" simulate --games 30 --seed 4 --p1 me=greedy | grep -q "player 1 me vs player 2 random" && ok || bad "simulate shows the label"
"$als" tournament x=random x=greedy 2> t.err; expect_rc 2 $? "two agents of one label"
grep -q "two agents are named x" t.err && ok || bad "two labels: $(cat t.err)"
# Long specs that differ only in their middle read as different rows (their ends are kept).
long1="exec:python3 $tmp/a/very/long/path/to/the/agents/agent_number_one.py"
long2="exec:python3 $tmp/a/very/long/path/to/the/agents/agent_number_two.py"
"$als" tournament "$long1" "$long2" --games 2 --seed 1 > tourx.txt 2> /dev/null
rows=$(grep -c "^  exec:" tourx.txt)
[ "$(grep "^  exec:" tourx.txt | sort -u | wc -l)" = "$rows" ] && [ "$rows" -ge 2 ] && awk 'length > 80 { bad = 1 } END { exit bad }' tourx.txt &&
  ok || bad "long agents' rows: $(cat tourx.txt)"

# terminal play: undo (and the record follows it), case-insensitive input, withdraw's cost, and at
# a terminal (a pseudo-terminal from script(1)) a confirmation before withdrawing
printf 'undo\n1\n2\nundo\n3\nWITH\n' | "$als" play --seed 5 --p2 random --practice --log undo.jsonl > undo.txt 2>&1
grep -q "nothing to undo" undo.txt && grep -q "undone: back to your previous decision" undo.txt && ok || bad "undo: $(tail -n 3 undo.txt)"
grep -q "player 1 withdraws" undo.txt && ok || bad "case-insensitive WITH did not withdraw"
grep -q "withdraw (the opponent scores [0-9]* VP)" undo.txt && ok || bad "withdraw does not show its cost"
"$als" replay undo.jsonl > /dev/null; expect_rc 0 $? "a record with undone actions replays"
# undo goes past a question with one possible answer (answered for the player: seed 5's sea_maneuver
# asks one after the 12th input): back to the turn, not to the question
{ yes 1 | head -n 13; echo undo; } | "$als" play --seed 5 --p2 random --practice > undo1.txt 2>&1
sed -n '/undone/,/^> /p' undo1.txt | grep -q "Your turn" && ok || bad "undo stopped at a one-answer question"
# undo in practice: the record says so, and says what each undo took back
grep -q '"practice":true' undo.jsonl && grep -q '"type":"undo","undone":\["deploy' undo.jsonl && ok || bad "practice record: $(grep undo undo.jsonl)"
# against the computer undo takes back the player's last turn and the computer's reply (issue 53):
# the record says what was taken back, both actions, and the game's end counts the takebacks
{ printf '1\n2\nundo\n'; yes 1 | head -n 60; } | "$als" play --seed 5 --p2 random --log takeback.jsonl > takeback.txt 2>&1
grep -q "undone: back to your previous decision" takeback.txt && ok || bad "takeback: $(grep -A1 undo takeback.txt)"
python3 - takeback.jsonl <<'PY' && ok || bad "takeback record: $(grep undo takeback.jsonl)"
import json, sys
undos = [j for j in map(json.loads, open(sys.argv[1])) if j.get("type") == "undo"]
assert len(undos) == 1 and len(undos[0]["undone"]) >= 2, undos  # the player's turn and the reply
PY
grep -q "^  takebacks: 1$" takeback.txt && grep -q "with 1 takeback" takeback.txt && ok || bad "takebacks in the summary: $(tail -n 8 takeback.txt)"
"$als" replay takeback.jsonl > /dev/null; expect_rc 0 $? "a record with a takeback replays"
"$als" play --practice --strict < /dev/null > /dev/null 2>&1; expect_rc 2 $? "--practice with --strict"
# with --strict (as in hot seat), undo takes back only the player's own decisions since the
# opponent last acted (seed 5: the 10th input deploys disrupt, whose question comes before the opponent's)
printf '1\n2\nundo\n' | "$als" play --seed 5 --p2 random --strict --log noundo.jsonl > noundo.txt 2>&1
grep -q "nothing to undo: the opponent has played since your last decision" noundo.txt && ok || bad "undo past the opponent's reply: $(grep -A1 undo noundo.txt)"
grep -q '"type":"undo"' noundo.jsonl && bad "a refused undo was recorded" || ok
{ yes 1 | head -n 10; echo undo; echo undo; } | "$als" play --seed 5 --p2 random --strict --log ownundo.jsonl > ownundo.txt 2>&1
grep -q "undone: back to your previous decision" ownundo.txt && grep -q "nothing to undo: the opponent has played" ownundo.txt \
  && ok || bad "undo within one's own turn: $(grep -A1 undo ownundo.txt)"
grep -q '"type":"undo","undone":\["deploy disrupt land"\]' ownundo.jsonl && ok || bad "undo line: $(grep undo ownundo.jsonl)"
"$als" replay ownundo.jsonl > /dev/null; expect_rc 0 $? "a record with an undo line replays"
# last move: every step of the opponent's since the player's decision, nothing at a battle's start
# (seed 5: the opponent's reinforce asks it a question; battle 2 begins with the player's turn)
yes 1 | head -n 60 | "$als" play --seed 5 --p2 random > lm.txt 2>&1
tr '\n' ' ' < lm.txt | sed 's/  */ /g' \
  | grep -q "last moves: player 2 deploys reinforce to land; reinforce's ability; player 2 draws a card from the deck (by reinforce); player 2 chooses sea" \
  && ok || bad "last moves: $(grep -A1 'last move' lm.txt | head -8)"
awk '/^=== battle 2/ { getline; print; exit }' lm.txt | grep -q "^last move" && bad "a stale last move at battle 2's start" || ok
# a question with one possible answer is answered for the player, and shown
grep -A1 "your sea_maneuver asks you to choose" lm.txt > /dev/null && grep -q "^the one possible answer, given for you: choose 2:sea:2" lm.txt \
  && ok || bad "a one-answer question: $(grep -A3 'sea_maneuver asks' lm.txt)"
# a battle that ends before the player's first decision (the opponent withdraws at once) shows
# the player's hand and why (seed 5: the opponent is battle 1's 1st player)
cat > withdrawer.py <<'PY'
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("type") == "decision":
        print(json.dumps({"type": "act", "action": "withdraw" if "withdraw" in m["legal"] else m["legal"][0]}), flush=True)
PY
printf '1\n' | "$als" play --seed 5 --p2 "exec:python3 withdrawer.py" > wd.txt 2>&1
grep -q "the battle ended before your first decision in it; your hand was: cover_fire," wd.txt && ok || bad "an unseen hand: $(head -12 wd.txt)"
# mcts-v2 is the search of 2026-11-27, frozen: these are the figures mcts gave on that day (on the
# games game_seed derives since 2026-11-29, and with ruling 30's deductions since 2026-12-03: with
# the old forgetting, these games give the old figures, 380 and 485 actions; the search itself unchanged)
"$als" simulate --games 8 --seed 3 --p1 mcts-v2:iterations=200 --p2 mcts-v2:iterations=100 --json > v2a.json
"$als" simulate --games 8 --seed 4 --p1 mcts-v2:iterations=200,reward=match --p2 mcts-v2:iterations=100,horizon=game \
  --rules long-war --json > v2b.json
python3 - v2a.json v2b.json <<'PY' && ok || bad "mcts-v2 changed: $(head -c 200 v2a.json)"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert [a["wins"], a["actions"], a["vp"], a["withdrawals"]] == [[7, 1], 378, [95, 48], 6], a["wins"]
assert [b["wins"], b["actions"], b["vp"], b["withdrawals"]] == [[8, 0], 486, [165, 22], 13], b["wins"]
PY
# the search values a withdrawal through the battle_vp hook: doubling every outcome leaves its
# withdrawal rate within the standard game's interval (mcts-v2 never withdrew under such a rule).
# Both without the learned value, which is trained for the standard game only and so would be
# used in one of the two games and not in the other.
for a in mcts mcts-v2; do
  "$als" simulate --games 60 --seed 9 --p1 $a:iterations=100,value=none --p2 $a:iterations=100,value=none --json > wd-$a-std.json
  "$als" simulate --games 60 --seed 9 --p1 $a:iterations=100,value=none --p2 $a:iterations=100,value=none --json \
    --rules "$src/tests/sets/rules/double_vp.lua" > wd-$a-dbl.json
done
python3 - wd-mcts-std.json wd-mcts-dbl.json wd-mcts-v2-std.json wd-mcts-v2-dbl.json <<'PY' && ok || bad "withdrawals under a doubling rule"
import json, math, sys
def wilson(k, n, z=1.96):
    p = k / n; d = 1 + z * z / n; c = p + z * z / (2 * n); h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / d, (c + h) / d
rates = [(d["withdrawals"], d["battles"]) for d in (json.load(open(f)) for f in sys.argv[1:])]
(ks, ns), (kd, nd), (k2s, n2s), (k2d, n2d) = rates
lo_s, hi_s = wilson(ks, ns)
assert ks > 0 and lo_s <= kd / nd <= hi_s, rates
assert k2s > 0 and not (wilson(k2s, n2s)[0] <= k2d / n2d), rates  # the check tells the old search apart
PY
# a play its card would not survive is marked, and the mark explained on the same screen (seed 1:
# land holds four cards next to a faceup Blockade)
yes 1 | head -n 80 | "$als" play --seed 1 --p2 random > mark.txt 2>&1
grep -q "^  super_battleship 6 deploy 1 sea       improvise 2 air 3 land\* 4 sea$" mark.txt \
  && grep -q "^   5. withdraw (the opponent scores 6 VP)   \* destroyed as played (blockade)$" mark.txt \
  && ok || bad "destroyed plays marked: $(grep -B2 -A1 'destroyed as played' mark.txt | head -8)"
# als replay --show: a board per action, as the record knows it or as one seat saw it
yes 1 | "$als" play --seed 5 --p2 random --log show.jsonl > /dev/null 2>&1
"$als" replay --show show.jsonl > show-all.txt; expect_rc 0 $? "replay --show"
"$als" replay --show show.jsonl --seat 1 > show-1.txt; expect_rc 0 $? "replay --show --seat 1"
[ "$(grep -c -- '^--- action ' show-1.txt)" = "$(grep -c '"type":"action"' show.jsonl)" ] \
  && [ "$(grep -c '^  sea ' show-1.txt)" = "$(grep -c -- '^--- action ' show-1.txt)" ] && ok || bad "a board per action: $(head -5 show-1.txt)"
grep -q "^--- action 5: player 2 improvise ? land" show-1.txt && grep -q "player 2's hand: ?, ?" show-1.txt \
  && grep -Eq "^--- action 5: player 2 improvise [a-z_]+ land" show-all.txt && ok || bad "what a seat saw: $(sed -n '/action 5:/p' show-1.txt show-all.txt)"
"$als" replay show.jsonl --seat 1 2> u.err; expect_rc 2 $? "--seat without --show"
# never across a battle (seed 5: the 6th decision ends battle 1, and the player begins battle 2)
{ yes 1 | head -n 6; echo undo; } | "$als" play --seed 5 --p2 random > newbattle.txt 2>&1
grep -q "nothing to undo: a new battle has begun since your last decision" newbattle.txt && ok || bad "undo across a battle: $(grep -A1 undo newbattle.txt)"
# hot seat: one seat's undo never takes back the other's move
printf '1\n1\nundo\n' | "$als" play --seed 5 --p1 human --p2 human > hot.txt 2>&1
grep -q "nothing to undo: player 1 has played since your last decision" hot.txt && ok || bad "hot-seat undo: $(grep -A1 undo hot.txt)"
if command -v script > /dev/null; then
  printf 'withdraw\nn\nwithdraw\ny\n' | timeout 60 script -qec "$als play --seed 5 --p2 random" /dev/null > pty.txt 2>&1
  grep -q "not withdrawn" pty.txt && grep -q "player 1 withdraws" pty.txt && ok || bad "confirmation at a terminal: $(tail -n 3 pty.txt)"
  # answered no: the board and the actions again, as before the question (issue 53)
  tr -d '\r' < pty.txt | grep -A1 "^not withdrawn" | grep -q "^=== battle 1" && ok || bad "no board after 'not withdrawn': $(grep -A2 "not withdrawn" pty.txt)"
fi
# A forced answer to the opponent's ability is no decision of the player's (issue 73): the
# opponent's moves before and after it stay on the next screen (at 80x24) and in `last` (seed 16:
# the opponent's Disrupt asks the player to flip one of their uncovered cards; there is one).
if command -v script > /dev/null; then
  printf '1\n1\n1\nlast\n' | timeout 60 script -qec "stty cols 80 rows 24 -echo; $als play --seed 16 --p2 random --no-history" /dev/null > forced.txt 2>&1
  python3 - forced.txt "$src/tests/cli" <<'PY' && ok || bad "a forced answer hid the opponent's moves: $(tail -n 30 forced.txt)"
import sys
sys.path.insert(0, sys.argv[2])
from screens import read_screens
text, lines, blocks = read_screens(sys.argv[1], ("=== battle",), echoed=False)
at = text.index("the one possible answer, given for you: choose Containment")
after = [b for b in blocks if text.index("\n".join(b)) > at][0]
shown = " ".join(" ".join(after).split())
assert len(after) <= 24, after
assert "last moves: player 2 deploys Disrupt to land" in shown, after
assert "you: choose Containment (the one possible answer); player 2 chooses a facedown card" in shown, after
listed = text[text.index("since your last decision:"):]
assert "player 2 deploys Disrupt to land" in listed and "player 2 improvises a card facedown to sea (by Reinforce)" in listed, listed
PY
  # undo back to that decision shows its news again
  printf '1\n1\n1\n1\nundo\nlast\n' | "$als" play --seed 16 --p2 random > forced-undo.txt 2>&1
  sed -n '/undone: back/,$p' forced-undo.txt | grep -A2 "since your last decision:" | grep -q "player 2 deploys disrupt to land" \
    && ok || bad "undo lost the last moves: $(sed -n '/undone: back/,$p' forced-undo.txt | head -n 20)"
fi
# the hint's lines are lettered, highest chance first; a letter typed at the same decision plays
# its line, and only there (issue 73: "1" had played the menu's action 1, not the hint's first)
printf 'hint\nb\nb\n' | "$als" play --seed 5 --p2 random > hintletter.txt 2>&1
python3 - hintletter.txt <<'PY' && ok || bad "hint letters: $(grep -A6 'hint (' hintletter.txt)"
import re, sys
text = open(sys.argv[1]).read()
rows = re.findall(r"^  ([abc])\. (.+?)\s+battle (\d+)%, game (\d+%|\? \(few tries\))$", text, re.M)
assert [r[0] for r in rows] == ["a", "b", "c"], rows
key = [(r[3] != "? (few tries)", int(r[3][:-1]) if r[3].endswith("%") else 0, int(r[2])) for r in rows]
assert key == sorted(key, reverse=True), rows
assert "> hint b: " + rows[1][1] + "\nplayer 1 " in text, text[-2000:]
played = rows[1][1].split()
event = "player 1 deploys %s to %s" % (played[1], played[2]) if played[0] == "deploy" else \
        "player 1 improvises a card facedown to %s" % played[2]
assert "hint b: %s\n%s\n" % (rows[1][1], event) in text, (event, text[-2000:])
# at the next decision no hint was asked: "b" is no action there
assert "'b' is" in text.split("hint b: ")[1], text[-600:]
PY
# At 80x24 a hint reprints the decision's screen with the hint at its foot, the board's header
# kept (issue 73: the hint pushed it off); the next decision's screen has no hint; the game's end
# waits for Enter before its summary, so that the last board stays a screen of its own
if command -v script > /dev/null; then
  { printf 'hint\na\n'; yes 1 | head -n 200; } | timeout 120 script -qec "stty cols 80 rows 24 -echo; $als play --seed 5 --no-history --level easy" /dev/null > hint80.txt 2>&1
  python3 - hint80.txt "$src/tests/cli" <<'PY' && ok || bad "the hint at 80x24: $(tail -n 20 hint80.txt)"
import sys
sys.path.insert(0, sys.argv[2])
from screens import read_screens
text, lines, blocks = read_screens(sys.argv[1], ("=== battle",), echoed=False)
hinted = [b for b in blocks if any(l.startswith("hint (the search's best") for l in b)]
assert len(hinted) == 1, [b[-6:] for b in hinted]
b = hinted[0]
assert len(b) <= 24 and b[0].startswith("=== battle 1") and b[-2].startswith("  c. "), b
assert "> press Enter for the game's summary " in text and text.index("> press Enter for the game's summary") < text.index("game summary:"), text[-800:]
last_board = text[text.rindex("is over; the final board"):text.index("> press Enter for the game's summary")]
assert len(last_board.split("\n")) <= 24, last_board
PY
fi
# 'last' (or 'last move') lists every step of the opponent's since the player's last decision
printf '1\nlast move\n' | "$als" play --seed 11 --p2 random > last.txt 2>&1
grep -A3 "since your last decision:" last.txt | grep -q "^  player 2 " && ok || bad "last: $(grep -A3 "> last" last.txt)"
printf 'last\n' | "$als" play --seed 4 --p2 random > last0.txt 2>&1
grep -q "nothing has happened since your last decision" last0.txt && ok || bad "last, first decision: $(tail -n 3 last0.txt)"
# Results kept at a terminal (issue 53): a first game is at easy, as the tutorial says; its result
# goes to $XDG_DATA_HOME/als/results.jsonl and the results by level follow the game; two wins at
# easy suggest normal for the next game; --no-history neither reads nor writes; a pipe keeps none.
if command -v script > /dev/null; then
  results="$XDG_DATA_HOME/als/results.jsonl"
  rm -f "$results"
  lose() { for _ in 1 2 3 4 5 6 7 8 9 10; do printf 'withdraw\ny\n\n'; done; }
  lose | timeout 120 script -qec "$als play --seed 5" /dev/null > hist1.txt 2>&1
  tr -d '\r' < hist1.txt > hist1.clean
  grep -q "^level easy, for a first game" hist1.clean && grep -q "player 2 easy" hist1.clean \
    && ok || bad "a first game at easy: $(grep -A2 "^als play" hist1.clean)"
  [ "$(wc -l < "$results")" -eq 1 ] && grep -q '"level":"easy"' "$results" && grep -q '"won":false' "$results" \
    && ok || bad "the result kept: $(cat "$results" 2>&1)"
  grep -q "^your results: easy 0 won of 1$" hist1.clean && grep -q "^suggested level: easy (als play --level easy)$" hist1.clean \
    && ok || bad "the results after the game: $(tail -n 4 hist1.clean)"
  printf '{"level":"easy","won":true}\n{"level":"easy","won":true}\n' >> "$results"
  printf 'withdraw\ny\n' | timeout 60 script -qec "$als play --seed 5" /dev/null > hist2.txt 2>&1
  tr -d '\r' < hist2.txt | grep -q "^level normal, as your results suggest" && ok || bad "the suggested level: $(head -n 3 hist2.txt)"
  lose | timeout 120 script -qec "$als play --seed 5 --level easy --no-history" /dev/null > hist3.txt 2>&1
  [ "$(wc -l < "$results")" -eq 3 ] && ! grep -q "your results" hist3.txt && ok || bad "--no-history kept a result"
  lose | "$als" play --seed 5 --level easy > hist4.txt 2>&1
  [ "$(wc -l < "$results")" -eq 3 ] && ! grep -q "your results" hist4.txt && ok || bad "a game through a pipe kept a result"
fi
"$als" play extra_word < /dev/null > /dev/null 2> u.err; expect_rc 2 $? "a stray word on the command line"
# als web refuses what it cannot serve before it listens (the browser test: tests/web/web_test.py)
"$als" web --port 70000 > /dev/null 2> w.err; expect_rc 2 $? "als web --port 70000"
grep -q "port takes 0 to 65535" w.err && ok || bad "als web --port: $(cat w.err)"
"$als" web --level easy --p2 greedy > /dev/null 2> w.err; expect_rc 2 $? "als web --level and --p2"
"$als" web --p1 random --p2 greedy > /dev/null 2> w.err; expect_rc 2 $? "als web with no person"
grep -q "one seat at least is a person's" w.err && ok || bad "als web, two computers: $(cat w.err)"
"$als" web --p2 nosuch > /dev/null 2> w.err; expect_rc 2 $? "als web --p2 nosuch"
grep -q "unknown agent 'nosuch'" w.err && ok || bad "als web, unknown agent: $(cat w.err)"
"$als" web --host 10.255.255.254 > /dev/null 2> w.err; expect_rc 2 $? "als web on an address not this machine's"
grep -q "cannot listen on 10.255.255.254" w.err && ok || bad "als web --host: $(cat w.err)"
"$als" web --log /nonexistent/x.jsonl > /dev/null 2> w.err; expect_rc 2 $? "als web --log into no folder"
# --help on every command (issue 73: review's was refused), each line within 80 columns (an 80x24
# terminal broke the examples mid-word)
for cmd in $("$als" --help | awk 'NR > 1 && /^  [a-z]/ { print $1 }'); do
  "$als" "$cmd" --help < /dev/null > help-$cmd.txt 2>&1; expect_rc 0 $? "als $cmd --help"
  awk 'length > 80' help-$cmd.txt | grep -q . && bad "als $cmd --help is wider than 80: $(awk 'length > 80' help-$cmd.txt | head -n 2)" || ok
done
"$als" cards --seed 3 > /dev/null 2>&1; expect_rc 2 $? "als cards --seed (an option it does not use)"
"$als" test --seed 3 tests > /dev/null 2>&1; expect_rc 2 $? "als test --seed"

# spectators with --watch see the revealed board after every action; hot seat passes the terminal
"$als" play --p1 random --p2 random --seed 7 --watch > watch.txt; expect_rc 0 $? "play --watch"
grep -Eq "^  [a-z]+ +player 1 [0-9]+ \[.*\]  vs  player 2" watch.txt && ok || bad "--watch shows no board"
printf '1\n1\n1\n' | "$als" play --p1 human --p2 human --seed 3 > hot.txt 2>&1
[ "$(grep -c -- '--- pass to player' hot.txt)" -ge 2 ] && ok || bad "hot seat: no pass prompt"
if command -v script > /dev/null; then
  printf '\n1\n\n1\n' | timeout 60 script -qec "$als play --p1 human --p2 human --seed 3" /dev/null > hotpty.txt 2>&1
  grep -q "press Enter" hotpty.txt && grep -q $'\033\[2J' hotpty.txt && ok || bad "hot seat at a terminal: $(tail -n 2 hotpty.txt)"
fi

# colour: only with --color always, or at a terminal without NO_COLOR; never into a pipe
printf '1\n' | "$als" play --seed 5 --color always > col.txt 2>&1
grep -q $'\033\[' col.txt && ok || bad "--color always printed no colour"
printf '1\n' | "$als" play --seed 5 > plain.txt 2>&1
grep -q $'\033\[' plain.txt && bad "colour into a pipe" || ok
if command -v script > /dev/null; then
  # (the opponent named: the default one thinks a second a move at a terminal)
  printf '1\n' | timeout 60 script -qec "$als play --seed 5 --p2 mcts" /dev/null > colpty.txt 2>&1
  grep -q $'\033\[3[56]m' colpty.txt && ok || bad "no colour at a terminal"
  printf '1\n' | NO_COLOR=1 timeout 60 script -qec "$als play --seed 5 --p2 mcts" /dev/null > nocol.txt 2>&1
  grep -q $'\033\[3[56]m' nocol.txt && bad "NO_COLOR ignored" || ok
fi
# Ctrl-D at a battle's Enter-wait abandons the game there, nothing asked, the record written (seed
# 5: the 6th decision ends battle 1); and at a withdraw's confirmation
if command -v script > /dev/null; then
  yes 1 | head -n 6 | timeout 60 script -qec "stty cols 80 rows 24; $als play --seed 5 --p2 random --log eof.jsonl" /dev/null > eof.txt 2>&1
  tr -d '\r' < eof.txt | grep -q "^game abandoned" && ! grep -q "battle 2" eof.txt && ok || bad "Ctrl-D at Enter: $(tail -c 300 eof.txt)"
  tail -n 1 eof.jsonl | grep -q '"reason":"end of input","type":"abandoned"' && ok || bad "Ctrl-D at Enter: the record $(tail -n 1 eof.jsonl)"
  printf 'with\n' | timeout 60 script -qec "$als play --seed 5 --p2 random" /dev/null > eofw.txt 2>&1
  tr -d '\r' < eofw.txt | grep -q "^game abandoned" && ! grep -q "not withdrawn" eofw.txt && ok || bad "Ctrl-D at a confirmation: $(tail -c 300 eofw.txt)"
fi
# At a terminal of 80x24 (and of 60x40), every decision fits one screen: from the board's header
# (with the opponent's last move) to the prompt at most as many lines as the rows, no line wider
# than the columns, each hand card's ability text under its plays; a battle's end waits for
# Enter. Whole games of both printings at a pseudo-terminal; at the second decision undo (--strict) is
# refused (the opponent has replied); the input ends at a decision, and the game is abandoned.
# The terminal's echo is off (`stty -echo`): input piped ahead of a prompt was echoed wherever the
# screen then was, and made a screen taller than it is (a race; the prompt's line editor echoes
# nothing then, and what follows a prompt is read as on the next line).
if command -v script > /dev/null; then
  for size in 80x24:standard 80x24:original 60x40:standard 60x40:original; do
    cols=${size%%x*} rest=${size#*x}; rows=${rest%%:*} cards=${size#*:}
    { printf '1\nundo\n'; yes 1 | head -n 400; } | timeout 120 script -qec "stty cols $cols rows $rows -echo; $als play --seed 6 --p2 random --strict --cards $cards" \
      /dev/null > screen-$size.txt 2>&1
    "$als" cards --cards "$cards" > cards-$cards.txt
    python3 - screen-$size.txt "$cols" "$rows" cards-$cards.txt "$src/tests/cli" <<'PY' && ok || bad "${size}: $(tail -3 screen-$size.txt)"
import re, sys
sys.path.insert(0, sys.argv[5])
from screens import read_screens
cols, rows = int(sys.argv[2]), int(sys.argv[3])
text, lines, blocks = read_screens(sys.argv[1], ("=== battle",), echoed=False)
kinds = {}  # card name -> its kind ("instant", "ongoing", "-"), from `als cards`
ids = []
for line in open(sys.argv[4]).read().split("\n")[2:]:
    w = line.split()
    if len(w) >= 4 and w[1] in ("air", "land", "sea"):
        kinds[w[0].replace("_", " ").title()] = w[3]  # (every name of both printings is its id's title)
        ids.append(w[0])
assert len(blocks) > 10 and "game over" in text, (len(blocks), text[-300:])
# a whole game at a terminal shows cards by their names only, never by ids (issue 53)
named = [i for i in ids if re.search(r"\b%s\b" % i, text)]
assert not named, ("ids on the screen", named, [l for l in lines if any(i in l for i in named)][:3])
assert "Super Battleship" in text or "Heavy Tanks" in text or "Heavy Bombers" in text
assert max(len(b) for b in blocks) <= rows, max(blocks, key=len)
wide = [l for l in lines if len(l) > cols]
assert not wide, wide[:3]
assert "press Enter for the next battle" in text
assert "nothing to undo: the opponent has played since your last decision" in re.sub(r"\n +", " ", text), "undo past the reply"
# Every step of the opponent's since the player's last decision stays on the decision screen
# (issue 53): its action, the abilities it set off, its answers, each as it was printed; where
# the rows run short the earliest give way to their count ('last' lists them).
flat = re.sub(r"\n +", " ", text)
longest = 0
for b in blocks:
    at = [i for i, l in enumerate(b) if l.startswith(("last move: ", "last moves: "))]
    if not at:
        continue
    j = at[0] + 1
    while j < len(b) and b[j].startswith("    "):
        j += 1
    steps = " ".join(l.strip() for l in b[at[0]:j]).split(": ", 1)[1].split("; ")
    for step in steps:
        assert re.match(r"\d+ earlier \(type last\)$", step) or step in flat, (step, b)
    longest = max(longest, len(steps))
assert longest >= 3, longest
# each hand card of a turn: a line with its strength and plays, and, if it has an ability, the
# ability's kind and text on the next line
turns = [b for b in blocks if any(l.startswith("Your turn") for l in b)]
assert turns
for b in turns:
    cards = [(i, m.group(1)) for i, l in enumerate(b) for m in [re.match(r"^  ([A-Z][A-Za-z ]*?) \d+ +(deploy|improvise|cannot|dep|imp) ", l)] if m]
    assert cards, b
    for i, card in cards:
        nxt = b[i + 1] if not b[i + 1].startswith(" " * 21) else b[i + 2]
        if kinds[card] == "-":
            assert not nxt.startswith("      " + "instant") and not nxt.startswith("      ongoing"), (card, b)
        else:
            assert nxt.startswith("      %s: " % kinds[card]), ("no ability text", card, b)
# at an ability's question, the hand under the board: a card a line, its ability's text below
asked = [b for b in blocks if "your hand:" in b]
assert asked, "no question with the hand listed"
for b in asked:
    at = b.index("your hand:")
    for i in range(at + 1, len(b)):
        m = re.match(r"^  ([A-Z][A-Za-z ]*?) \d+ \((air|land|sea)\)$", b[i])
        if not m:
            break
        if kinds[m.group(1)] != "-":
            assert b[i + 1].startswith("      %s: " % kinds[m.group(1)]), ("no ability text at a question", b)
# the opponent's steps since the player's last decision; none at a battle's start with the player first
prev = None
for b in blocks:
    battle = b[0].split("|")[0]
    first_of_battle, me_first = battle != prev, "1st player: you" in b[0] or "1st: you" in b[0]
    prev = battle
    if not any(l.startswith("Your turn") for l in b) or b is blocks[0]:
        continue
    if first_of_battle and me_first:
        assert not b[1].startswith("last move"), ("a stale last move at a battle's start", b[:3])
    else:
        assert b[1].startswith("last move: ") or b[1].startswith("last moves: "), ("the last move", b[:3])
PY
  done
  # the input ends at a decision (the third): the game is abandoned there, its record written
  printf '1\n1\n' | timeout 60 script -qec "stty cols 60 rows 40; $als play --seed 6 --p2 random --log eofd.jsonl" /dev/null > eofd.txt 2>&1
  tr -d '\r' < eofd.txt | grep -q "^game abandoned" && tail -n 1 eofd.jsonl | grep -q '"reason":"end of input"' && ok ||
    bad "Ctrl-D at a decision: $(tail -c 300 eofd.txt)"
fi
# at 60x24 the first screen keeps the hand's ability texts (a line each): the plays take one line
# a card ("dep 1 air  imp 7 air 8 land 9 sea") where the long words would not fit (issue 53)
if command -v script > /dev/null; then
  printf '' | timeout 60 script -qec "stty cols 60 rows 24 -echo; $als play --seed 5 --p2 random --no-history" /dev/null > narrow.txt 2>&1
  python3 - narrow.txt <<'PY' && ok || bad "60x24: $(head -c 600 narrow.txt)"
import re, sys
text = re.sub(r"\x1b\[[0-9;]*m", "", open(sys.argv[1]).read().replace("\r", ""))
screen = text[text.index("=== battle"):text.index("\n> ")]
lines = screen.split("\n")
assert len(lines) <= 24 and max(len(l) for l in lines) <= 60, lines
assert sum(1 for l in lines if re.match(r"^  [A-Z][A-Za-z ]+ \d+ +dep \d+ \w+ +imp( \d+ \w+){3}$", l)) == 6, lines
assert sum(1 for l in lines if l.startswith(("      instant: ", "      ongoing: "))) == 4, lines
PY
fi
"$als" play --color sometimes < /dev/null 2> u.err; expect_rc 2 $? "a bad --color"
# a whole human game through a pseudo-terminal: colour, undo, to the last line
if command -v script > /dev/null; then
  { printf 'undo\nhint\n'; yes 1 | head -n 200; } | timeout 120 script -qec "$als play --seed 5 --p2 random" /dev/null > whole.txt 2>&1
  tr -d '\r' < whole.txt | grep -q "^game over: player [12] wins" && grep -q $'\033\[' whole.txt && grep -q "nothing to undo" whole.txt &&
    grep -q "hint (the search's best, highest chance first" whole.txt && ok || bad "a whole game at a terminal: $(tail -n 3 whole.txt)"
fi
# line editing at a terminal (libedit): cursor keys edit the line; Ctrl-C abandons the game cleanly
if command -v script > /dev/null; then
  printf 'dep\033[D\033[D\033[Cx\n' | timeout 60 script -qec "$als play --seed 5 --p2 random" /dev/null > edit.txt 2>&1
  grep -q "'dexp' is not a legal action" edit.txt && ok || bad "line editing: $(tail -n 2 edit.txt)"
  (sleep 2; printf '\003') | timeout 60 script -qec "$als play --seed 5 --p2 random --log int.jsonl" /dev/null > int.txt 2>&1
  grep -q "game abandoned" int.txt && tail -n 1 int.jsonl | grep -q '"interrupted"' && ok || bad "Ctrl-C: $(tail -n 2 int.txt)"
fi

# als review: a recorded game (with a takeback) step by step, battle dividers and results, each
# question with the card that asked, each of the person's decisions marked by the search, and a
# tally; --seat keeps the other seat's facedown plays hidden; at a terminal it is stepped through
# (next, back, a battle, the next mistake, quit) (issue 53)
{ printf '1\nundo\n'; yes 1 | head -n 300; } | "$als" play --seed 5 --p2 random --log rev.jsonl > /dev/null 2>&1
"$als" review rev.jsonl --iterations 300 > rev.txt 2> rev.err; expect_rc 0 $? "als review"
python3 - rev.txt <<'PY' && ok || bad "review: $(head -5 rev.txt)"
import re, sys
text = open(sys.argv[1]).read()
lines = text.split("\n")
assert lines[0].startswith("=== battle 1: theaters "), lines[0]
assert "  takeback: player 1 took back 2 actions: " in text, "the takeback"
assert re.search(r"^--- battle 1: player [12] wins \d+ VP \((theaters held|player [12] withdrew)\), score \d+-\d+$", text, re.M)
assert re.search(r"^game over: player [12] wins \d+-\d+$", text, re.M)
# cards by their names through a pipe too (issue 73: a review is read by a person)
assert re.search(r"^\d+\. player [12], for [A-Z][A-Za-z ]+( \(when [a-z_ ]+\))?: choose ", text, re.M), "a question with its card"
assert not re.search(r"\b(super_battleship|heavy_tanks|air_maneuver|cover_fire)\b", text), "ids in the review"
marks = re.findall(r"^      (best|good|inaccuracy|mistake|blunder)\b", text, re.M)
steps = re.findall(r"^(\d+)\. player (\d)", text, re.M)
mine = [s for s in steps if s[1] == "1"]
assert marks and len(marks) <= len(mine), (len(marks), len(mine))
assert all(m in ("best", "good") or True for m in marks)
for l in re.sub(r"\n {6,}(?!(best|good|inaccuracy|mistake|blunder)\b)", " ", text).split("\n"):  # (a verdict wraps: joined)
    m = re.match(r"^      (inaccuracy|mistake|blunder): yours (game \d+%, )?battle \d+% vs the best (game \d+%, )?battle \d+%; better: ", l)
    assert m or not re.match(r"^      (inaccuracy|mistake|blunder)", l), l
tally = re.search(r"^player 1: (\d+) decisions reviewed: (\d+) best, (\d+) good, (\d+) inaccurac(y|ies), (\d+) mistakes?, (\d+) blunders?$", re.sub(r"\n +", " ", text), re.M)
assert tally and int(tally.group(1)) == len(marks), (tally, len(marks))
assert "player 2: " not in text.split("game over")[1], "only the person's seat is reviewed"
PY
# a takeback of a takeback: both stay in the record (issue 73: the second cut the first's line)
# and the review shows both, in order, with what each took back
printf '1\n1\n1\nundo\nundo\n1\n' | "$als" play --seed 5 --p2 random --log undo2.jsonl > /dev/null 2>&1
[ "$(grep -c '"type":"undo"' undo2.jsonl)" = 2 ] && ok || bad "two takebacks, undo lines: $(grep -c '"type":"undo"' undo2.jsonl)"
"$als" replay undo2.jsonl > /dev/null; expect_rc 0 $? "a record with a takeback of a takeback replays"
"$als" review undo2.jsonl --iterations 50 > undo2-review.txt 2>&1
[ "$(grep -c '^  takeback: player 1 took back 2 actions: deploy ' undo2-review.txt)" = 2 ] && ok || bad "the review's takebacks: $(grep -A1 takeback undo2-review.txt)"
"$als" review rev.jsonl --seat 1 --iterations 100 > rev1.txt 2>&1; expect_rc 0 $? "als review --seat 1"
grep -q "player 2: improvise ? " rev1.txt && ! grep -q "took back 2 actions:" rev1.txt && ok || bad "review as player 1 saw it"
"$als" review rev.jsonl --seat 2 --iterations 100 | grep -q "^player 2: [0-9]* decisions reviewed" && ok || bad "review of seat 2"
"$als" review no-such-file.jsonl > /dev/null 2>&1; expect_rc 2 $? "review of no file"
printf 'not a record\n' > notrec.jsonl; "$als" review notrec.jsonl > /dev/null 2>&1; expect_rc 2 $? "review of a bad record"
if command -v script > /dev/null; then
  printf '\n\nb\nbattle 2\nm\nq\n' | timeout 60 script -qec "stty cols 80 rows 24 -echo; $als review rev.jsonl --iterations 100" /dev/null > rev-tty.txt 2>&1
  python3 - rev-tty.txt <<'PY' && ok || bad "review at a terminal: $(tail -5 rev-tty.txt)"
import re, sys
text = open(sys.argv[1]).read().replace("\r", "")
prompts = text.count("(Enter: next, b: back, m: next mistake, battle N, q: quit) > ")
assert prompts == 6, prompts
shown = re.findall(r"^(\d+)\. player", text, re.M)
# steps 1, 2, 3, back to 2, the first of battle 2, then the next mistake after it
assert shown[:4] == ["1", "2", "3", "2"], shown
assert "=== battle 2: theaters" in text
assert "Super Battleship" in text or "Heavy Tanks" in text or "Air Drop" in text, "names at a terminal"
assert max(len(l.split(") > ")[-1]) for l in text.split("\n")) <= 80  # (input is not echoed: what follows a prompt is its own line)
PY
  printf '\n\n\n' | timeout 60 script -qec "stty cols 60 rows 40 -echo; $als review rev.jsonl --iterations 100" /dev/null > rev-60.txt 2>&1
  python3 - rev-60.txt <<'PY' && ok || bad "review at 60x40: $(tail -5 rev-60.txt)"
import re, sys
text = open(sys.argv[1]).read().replace("\r", "")
assert text.count("(Enter: next, b: back, m: next mistake, battle N, q: quit) > ") == 4
assert max(len(l.split(") > ")[-1]) for l in text.split("\n")) <= 60, [l for l in text.split("\n") if len(l.split(") > ")[-1]) > 60][:3]
PY
fi

# als tutorial, driven through its steps with its intended answers (the ones
# tests/unit/test_tutorial.cpp finds among the search's best): each step's text, plays that do
# not do what a step asks refused with the reason (a facedown play to deploy, an ongoing card for an
# instant), an ability's question answered after abilities are explained, the narration in the
# second person, the battle played to its end and won by control, the chart explained and no
# withdrawal asked for; then the same at a pseudo-terminal of 80x24 and of 60x40 (every screen
# fits, cards by their names), and the end of input mid-way (issue 53).
tutorial_input='\n\nimp super sea\ndep super\n\nimp sup land\n\ndep esc\ndep air m\nsupport\n\ndep esc\n\nimp sea m land\n\nimp red air\n'
printf "$tutorial_input" | "$als" tutorial > tut.txt 2>&1; expect_rc 0 $? "als tutorial"
python3 - tut.txt <<'PY' && ok || bad "tutorial: $(tail -5 tut.txt)"
import re, sys
text = re.sub(r" *\n *", " ", open(sys.argv[1]).read())
order = ["--- The game ---", "the deck: the 6 cards nobody was dealt this battle", "--- Deploy ---", "goal: deploy a card",
         "not this time: that plays the card facedown; deploy plays it faceup, to its own theater.",
         "you deploy super_battleship to sea", "the opponent deploys", "--- Improvise ---",
         "Your own facedown cards show on your side as '~Name'", "you improvise support facedown to land",
         "--- Abilities ---", "'+3 Support (air)'", "not this time: escalation's ability is not instant",
         "you deploy air_maneuver to air", "your air_maneuver asks you to choose", "you choose support",
         "--- Covering ---", "you deploy escalation to sea", "--- Control ---",
         "you improvise sea_maneuver facedown to land", "--- The battle's end ---",
         "The chart: if the 1st player withdraws, the opponent scores 6 VP with 0 cards left",
         "withdraw only if you judge the battle lost", "you improvise redeploy facedown to air",
         "--- the battle is over; the final board:", "you hold 2 of 3 theaters: the battle is yours, won by control",
         "battle 1: you win 6 VP (theaters controlled), score 6-0", "--- The end of the tutorial ---",
         # the level it sends a newcomer to is the one 'als play' starts a first game at (issue 53)
         "'als play' starts your first game at the easy level"]
at = 0
for want in order:
    found = text.find(want, at)
    assert found >= 0, ("missing, or out of order", want, text[at:at + 300])
    at = found
assert "player 1" not in text.split("--- Deploy ---")[1].replace("Your turn, player 1", "").replace("player 1, your", ""), "narration in the second person"
assert "you withdraw" not in text and "this step asks you to withdraw" not in text, "no withdrawal asked for"
# before the Abilities step no question is asked of you
assert "asks you to choose" not in text.split("--- Abilities ---")[0]
PY
# the last step keeps the battle won (issue 73): a withdrawal, or a play after which the easy level
# takes the battle, is refused while another play keeps it; the battle is then won
printf '\n\nimp super sea\ndep super\n\nimp sup land\n\ndep esc\ndep air m\nsupport\n\ndep esc\n\nimp sea m land\n\nwithdraw\nimp red air\n' \
  | "$als" tutorial > tut-keep.txt 2>&1
grep -q "not this time: this battle can still be yours: play it out" tut-keep.txt && grep -q "battle 1: you win" tut-keep.txt \
  && ok || bad "tutorial, a withdrawal while the battle can be won: $(grep -A2 'not this time' tut-keep.txt | head -5)"
# two computer players watched name cards as --names says (issue 73: ids even with always); one
# person's battle ends say "you" and "the opponent", as the game does
"$als" play --seed 7 --p1 random --p2 random --names always > watch-names.txt 2>&1
grep -q "^player 2 deploys Aerodrome to air" watch-names.txt && ! grep -q "aerodrome" watch-names.txt \
  && ok || bad "watchers' names: $(sed -n 3,5p watch-names.txt)"
yes 1 | head -n 40 | "$als" play --seed 5 --p2 random > you-ends.txt 2>&1
grep -A8 "^--- battle 1 is over" you-ends.txt | grep -q "^  you hold 2 of 3 theaters" && ok || bad "a battle's end in the second person: $(grep -A8 'is over' you-ends.txt | head -9)"
# a withdrawal's battle line names who withdrew (it said "opponent withdrew" of the player's own)
printf 'withdraw\n' | "$als" play --seed 3 --p2 random > wd.txt 2>&1
grep -q "^battle 1: player 2 wins [0-9]* VP (player 1 withdrew)" wd.txt && ok || bad "the withdrawal's line: $(grep '^battle 1' wd.txt)"
printf '\n\n' | "$als" tutorial > tut-eof.txt 2>&1; expect_rc 0 $? "als tutorial, input ended"
tail -n 1 tut-eof.txt | grep -q "^tutorial left$" && ok || bad "tutorial, input ended: $(tail -n 2 tut-eof.txt)"
if command -v script > /dev/null; then
  for size in 80x24 60x40; do
    printf "$tutorial_input" | timeout 60 script -qec "stty cols ${size%x*} rows ${size#*x}; $als tutorial" /dev/null > tut-$size.txt 2>&1
    python3 - tut-$size.txt "${size%x*}" "${size#*x}" "$src/tests/cli" <<'PY' && ok || bad "tutorial at $size: $(tail -3 tut-$size.txt)"
import re, sys
sys.path.insert(0, sys.argv[4])
from screens import read_screens
cols, rows = int(sys.argv[2]), int(sys.argv[3])
# a step's text up to its Enter, and each decision's screen up to its prompt
text, lines, screens = read_screens(sys.argv[1], ("--- ", "=== battle"))
assert "--- The end of the tutorial ---" in text, text[-400:]
flat = re.sub(r"\s+", " ", text)
assert "won by control" in flat and "Super Battleship" in flat and "super_battleship" not in flat, "names at a terminal"
assert not [l for l in lines if len(l) > cols], [l for l in lines if len(l) > cols][:2]
assert len(screens) >= 10, len(screens)
assert max(len(s) for s in screens) <= rows, max(screens, key=len)
PY
  done
fi

# a record made with a relative --cards replays from anywhere (it stores the folder's absolute path)
mkdir -p sub && rel=$(python3 -c "import os,sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))" "$src/docs/examples/supply-lines" "$tmp/sub")
(cd sub && "$als" play --p1 random --p2 random --seed 2 --cards "$rel" --log rel.jsonl > /dev/null); expect_rc 0 $? "play with a relative --cards"
(cd / && "$als" replay "$tmp/sub/rel.jsonl" > /dev/null); expect_rc 0 $? "its record replays from another folder"

# scenario() inside a running scenario is refused, and the file's other scenarios still run
"$als" test "$src/tests/hostile/scenarios/nested_scenario.lua" > nest.out; expect_rc 1 $? "nested scenario()"
grep -q "may only be called while the file loads" nest.out && tail -n 1 nest.out | grep -q "^1 passed, 1 failed$" && ok || bad "nested scenario: $(cat nest.out)"

echo '{not json' > junk.jsonl
"$als" replay junk.jsonl 2> junk.err; expect_rc 2 $? "replay of a malformed record"
grep -q "junk.jsonl:1" junk.err && ok || bad "malformed record message: $(cat junk.err)"

# bad usage and bad input: exit 2, one clear message, no raw exception
"$als" play --no-such-option 2> u.err; expect_rc 2 $? "unknown option"
"$als" play --cards no_such_set 2> u.err; expect_rc 2 $? "unknown card set"
grep -q "no_such_set" u.err && ok || bad "unknown set message: $(cat u.err)"
"$als" play --p2 nobody 2> u.err; expect_rc 2 $? "unknown agent"
# levels: --level picks the computer's strength; a level is an agent name everywhere
printf '1\n' | "$als" play --level easy --seed 5 > lv.txt 2>&1; expect_rc 0 $? "play --level easy"
head -n 2 lv.txt | tr -s " \n" "  " | grep -q "player 2 easy (greedy)" && ok || bad "--level easy header: $(head -2 lv.txt)"
"$als" play --level hard --p2 greedy < /dev/null 2> u.err; expect_rc 2 $? "--level with --p2"
grep -q "not both" u.err && ok || bad "--level with --p2 message: $(cat u.err)"
"$als" play --level godlike < /dev/null 2> u.err; expect_rc 2 $? "unknown level"
grep -q "levels: easy, normal, hard, expert" u.err && ok || bad "unknown level message: $(cat u.err)"
"$als" simulate --p1 easy --p2 normal --games 2 --seed 3 --json > lv.json; expect_rc 0 $? "simulate with levels"
"$als" simulate --p1 greedy --p2 mcts:iterations=2000 --games 2 --seed 3 --json > sp.json
python3 -c "import json,sys; a,b=(json.load(open(f)) for f in sys.argv[1:]); sys.exit([a[k] for k in ('wins','actions','vp')]!=[b[k] for k in ('wins','actions','vp')])" lv.json sp.json \
  && ok || bad "a level plays as its spec: $(head -c 200 lv.json)"
"$als" tournament easy hard:iterations=5 --games 2 2> u.err; expect_rc 2 $? "a level with options"
grep -q "level 'hard' takes no options" u.err && ok || bad "level options message: $(cat u.err)"
"$als" play --seed -1 2> u.err; expect_rc 2 $? "negative seed"
grep -q "whole number" u.err && ok || bad "negative seed message: $(cat u.err)"
"$als" simulate --games 1 --seed 18446744073709551616 2> u.err; expect_rc 2 $? "seed past 64 bits"
"$als" simulate --games 10 --rules no_such_rule 2> u.err; expect_rc 2 $? "unknown rule"
"$als" cards --cards "$src/tests/hostile/syntax" 2> u.err; expect_rc 2 $? "syntax error in a card"
grep -q "bad.lua:4" u.err && grep -q "card bad" u.err && ok || bad "syntax error message: $(cat u.err)"
"$als" cards --cards "$src/tests/hostile/loop_at_load" 2> u.err; expect_rc 2 $? "endless loop at load"
grep -q "instruction limit" u.err && ok || bad "endless loop message: $(cat u.err)"
# a script error during an unattended game: exit 2, the card named, within seconds
found=0
for seed in $(seq 1 60); do
  timeout 20 "$als" play --cards "$src/tests/hostile/runtime" --p1 random --p2 random --seed "$seed" > /dev/null 2> h.err
  rc=$?
  if [ "$rc" -eq 2 ]; then found=1; break; fi
  [ "$rc" -eq 0 ] || { bad "hostile game, seed $seed: exit $rc"; break; }
done
[ "$found" -eq 1 ] && grep -Eq "script error: card [a-z_]+ \(.*\.lua\)" h.err && ok || bad "hostile game message: $(cat h.err)"
# ... and for a human: the action is refused, the prompt comes back, the game goes on
found=0
for seed in $(seq 1 60); do
  printf '1\n' | timeout 20 "$als" play --cards "$src/tests/hostile/runtime" --seed "$seed" > hr.txt 2>&1
  rc=$?
  if grep -q "that action was refused" hr.txt; then found=1; break; fi
done
[ "$found" -eq 1 ] && [ "$rc" -eq 0 ] && tail -n 1 hr.txt | grep -q "game abandoned" && ok || bad "human script error: $(tail -n 3 hr.txt)"
"$als" cards > cards.txt; expect_rc 0 $? "als cards"
grep -q "^redeploy .*sea.*4.*instant" cards.txt && ok || bad "als cards listing"

# simulate
"$als" simulate --games 200 --seed 3 --json > sim.json; expect_rc 0 $? "simulate"
grep -q '"games":200,' sim.json && ok || bad "simulate json: $(cat sim.json)"

# als test: FAIL lines with file, line and both values; ERROR for a file that does not load
cd "$src"
"$als" test tests/cli/failing.scenario > t.out; expect_rc 1 $? "a failing scenario"
grep -q '^FAIL tests/cli/failing.scenario:8 a wrong expectation: player 1.s hand: expected {"support"}, got {"heavy_tanks"}$' t.out \
  && ok || bad "FAIL line: $(cat t.out)"
tail -n 1 t.out | grep -q '^1 passed, 1 failed$' && ok || bad "summary: $(tail -n 1 t.out)"
"$als" test tests/cli/broken.scenario tests/cli/failing.scenario > t.out; expect_rc 2 $? "a file that does not load"
grep -q '^ERROR tests/cli/broken.scenario:4: ' t.out && ok || bad "ERROR line: $(cat t.out)"
grep -q '^FAIL tests/cli/failing.scenario:8' t.out && ok || bad "the other files still run"
rm -f t.out
"$als" test > /dev/null 2>&1; expect_rc 2 $? "als test with no path"

summary
