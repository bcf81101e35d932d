#!/usr/bin/env bash
# End-to-end checks of `als compare` (docs/variants.md): the JSON contract, what it flags and what
# it does not, threads and shards, early stopping, end reasons, bad input. Usage: compare_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
cd "$tmp"

# The contract's JSON: every measure with its interval, end reasons, cards, every difference.
"$als" compare standard standard+beginner --games 2000 --seed 3 --threads 2 --json > c.json; expect_rc 0 $? "compare --json"
python3 - c.json <<'PY' && ok || bad "compare's JSON: $(head -c 600 c.json)"
import json, sys
d = json.load(open(sys.argv[1]))
measures = ["first_player_battle_win_rate", "seat1_game_win_rate", "battles_per_game", "actions_per_game",
            "branching_factor", "withdraw_rate", "vp_per_battle", "lead_changes_per_game", "decisiveness"]
assert d["confidence"] == 0.95 and d["agent"] == "greedy" and d["seed"] == 3, d
assert [v["name"] for v in d["variants"]] == ["standard", "standard+beginner"]
for v in d["variants"]:
    assert v["games"] == 2000 and v["battles"] > 2000
    assert sorted(v["measures"]) == sorted(measures), v["measures"].keys()
    for m in v["measures"].values():
        assert m["low"] <= m["value"] <= m["high"], m
    assert set(v["end_reasons"]) == {"control", "withdraw"}
    assert sum(v["end_reasons"].values()) == v["battles"]
    assert len(v["cards"]) == 18
    for c in v["cards"].values():
        assert sorted(c) == ["facedown_win_rate", "faceup_win_rate", "unplayed_rate"]
        for m in c.values():
            assert 0 <= m["low"] <= m["value"] <= m["high"] <= 1, m
# the beginner rule scores 1 VP a battle and plays to 3: more battles a game, in the
# baseline's rates more or less unchanged
b = d["variants"][1]["measures"]
assert b["vp_per_battle"]["value"] == 1.0
diffs = d["differences"]
assert len(diffs) == 9 + 18 * 3, len(diffs)
for x in diffs:
    assert x["variant"] == "standard+beginner" and x["baseline"] == "standard"
    assert x["low"] <= x["delta"] <= x["high"] and isinstance(x["significant"], bool), x
main = {x["measure"]: x for x in diffs if "card" not in x}
assert sorted(main) == sorted(measures)
assert main["battles_per_game"]["significant"] and main["battles_per_game"]["delta"] > 1, main["battles_per_game"]
assert main["vp_per_battle"]["significant"] and main["vp_per_battle"]["delta"] < -4
assert not main["first_player_battle_win_rate"]["significant"]  # (greedy weighs the chart: beginner changes its withdrawals, and so the branching factor)
assert {x["card"] for x in diffs if "card" in x} == set(d["variants"][0]["cards"])
PY

# A variant against itself flags nothing, and stops at the first look (every difference is exactly 0)
"$als" compare standard standard --seed 4 --json > same.json; expect_rc 0 $? "compare standard standard"
python3 - same.json <<'PY' && ok || bad "standard against itself: $(head -c 400 same.json)"
import json, sys
d = json.load(open(sys.argv[1]))
assert not any(x["significant"] for x in d["differences"])
assert all(x["delta"] == 0 and x["low"] == 0 and x["high"] == 0 for x in d["differences"])
assert d["stopped_early"] and d["looks_taken"] == 1 and d["variants"][0]["games"] == 1250, d["looks_taken"]
PY
"$als" compare standard standard --seed 4 > same.txt
grep -q "stopped early at look 1 of 4" same.txt && ok || bad "early stop not said: $(head -3 same.txt)"

# Threads and shards change nothing; --merge adds shards up exactly (one look: no early stop)
"$als" compare standard standard+long-war --games 300 --seed 5 --threads 1 --json > t1.json
"$als" compare standard standard+long-war --games 300 --seed 5 --threads 2 --json > t2.json
for k in 1 2 3; do "$als" compare standard standard+long-war --games 300 --seed 5 --shard $k/3 --json > s$k.json; done
"$als" compare --merge s1.json s2.json s3.json --json > m.json; expect_rc 0 $? "compare --merge"
python3 - t1.json t2.json m.json <<'PY' && ok || bad "threads or shards changed the comparison"
import json, sys
runs = [json.load(open(f)) for f in sys.argv[1:]]
assert runs[0] == runs[1] == runs[2], [k for k in runs[0] if runs[0][k] != runs[2].get(k)]
assert runs[0]["variants"][0]["games"] == 300
PY
"$als" compare --merge s1.json s2.json > /dev/null 2> m.err; expect_rc 2 $? "merge with a shard missing"
grep -q "shard 3/3 is missing" m.err && ok || bad "missing shard: $(cat m.err)"
"$als" compare --merge s1.json t1.json > /dev/null 2> m.err; expect_rc 2 $? "merge of a shard and a whole run"
"$als" compare --merge c.json.nope > /dev/null 2> m.err; expect_rc 2 $? "merge of a missing file"
"$als" compare --merge s1.json s2.json s3.json --report merged.html > /dev/null; expect_rc 0 $? "merge writes a report"
[ -s merged.html ] && ok || bad "no report from --merge"

# API 3 end reasons: a house rule's battle_over reason is counted, and its difference shows
ex="$src/docs/examples/frontier"
"$als" compare "$ex" "$ex+$ex/rules/blitz.lua" --games 400 --seed 1 --json > r.json; expect_rc 0 $? "compare with a reason"
python3 - r.json <<'PY' && ok || bad "end reasons: $(head -c 300 r.json)"
import json, sys
d = json.load(open(sys.argv[1]))
a, b = d["variants"]
assert "blitz" not in a["end_reasons"] and b["end_reasons"]["blitz"] > 0, (a["end_reasons"], b["end_reasons"])
assert sum(b["end_reasons"].values()) == b["battles"]
assert {x["measure"] for x in d["differences"] if x.get("card") is None and x["significant"]} >= {"vp_per_battle"}
PY

# Benjamini-Hochberg; three variants; the text at 80 columns
"$als" compare standard standard+beginner standard+long-war --games 600 --seed 2 --correction bh --json > bh.json
python3 -c "import json,sys; d=json.load(open('bh.json')); assert d['correction']=='benjamini-hochberg' and len(d['differences'])==2*63" && ok || bad "--correction bh"
"$als" compare standard standard+beginner standard+long-war standard --games 600 --seed 2 > wide.txt; expect_rc 0 $? "four variants"
awk 'length > 80 { print; bad = 1 } END { exit bad }' wide.txt && ok || bad "compare's text is wider than 80 columns"
grep -q "battles a game" wide.txt && grep -q "significant" wide.txt && ok || bad "text report: $(head -20 wide.txt)"

# Bad input: one clear message, exit 2
"$als" compare 2> e.err; expect_rc 2 $? "no variants"
"$als" compare standard no_such_set 2> e.err; expect_rc 2 $? "unknown set"
grep -q "no_such_set" e.err && ok || bad "unknown set message: $(cat e.err)"
"$als" compare standard standard+ 2> e.err; expect_rc 2 $? "an empty rule"
"$als" compare standard standard+no_such_rule 2> e.err; expect_rc 2 $? "unknown rule"
"$als" compare standard --correction bonferroni 2> e.err; expect_rc 2 $? "unknown correction"
"$als" compare standard --agent human 2> e.err; expect_rc 2 $? "a human agent"
"$als" compare standard --confidence 1.5 2> e.err; expect_rc 2 $? "confidence out of range"
"$als" compare standard --shard 4/3 2> e.err; expect_rc 2 $? "a bad shard"
"$als" compare standard standard --games 10 --report /nonexistent/dir/r.html > /dev/null 2> e.err; expect_rc 2 $? "report nowhere"
grep -q "cannot write the report" e.err && ok || bad "report nowhere: $(cat e.err)"

# A variant whose games fail: counted, reported, exit 1; the other variant still compared
fails="$src/tests/hostile/rules/fails_played_out.lua"
"$als" compare standard "standard+$fails" --games 40 --seed 3 --json > f.json 2> f.err; expect_rc 1 $? "failing games"
grep -q "failed and are not counted" f.err && ok || bad "failing games message: $(cat f.err)"
python3 -c "import json; d=json.load(open('f.json')); assert d['variants'][1]['failed_games'] > 0 and d['variants'][0]['games'] == 40" \
  && ok || bad "failing games in JSON"

# als simulate reports the same measures (one code path)
"$als" simulate --games 200 --seed 3 --p1 greedy --p2 greedy --json > sim.json
"$als" compare standard --games 200 --seed 3 --json > one.json
python3 - sim.json one.json <<'PY' && ok || bad "simulate's measures differ from compare's"
import json, sys
s, c = (json.load(open(f)) for f in sys.argv[1:])
assert s["measures"] == c["variants"][0]["measures"]
assert s["end_reasons"] == c["variants"][0]["end_reasons"] and s["card_measures"] == c["variants"][0]["cards"]
PY

# Issue 51: beyond one machine. Shards run under GNU parallel (Debian's parallel) and as the Slurm
# array scripts in docs/examples/cluster (their environment faked: one task at a time) merge to
# exactly the single run's sums, for compare and for sweep.
if ! command -v parallel > /dev/null; then
  bad "GNU parallel is not installed (Debian's parallel)"
else
  "$als" compare standard standard+beginner --agents greedy,random --games 90 --seed 42 --json > one.json
  parallel "'$als' compare standard standard+beginner --agents greedy,random --games 90 --seed 42 --shard {}/3 --json > par-{}.json" ::: 1 2 3
  "$als" compare --merge par-1.json par-2.json par-3.json --json > par.json; expect_rc 0 $? "merge of GNU parallel's shards"
  for k in 1 2 3; do
    ALS="$als" GAMES=90 SEED=42 SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=3 bash "$src/docs/examples/cluster/compare-slurm.sh" 2> slurm.err
  done
  "$als" compare --merge shard-1.json shard-2.json shard-3.json --json > slurm.json; expect_rc 0 $? "merge of the Slurm script's shards"
  "$als" compare standard standard+beginner --agents greedy,mcts:100 --games 90 --seed 42 --json > one100.json
  python3 - one.json par.json one100.json slurm.json <<'PY' && ok || bad "shards under parallel and Slurm differ from the single run"
import json, sys
a, b, c, d = (json.load(open(f)) for f in sys.argv[1:])
assert a["sums"] == b["sums"] and a["variants"] == b["variants"], "parallel"
assert c["sums"] == d["sums"] and c["variants"] == d["variants"], "slurm"
PY
  # a sweep's shards keep each look's sums, so the merge races the values as the single run did
  "$als" sweep "$src/docs/examples/tuning" --param medic_strength=0..8 --target cards.field_medic.faceup_win_rate=median \
    --games 800 --seed 42 --json > sw1.json
  for k in 1 2 3; do
    ALS="$als" GAMES=800 SEED=42 DATA="$src" SLURM_ARRAY_TASK_ID=$k SLURM_ARRAY_TASK_COUNT=3 bash "$src/docs/examples/cluster/sweep-slurm.sh"
  done
  "$als" sweep --merge sweep-1.json sweep-2.json sweep-3.json --json > swm.json; expect_rc 0 $? "merge of a sweep's Slurm shards"
  python3 - sw1.json swm.json <<'PY' && ok || bad "a sweep's merged shards differ from the single run, racing included"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert any(v["dropped_after"] is not None for v in a["values"]), "the single run dropped no value: no racing to check"
assert a["values"] == b["values"] and a["best"] == b["best"] and a["looks_taken"] == b["looks_taken"]
assert a["sums"]["values"] == b["sums"]["values"]
PY
fi

summary
