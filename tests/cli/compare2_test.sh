#!/usr/bin/env bash
# End-to-end checks of als compare's round 2 (docs/variants.md): labels, several agents and their
# agreement, targets and rankings, the skill gap, measures with no data, shards of all of these.
# Usage: compare2_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
cd "$tmp"
luck="$src/tests/sets/rules/first_player_wins.lua"

# Labels: the name everywhere, the spec kept beside it.
"$als" compare base=standard beg=standard+beginner --games 100 --seed 1 --json > l.json; expect_rc 0 $? "labelled variants"
python3 - l.json <<'PY' && ok || bad "labels: $(head -c 300 l.json)"
import json, sys
d = json.load(open(sys.argv[1]))
assert [(v["name"], v["spec"]) for v in d["variants"]] == [("base", "standard"), ("beg", "standard+beginner")]
assert {(x["variant"], x["baseline"]) for x in d["differences"]} == {("beg", "base")}
assert d["agents"] == ["greedy"] and all(v["agent"] == "greedy" for v in d["variants"])
PY
"$als" compare base=standard beg=standard+beginner --games 100 --seed 1 > l.txt
grep -q "^  beg$" l.txt && grep -q "base" l.txt && ! grep -q "standard+beginner" l.txt && ok || bad "labels in the text: $(head -5 l.txt)"
"$als" compare x=standard x=standard+beginner 2> e.err; expect_rc 2 $? "two variants of one name"
grep -q "two variants are named x" e.err && ok || bad "two of one name: $(cat e.err)"
"$als" compare =standard 2> e.err; expect_rc 2 $? "an empty label"
grep -q "empty name" e.err && ok || bad "empty label: $(cat e.err)"

# Several agents: every variant under each, differences within an agent, their agreement.
"$als" compare standard beg=standard+beginner luck=standard+$luck --agents greedy,random --games 400 --seed 2 --json > a.json
expect_rc 0 $? "--agents"
python3 - a.json <<'PY' && ok || bad "--agents: $(head -c 300 a.json)"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["agents"] == ["greedy", "random"]
assert [(v["name"], v["agent"]) for v in d["variants"]] == [
    ("standard", "greedy"), ("beg", "greedy"), ("luck", "greedy"),
    ("standard", "random"), ("beg", "random"), ("luck", "random")]
assert all(v["games"] == 400 for v in d["variants"])
per = 9 + 18 * 3
assert len(d["differences"]) == 2 * 2 * per
for a in ("greedy", "random"):
    rows = [x for x in d["differences"] if x["agent"] == a]
    assert len(rows) == 2 * per, (a, len(rows))
# Both agents see the beginner rule's VP a battle fall: significant, the same way, agreed.
g = {(x["variant"], x["measure"], x.get("card")): x for x in d["agreement"]}
vp = g[("beg", "vp_per_battle", None)]
assert vp["agree"] is True and vp["directions"] == {"greedy": -1, "random": -1}, vp
assert all(vp["significant"].values())
for x in d["agreement"]:
    assert any(x["significant"].values())
    signs = set(x["directions"].values())
    assert x["agree"] == (len(signs) == 1 and 0 not in signs), x
# under greedy the 1st player wins more with "luck"; random's rate is another
PY
"$als" compare standard standard+beginner --agents greedy,random --games 200 --seed 2 > a.txt
grep -q "^under random (both seats)" a.txt && grep -q "do the agents agree" a.txt && ok || bad "--agents text: $(head -3 a.txt)"
awk 'length > 80 { print; bad = 1 } END { exit bad }' a.txt && ok || bad "--agents text wider than 80 columns"
"$als" compare standard --agent greedy --agents random 2> e.err; expect_rc 2 $? "--agent and --agents"
"$als" compare standard --agents greedy,nobody 2> e.err; expect_rc 2 $? "an unknown agent in --agents"
grep -q "'nobody' cannot play" e.err && ok || bad "unknown agent: $(cat e.err)"
"$als" compare standard --agents greedy,greedy 2> e.err; expect_rc 2 $? "an agent twice"
# An agent's options keep their commas.
"$als" compare standard --agents "random,mcts:iterations=8,c=0.7" --games 4 --seed 1 --json > o.json; expect_rc 0 $? "an agent with options"
python3 -c "import json; d=json.load(open('o.json')); assert d['agents'] == ['random', 'mcts:iterations=8,c=0.7'], d['agents']" \
  && ok || bad "agents with options: $(head -c 200 o.json)"

# Targets: a distance with its interval, a ranking with ties, a card's median.
"$als" compare standard beg=standard+beginner luck=standard+$luck --games 600 --seed 3 \
  --target first_player_battle_win_rate=0.5 --target cards.support.faceup_win_rate=median --json > t.json
expect_rc 0 $? "--target"
python3 - t.json <<'PY' && ok || bad "--target: $(head -c 300 t.json)"
import json, statistics, sys
d = json.load(open(sys.argv[1]))
for v in d["variants"]:
    fp, card = v["targets"]
    m = v["measures"]["first_player_battle_win_rate"]
    assert fp["measure"] == "first_player_battle_win_rate" and fp["target"] == 0.5
    assert abs(fp["distance"]["value"] - abs(m["value"] - 0.5)) < 1e-12
    holds = m["low"] <= 0.5 <= m["high"]
    assert (fp["distance"]["low"] == 0) == holds, (fp, m)
    assert abs(fp["distance"]["high"] - max(abs(m["low"] - 0.5), abs(m["high"] - 0.5))) < 1e-12
    # the median of the other cards' faceup win rates, in this variant
    others = [c["faceup_win_rate"]["value"] for k, c in v["cards"].items() if k != "support" and c["faceup_win_rate"]]
    assert card["median"] is True and abs(card["target"] - statistics.median(others)) < 1e-12, card
    assert abs(card["value"]["value"] - v["cards"]["support"]["faceup_win_rate"]["value"]) < 1e-12
# Every 1st-player battle win under "luck" but for withdrawals: far from 0.5, ranked last, alone.
r = [x for x in d["ranking"] if x["measure"] == "first_player_battle_win_rate"][0]
assert r["agent"] == "greedy" and r["target"] == 0.5
assert r["order"][-1] == ["luck"] and sorted(sum(r["order"], [])) == ["beg", "luck", "standard"], r
dist = {v["name"]: v["targets"][0]["distance"] for v in d["variants"]}
for tie in r["order"]:  # within a group each overlaps the first; the next group's first does not
    for name in tie[1:]:
        assert dist[name]["low"] <= dist[tie[0]]["high"]
for a, b in zip(r["order"], r["order"][1:]):
    assert dist[b[0]]["low"] > dist[a[0]]["high"]
PY
"$als" compare standard standard+$luck --games 200 --seed 3 --target first_player_battle_win_rate=0.5 > t.txt
grep -q "target first_player_battle_win_rate = 50.0%" t.txt && grep -q "off by" t.txt && ok || bad "--target text: $(tail -4 t.txt)"
"$als" compare standard standard+$luck --agents greedy,random --skill random,greedy --games 100 --seed 3 \
  --target first_player_battle_win_rate=0.5 --target cards.support.faceup_win_rate=median > all.txt
awk 'length > 80 { print; bad = 1 } END { exit bad }' all.txt && ok || bad "the text of every flag is wider than 80 columns"
"$als" compare standard --target no_such=1 2> e.err; expect_rc 2 $? "an unknown target measure"
grep -q "no measure 'no_such'" e.err && grep -q "first_player_battle_win_rate" e.err && ok || bad "unknown target: $(cat e.err)"
"$als" compare standard --target battles_per_game=median 2> e.err; expect_rc 2 $? "a median of a game measure"
"$als" compare standard --target withdraw_rate=2 2> e.err; expect_rc 2 $? "a rate's target past 1"

# The skill gap: greedy beats random in the standard game; a rule that gives every battle to its
# 1st player rewards skill much less.
"$als" compare standard luck=standard+$luck --skill random,greedy --games 400 --seed 4 --json > s.json; expect_rc 0 $? "--skill"
python3 - s.json <<'PY' && ok || bad "--skill: $(head -c 300 s.json)"
import json, sys
d = json.load(open(sys.argv[1]))
std, luck = d["variants"]
for v in d["variants"]:
    assert v["skill"]["weak"] == "random" and v["skill"]["strong"] == "greedy" and v["skill"]["games"] == 400
    g = v["skill"]["gap"]
    assert g["low"] <= g["value"] <= g["high"]
assert std["skill"]["gap"]["low"] > 0.9 and luck["skill"]["gap"]["high"] < 0.7, (std["skill"], luck["skill"])
rows = [x for x in d["differences"] if x["measure"] == "skill_gap"]
assert len(rows) == 1 and rows[0]["variant"] == "luck" and rows[0]["significant"] and rows[0]["delta"] < -0.3, rows
PY
"$als" compare standard standard --skill random,greedy --games 100 --seed 4 --json > s0.json
python3 -c "
import json; d = json.load(open('s0.json')); r = [x for x in d['differences'] if x['measure'] == 'skill_gap'][0]
assert r['delta'] == 0 and not r['significant'], r" && ok || bad "a variant against itself has the same skill gap"
"$als" compare standard --skill greedy 2> e.err; expect_rc 2 $? "--skill with one agent"
grep -q "WEAK,STRONG" e.err && ok || bad "--skill of one: $(cat e.err)"

# No data: a measure nothing counted is null (n/a), and decides nothing. A variant whose every game
# fails says so and stops nothing early.
fails="$src/tests/hostile/rules/always_fails.lua"
"$als" compare standard "dead=standard+$fails" --games 800 --seed 5 --json > n.json 2> n.err; expect_rc 1 $? "a variant that always fails"
grep -q "dead: 800 games failed and are not counted (every game: nothing about this variant is decided)" n.err \
  && ok || bad "every game failed: $(cat n.err)"
python3 - n.json <<'PY' && ok || bad "null measures: $(head -c 300 n.json)"
import json, sys
d = json.load(open(sys.argv[1]))
dead = d["variants"][1]
assert dead["games"] == 0 and all(m is None for m in dead["measures"].values()), dead["measures"]
assert all(x is None for c in dead["cards"].values() for x in c.values())
assert not d["stopped_early"] and d["looks_taken"] == d["looks"] == 4
for x in d["differences"]:
    assert x["no_data"] and not x["significant"] and x["delta"] is None, x
PY
"$als" compare standard "dead=standard+$fails" --games 100 --seed 5 2> /dev/null > n.txt
grep -q "n/a" n.txt && ok || bad "no data in the text: $(head -12 n.txt)"
# One game: cards never played facedown have a null facedown_win_rate, exactly where nothing counted.
"$als" compare standard --games 1 --seed 6 --json > one.json
"$als" cards | awk 'NR > 2 && /^[a-z]+:$/ { exit } NR > 2 { print $1 }' > order.txt  # the set's order: the sums' card index
python3 - one.json order.txt <<'PY' && ok || bad "null card measures"
import json, sys
d = json.load(open(sys.argv[1]))
order = open(sys.argv[2]).read().split()
v, sums = d["variants"][0], d["sums"]["variants"][0]
assert sorted(order) == sorted(v["cards"]) and len(sums["card_n"]) == 3 * len(order)
names = ["faceup_win_rate", "facedown_win_rate", "unplayed_rate"]
nulls = 0
for i, card in enumerate(order):
    ms = v["cards"][card]
    for k, name in enumerate(names):
        counted = sums["card_n"][i * 3 + k] > 0
        assert (ms[name] is None) == (not counted), (card, name)
        nulls += ms[name] is None
assert nulls > 0
PY

# Shards of a run with agents, targets and skill merge to the whole run.
args="standard luck=standard+$luck --agents greedy,random --skill random,greedy --target first_player_battle_win_rate=0.5 --games 120 --seed 7"
"$als" compare $args --json > whole.json
for k in 1 2 3; do "$als" compare $args --shard $k/3 --json > sh$k.json; done
"$als" compare --merge sh1.json sh2.json sh3.json --json > merged.json; expect_rc 0 $? "merge of round 2 shards"
python3 - whole.json merged.json <<'PY' && ok || bad "merged round 2 shards differ from the whole run"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert a == b, [k for k in a if a[k] != b.get(k)]
assert a["run"]["agents"] == ["greedy", "random"] and a["run"]["skill"] == "random,greedy"
PY
python3 -c "
import json; d = json.load(open('sh1.json')); d['sums']['skill']['variants'][0] = [5, 9, 5, 9, 5, 9]
json.dump(d, open('badskill.json', 'w'))"
"$als" compare --merge badskill.json sh2.json sh3.json > /dev/null 2> e.err; expect_rc 2 $? "skill sums that are not counts"

# issue 52: a card measure of a card no variant's set has is refused by name (it exited 0 with "no data")
"$als" compare standard standard+beginner --games 10 --target cards.heavy_tank.faceup_win_rate=median > e.out 2> e.err
expect_rc 2 $? "compare: a card the sets lack"
grep -q "no card 'heavy_tank' in any variant's set (cards: support," e.err && ok || bad "the unknown card named: $(cat e.err)"

# issue 51: one agent in every variant. A rule that changes nothing, under a search whose learned
# value reads the standard game only: both variants play without it (value=none), so the same
# seeds give the same games and no difference is significant; the JSON and the text say so.
echo "return {}" > empty.lua
"$als" compare standard standard+./empty.lua --agent mcts:40 --skill random,mcts:20 --games 30 --seed 3 --json > one.json 2> one.err
expect_rc 0 $? "compare under mcts with an empty rule: $(head -3 one.err)"
python3 - one.json <<'PY' && ok || bad "one agent in every variant: $(head -c 400 one.json)"
import json, sys
d = json.load(open(sys.argv[1]))
ev = {e["role"] + " " + e["agent"]: e for e in d["evaluations"]}
assert ev["agent mcts:40"]["plays_as"] == "mcts:40,value=none", ev
assert ev["agent mcts:40"]["evaluation"].startswith("playouts in every variant: value=none"), ev
assert ev["skill_strong mcts:20"]["plays_as"] == "mcts:20,value=none" and ev["skill_weak random"]["plays_as"] == "random", ev
assert d["agent"] == "mcts:40" and d["agents"] == ["mcts:40"]  # the agent as given
assert not [x for x in d["differences"] if x["significant"]], "a change that changes nothing"
assert all(x["delta"] == 0 for x in d["differences"]), [x for x in d["differences"] if x["delta"] != 0][:3]
PY
"$als" compare standard standard+./empty.lua --agent mcts:40 --games 4 --seed 3 > one.txt 2>&1
grep -q "mcts:40 (played as mcts:40,value=none): playouts in every variant" one.txt && ok || bad "the text says it: $(head -4 one.txt)"
"$als" compare standard standard --agent mcts:40 --games 4 --seed 3 --json > same.json 2>&1
grep -q '"plays_as":"mcts:40"' same.json && grep -q '"evaluation":"learned value in every variant (the built-in network)"' same.json && ok \
  || bad "where the value reads every variant it is kept: $(grep -o '"evaluations":[^]]*]' same.json)"

# issue 51: a tie against a target says how many games would decide it
"$als" compare standard standard+beginner --agent greedy --target first_player_battle_win_rate=0.5 --games 200 --seed 7 --json > tie.json 2> tie.err
python3 - tie.json <<'PY' && ok || bad "games to untie: $(grep -o '"ranking":.*' tie.json | head -c 300)"
import json, sys
d = json.load(open(sys.argv[1]))
r = d["ranking"][0]
assert len(r["games_to_untie"]) == len(r["order"])
for group, n in zip(r["order"], r["games_to_untie"]):
    assert (n == 0) == (len(group) == 1) or n is None, (group, n)
    assert len(group) == 1 or n is None or n > 200, (group, n)  # tied: more games than were played
PY
"$als" compare standard standard+beginner --agent greedy --target first_player_battle_win_rate=0.5 --games 200 --seed 7 > tie.txt 2>&1
grep -Eq "tied: (about [0-9]+ games a variant would decide|their intervals hold the target; no estimate)" tie.txt \
  && ok || bad "the text says how many games: $(grep -A4 '^target' tie.txt)"

# issue 51: --games-out, one JSON line a game that a notebook reads as it is: compare (every
# variant under every agent) and sweep (every value's games); the lines agree with the summary.
"$als" compare standard standard+beginner --agents greedy,random --games 30 --seed 3 --games-out g.jsonl --json > g.json 2> g.err
expect_rc 0 $? "compare --games-out: $(head -2 g.err)"
"$als" sweep "$src/docs/examples/tuning" --param medic_strength=0..3 --target cards.field_medic.faceup_win_rate=median \
  --games 40 --seed 2 --games-out s.jsonl --json > s.json 2> s.err
expect_rc 0 $? "sweep --games-out: $(head -2 s.err)"
python3 - g.jsonl g.json s.jsonl s.json <<'PY' && ok || bad "--games-out lines: $(head -c 300 g.jsonl)"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
d = json.load(open(sys.argv[2]))
assert len(lines) == 30 * 2 * 2, len(lines)
for l in lines:
    assert l["winner"] in (1, 2) and len(l["score"]) == 2 and isinstance(l["seed"], int), l
    assert l["variant"] in ("standard", "standard+beginner") and l["agent"] in ("greedy", "random"), l
assert sorted({l["game"] for l in lines}) == list(range(30))
for v in d["variants"]:  # each variant's mean battles a game, from its lines
    mine = [l for l in lines if l["variant"] == v["name"] and l["agent"] == v["agent"]]
    mean = sum(l["battles_per_game"] for l in mine) / len(mine)
    assert abs(mean - v["measures"]["battles_per_game"]["value"]) < 1e-9, (v["name"], mean)
sl = [json.loads(l) for l in open(sys.argv[3])]
sd = json.load(open(sys.argv[4]))
assert len(sl) == sum(v["games"] for v in sd["values"]), (len(sl), [v["games"] for v in sd["values"]])
assert {l["variant"] for l in sl} <= {"medic_strength=%d" % k for k in range(4)}
PY

# issue 51: a draft's picks (questions of a deal hook) are decisions setting battles up, counted
# apart: actions a game and the branching factor are the plays' (the draft's within noise of the
# standard game's, not +30 actions), setup_decisions_per_game counts the picks, and every game's
# line has its own.
draft="$src/tests/sets/api4/rules/draft.lua"
"$als" compare standard "standard+$draft" --games 200 --seed 4 --games-out d.jsonl --json > d.json 2> d.err
expect_rc 0 $? "compare with a draft: $(head -2 d.err)"
python3 - d.json d.jsonl <<'PY' && ok || bad "setup decisions: $(head -c 400 d.json)"
import json, sys
d = json.load(open(sys.argv[1]))
std, draft = d["variants"]
assert std["setup_decisions_per_game"]["value"] == 0, std["setup_decisions_per_game"]
picks = draft["setup_decisions_per_game"]
assert picks["low"] > 5 and picks["low"] <= picks["value"] <= picks["high"], picks
for m in ("actions_per_game", "branching_factor"):
    row = [x for x in d["differences"] if x["measure"] == m][0]
    assert not row["significant"] and abs(row["delta"]) < 3, row
lines = [json.loads(l) for l in open(sys.argv[2])]
mine = [l["setup_decisions"] for l in lines if l["variant"] != "standard"]
assert abs(sum(mine) / len(mine) - picks["value"]) < 1e-9 and all(l["setup_decisions"] == 0 for l in lines if l["variant"] == "standard")
PY
"$als" compare standard "standard+$draft" --games 40 --seed 4 > d.txt
grep -Eq "^  setup decisions a game +0.00 \(0.00-0.00\) +[0-9.]+ \(" d.txt && ok || bad "setup decisions in the text: $(grep -B2 -A2 setup d.txt)"
"$als" simulate --rules "$draft" --games 40 --seed 4 --json > ds.json && python3 -c "
import json, sys; d = json.load(open('ds.json')); assert d['setup_decisions_per_game']['value'] > 5, d['setup_decisions_per_game']" \
  && ok || bad "simulate's setup decisions: $(head -c 300 ds.json)"

# issue 51: measures of a designer's own (g:measure): each variant's mean a game with its interval
# (none for a variant that never counts it), in the text, in every game's line, as a target of
# compare and of sweep, and through shards merged.
count="$src/tests/sets/rules/count_turns.lua"
"$als" compare standard "standard+$count" --games 120 --seed 6 --games-out cm.jsonl --json > cm.json 2> cm.err
expect_rc 0 $? "compare with g:measure: $(head -2 cm.err)"
python3 - cm.json cm.jsonl <<'PY' && ok || bad "custom measures in compare: $(head -c 500 cm.json)"
import json, sys
d = json.load(open(sys.argv[1]))
std, counted = d["variants"]
assert std["custom_measures"] == {}, std["custom_measures"]
cm = counted["custom_measures"]
assert sorted(cm) == ["battles", "turns", "turns_ahead"], cm
for iv in cm.values():
    assert iv["low"] <= iv["value"] <= iv["high"]
# battle_start counts each battle (battle 1's before the first decision too): the battles a game
assert abs(cm["battles"]["value"] - counted["measures"]["battles_per_game"]["value"]) < 1e-12
assert 15 < cm["turns"]["value"] < counted["measures"]["actions_per_game"]["value"] + 1e-9
lines = [json.loads(l) for l in open(sys.argv[2])]
mine = [l for l in lines if l["variant"] != "standard"]
assert abs(sum(l["custom"].get("turns", 0) for l in mine) / len(mine) - cm["turns"]["value"]) < 1e-9
assert all(l["custom"] == {} for l in lines if l["variant"] == "standard")
PY
"$als" compare standard "standard+$count" --games 40 --seed 6 --target custom.turns=30 > ct.txt 2>&1
grep -Eq "^  custom turns +n/a +[0-9.]+ \(" ct.txt && grep -q "target custom.turns = 30" ct.txt && grep -q "standard: no data" ct.txt &&
  ok || bad "custom measures in compare's text: $(grep -A3 'custom\|^target' ct.txt | head -12)"
# issue 74: two long g:measure names that begin alike are written whole, each on a line of its
# own above its figures, in the measures' table and among the differences (once cut at 21
# characters they both read "custom sabotage_next_~")
printf 'return { turn_end = function(g) g:measure("sabotage_next_card_played_facedown", 1) g:measure("sabotage_next_card_played_faceup", 2) end }\n' > long_names.lua
"$als" compare standard "standard+long_names.lua" --games 20 --seed 6 > ln.txt 2>&1
expect_rc 0 $? "compare with long measure names: $(tail -3 ln.txt)"
[ "$(grep -c '^  custom sabotage_next_card_played_facedown$' ln.txt)" = 1 ] && grep -q '^  custom sabotage_next_card_played_faceup$' ln.txt &&
  grep -q '^    custom sabotage_next_card_played_faceup$' ln.txt && ! grep -q 'sabotage_next_~' ln.txt &&
  ok || bad "long measure names: $(grep -A1 sabotage ln.txt | head -12)"
"$als" sweep "$src/docs/examples/tuning+$count" --param medic_strength=1..3 --target custom.battles=2.5 --games 60 --seed 3 --json > cs.json 2> cs.err
expect_rc 0 $? "sweep with a custom target: $(head -2 cs.err)"
python3 - cs.json <<'PY' && ok || bad "a sweep's custom target: $(head -c 400 cs.json)"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["target"] == {"measure": "custom.battles", "target": 2.5}
assert all(v["measure"] and v["measure"]["low"] <= v["measure"]["value"] <= v["measure"]["high"] for v in d["values"])
assert d["best"] and d["recommended"]
PY
for k in 1 2; do "$als" compare standard "standard+$count" --games 60 --seed 6 --shard $k/2 --json > cms$k.json; done
"$als" compare standard "standard+$count" --games 60 --seed 6 --json > cmw.json
"$als" compare --merge cms1.json cms2.json --json > cmm.json
python3 - cmw.json cmm.json <<'PY' && ok || bad "custom measures through shards"
import json, sys
w, m = (json.load(open(f)) for f in sys.argv[1:])
assert [v["custom_measures"] for v in w["variants"]] == [v["custom_measures"] for v in m["variants"]] != [{}, {}]
PY
"$als" compare standard "standard+$count" --target custom.Bad=1 2> cb.err; expect_rc 2 $? "a bad custom target"
grep -q "a measure of your own is custom.NAME" cb.err && ok || bad "the bad custom target's message: $(cat cb.err)"

# issue 51: a measure of the designer's own differs between variants as the built-in ones do:
# paired game by game (a game that did not count it counts 0), Holm's correction over all rows,
# n/a where a variant never counts it, in the JSON, the text and through shards.
"$als" compare "standard+$count" "standard+beginner+$count" standard --games 80 --seed 6 --json > cd.json
expect_rc 0 $? "compare of custom measures' differences"
"$als" compare "standard+$count" "standard+beginner+$count" standard --games 80 --seed 6 > cd.txt
for k in 1 2; do "$als" compare "standard+$count" "standard+beginner+$count" standard --games 80 --seed 6 --shard $k/2 --json > cds$k.json; done
"$als" compare --merge cds1.json cds2.json --json > cdm.json
python3 - cd.json cdm.json <<'PY' && ok || bad "custom measures' differences: $(head -c 600 cd.json)"
import json, sys
d, m = (json.load(open(f)) for f in sys.argv[1:])
rows = {(r["variant"].split("+")[1] if "+" in r["variant"] else "standard", r["measure"]): r
        for r in d["differences"] if r["measure"].startswith("custom.")}
assert len(rows) == 6, sorted(rows)
means = [v["custom_measures"] for v in d["variants"]]
for name in ("battles", "turns", "turns_ahead"):
    r = rows[("beginner", "custom." + name)]
    assert not r["no_data"] and r["low"] < r["delta"] < r["high"], r
    # The paired difference of means is the difference of the two means (zeros included).
    assert abs(r["delta"] - (means[1][name]["value"] - means[0][name]["value"])) < 1e-9, (r, means)
    assert r["significant"] == (r["p_adjusted"] < 0.05)
    n = rows[("standard", "custom." + name)]
    assert n["no_data"] and n["delta"] is None and not n["significant"], n
# Counted every battle, "battles" differs exactly as the battles a game do.
b = [r for r in d["differences"] if r["measure"] == "battles_per_game" and "beginner" in r["variant"]][0]
c = rows[("beginner", "custom.battles")]
assert all(abs(b[k] - c[k]) < 1e-9 for k in ("delta", "low", "high", "p")), (b, c)
assert m["differences"] == d["differences"]  # shards merged: the same answer
PY
grep -Eq "^    custom turns +\+[0-9.]+ \(\+[0-9.]+ to \+[0-9.]+\) +significant" cd.txt &&
  grep -Eq "^    custom turns +n/a \(no data\)" cd.txt && ok || bad "custom differences in the text: $(grep custom cd.txt)"
"$als" compare "standard+$count" "standard+beginner+$count" --games 40 --seed 6 --report cd.html > /dev/null
grep -Eq "<td>custom turns</td><td>\+[0-9.]+</td>" cd.html && ok || bad "custom differences in the report"

# issue 51: card measures with no data read n/a in the text, by name (the text left them out)
"$als" compare standard standard+beginner --games 2 --seed 1 > nd.txt 2>&1
grep -q "^    n/a (no data): [a-z_]* [a-z_]*_rate" nd.txt && ok || bad "no data named n/a: $(grep -A3 'card measures differ' nd.txt)"
awk 'length > 80 { print; bad = 1 } END { exit bad }' nd.txt && ok || bad "the n/a lines are wider than 80 columns"

# issue 55: agents with labels (NAME=SPEC): shown by name, played as their spec, the same games as
# without labels; a labelled agent after one with options starts a new agent; shards merge.
"$als" compare standard standard+beginner --agents "base=random,deep=mcts:iterations=10,c=0.7,strong=greedy" --games 24 --seed 3 --json > lab.json
expect_rc 0 $? "compare with labelled agents"
"$als" compare standard standard+beginner --agents "random,mcts:iterations=10,c=0.7,greedy" --games 24 --seed 3 --json > unl.json
for k in 1 2; do
  "$als" compare standard standard+beginner --agents "base=random,deep=mcts:iterations=10,c=0.7,strong=greedy" --games 24 --seed 3 --shard $k/2 --json > labs$k.json
done
"$als" compare --merge labs1.json labs2.json --json > labm.json; expect_rc 0 $? "merge of labelled shards"
python3 - lab.json unl.json labm.json <<'PY' && ok || bad "compare labels: $(head -c 400 lab.json)"
import json, sys
l, u, m = (json.load(open(f)) for f in sys.argv[1:])
assert l["agents"] == ["base", "deep", "strong"], l["agents"]
assert l["run"]["agents"] == ["base=random", "deep=mcts:iterations=10,c=0.7", "strong=greedy"]
assert [e["agent"] for e in l["evaluations"]] == ["random", "mcts:iterations=10,c=0.7", "greedy"]
assert [e.get("name") for e in l["evaluations"]] == ["base", "deep", "strong"]
assert [v["agent"] for v in l["variants"]] == ["base", "base", "deep", "deep", "strong", "strong"]
assert l["sums"] == u["sums"]  # the same games as the same agents unlabelled
assert m["agents"] == l["agents"] and m["variants"][0]["games"] == 24
PY
"$als" compare standard standard+beginner --agents "base=random,deep=mcts:iterations=10,c=0.7" --games 8 --seed 3 > labt.txt
grep -q "^  deep = mcts:iterations=10,c=0.7" labt.txt && grep -q "^under deep (both seats)" labt.txt && ok || bad "compare labels text: $(head -12 labt.txt)"

# "VP a battle" counts the VP verbs give during a battle (g:gain_vp), beside what its end gives:
# over a run, VP a battle times the battles is every VP scored.
cat > gain.lua <<'LUA'
return {
  turn_end = function(g, p)
    g:gain_vp(p, 1)
  end,
}
LUA
for rules in "" "--rules gain.lua"; do
  "$als" simulate $rules --games 60 --seed 2 --json > vpb.json
  python3 - vpb.json <<'PY' && ok || bad "VP a battle with [$rules]: $(head -c 300 vpb.json)"
import json, sys
d = json.load(open(sys.argv[1]))
assert abs(d["measures"]["vp_per_battle"]["value"] * d["battles"] - sum(d["vp"])) < 1e-6 * sum(d["vp"])
PY
done

# A mean of counts that are never negative has its interval within its range: two games' t
# intervals cut at 0 (they reached below it before).
for s in 1 2 3 4; do
  "$als" simulate --games 2 --seed $s --rules beginner --json > cnt.json
  python3 - cnt.json <<'PY' && ok || bad "count intervals below 0 (seed $s): $(head -c 400 cnt.json)"
import json, sys
d = json.load(open(sys.argv[1]))
for name in ("battles_per_game", "actions_per_game", "branching_factor", "lead_changes_per_game"):
    assert d["measures"][name]["low"] >= 0, name
PY
done

summary
