#!/usr/bin/env bash
# Card script API 4 seen from the front ends: a question in words at the terminal (its texts
# listed, answered by text); the game_over hook: simulate counts the games it ended by reason
# (text and JSON), a record keeps the reason and replays, als serve's game_over carries it, and
# the terminal prints it. Usage: api4_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
set_dir="$src/tests/sets/api4"
streak="$set_dir/rules/streak.lua"
cd "$tmp"

# a question in words at the terminal: the texts numbered under the ability's prompt, answered by
# typing one (each other line "1" plays on; "give 1 vp" is refused at any other decision)
found=0
for seed in $(seq 1 30); do
  yes $'give 1 vp\n1' 2>/dev/null | head -400 | "$als" play --cards "$set_dir" --seed "$seed" --p1 mcts:iterations=30 \
    --p2 human --color never > words.txt 2>&1
  grep -q "player 2, ultimatum: flip a card or give 1 VP" words.txt || continue
  found=1
  grep -A4 "player 2, ultimatum: flip a card or give 1 VP" words.txt | grep -q "^   2. give 1 VP$" && ok ||
    bad "the texts are listed: $(grep -A4 'player 2, ultimatum' words.txt)"
  grep -q "^> player 2 chooses 'give 1 VP'" words.txt && ok || bad "answered by its text: $(grep -A6 'player 2, ultimatum' words.txt)"
  break
done
[ "$found" -eq 1 ] && ok || bad "no game of 30 asked player 2 the ultimatum"

# ruling 29: cards that take a due instant's card off the board (tests/sets/pending), under every
# agent kind: no game fails (an Air Drop destroyed while due once ran with no owner)
for agent in random greedy mcts:iterations=30; do
  "$als" simulate --cards "$src/tests/sets/pending" --p1 "$agent" --p2 greedy --games 60 --seed 3 > pending.txt 2>&1
  expect_rc 0 $? "simulate the pending set with $agent"
  grep -q "failed" pending.txt && bad "$agent: $(grep failed pending.txt | head -c 400)" || ok
done

# API 5's copies (tests/sets/mimic): Mimic copies whatever it covers under every agent kind, and
# a set misdeclaring copies is refused at load, naming the file and card
for agent in random greedy mcts:iterations=30; do
  "$als" simulate --cards "$src/tests/sets/mimic" --p1 "$agent" --p2 greedy --games 60 --seed 4 > mimic.txt 2>&1
  expect_rc 0 $? "simulate the mimic set with $agent: $(tail -2 mimic.txt)"
  grep -q "failed" mimic.txt && bad "$agent: $(grep failed mimic.txt | head -c 400)" || ok
done
# API 6 (tests/sets/api6): replacements that ask the card's owner, effects that end when used,
# terms of play on the card, ongoing copiers, under every agent kind (a search's determinizations
# and re-runs included), with the Anchored and Theater Points house rules
for agent in random greedy mcts:iterations=30; do
  "$als" simulate --cards "$src/tests/sets/api6" --rules "$src/tests/sets/api6/rules/anchored.lua" \
    --rules "$src/tests/sets/api6/rules/theater_points.lua" --p1 "$agent" --p2 greedy --games 60 --seed 5 > api6.txt 2>&1
  expect_rc 0 $? "simulate the api6 set with $agent: $(tail -2 api6.txt)"
  grep -q "failed" api6.txt && bad "$agent: $(grep failed api6.txt | head -c 400)" || ok
done
# als cards --coverage (API 6's coverage check): a card whose branch no game reaches (a score
# no battle gives) and a house rule's hook whose branch no game reaches are listed, line by line
mkdir -p cov
printf 'return { name = "cov", api = 6, extends = "standard", theaters = { "air", "land", "sea" }, cards = { "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers", "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks", "late_bloomer" } }\n' > cov/set.lua
cat > cov/late_bloomer.lua <<'LUA'
return {
  name = "Late Bloomer", type = "sea", strength = 1, kind = "instant", text = "Gain 1 VP if you have 99 VP.",
  ability = function(g, this)
    local you = g:owner(this)
    if g:score(you) >= 99 then
      g:gain_vp(you, 1)
      g:log("bloomed")
    end
  end,
}
LUA
cat > cov/rule.lua <<'LUA'
return {
  turn_start = function(g, p)
    if g:score(p) > 1000 then
      g:log("never")
    end
  end,
}
LUA
"$als" cards --cards cov --rules cov/rule.lua --coverage --sample 40 --games 2 > cov.out 2>&1
expect_rc 0 $? "als cards --coverage: $(tail -3 cov.out)"
grep -q "late_bloomer.lua: 3 of 5 lines; not run: 6-7" cov.out && ok || bad "the card's unreached branch: $(grep -A3 late_bloomer.lua cov.out)"
grep -q "^       6  g:gain_vp(you, 1)" cov.out && ok || bad "the unreached line's text: $(cat cov.out | tail -12)"
grep -q "rule.lua: 2 of 3 lines; not run: 4" cov.out && ok || bad "the rule's unreached branch: $(grep rule.lua cov.out)"
grep -q "support.lua" cov.out && bad "a card without functions has no lines of code" || ok
"$als" cards --cards cov > nocov.out 2>&1
grep -q "^coverage" nocov.out && bad "coverage only when asked" || ok
"$als" cards --cards cov --coverage --sample 0 --games 0 > cov0.out 2>&1
grep -q "coverage: no games were played" cov0.out && ok || bad "no games: $(cat cov0.out | tail -3)"

copier_set() {  # FOLDER API KIND EXTRA: a set of the standard cards and one copier
  mkdir -p "$1"
  printf 'return { name = "c", api = %s, extends = "standard", theaters = { "air", "land", "sea" }, cards = { "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers", "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks", "copier" } }\n' "$2" > "$1/set.lua"
  printf 'return { name = "Copier", type = "land", strength = 1, kind = "%s", text = "", copies = function(g, this) return nil end%s }\n' "$3" "$4" > "$1/copier.lua"
}
copier_set low 4 ongoing ""
copier_set kinded 5 triggered ", triggers = { played = function() end }"
copier_set owned 5 ongoing ", ongoing = { bonus = { theaters = \"adjacent\", amount = 1 } }"
copier_set fine 5 ongoing ""
for case in "low:'copies' needs api = 5 in set.lua" "kinded:a card whose ability is 'copies' is kind = \"ongoing\"" \
            "owned:a card that copies has the ongoing effects and triggers of the card it copies"; do
  folder=${case%%:*}; want=${case#*:}
  "$als" simulate --cards "$folder" --games 1 > copier.txt 2>&1
  expect_rc 2 $? "the $folder copier is refused: $(head -c 300 copier.txt)"
  grep -qF "$want" copier.txt && grep -qF "copier.lua (card copier)" copier.txt && ok || bad "$folder: $(head -c 400 copier.txt)"
done
copier_set handed 4 triggered ", hand_triggers = { played = function() end }"
copier_set twice 5 triggered ", triggers = { played = function() end }, hand_triggers = { played = function() end }"
for case in "handed:hand_triggers need api = 5 in set.lua" "twice:'played' is both a trigger and a hand trigger"; do
  folder=${case%%:*}; want=${case#*:}
  sed -i 's/copies = function(g, this) return nil end, //' "$folder/copier.lua"
  "$als" simulate --cards "$folder" --games 1 > copier.txt 2>&1
  expect_rc 2 $? "the $folder hand trigger is refused: $(head -c 300 copier.txt)"
  grep -qF "$want" copier.txt && grep -qF "copier.lua (card copier)" copier.txt && ok || bad "$folder: $(head -c 400 copier.txt)"
done
# hand triggers (tests/sets/reactions): Ambush Party reacts from the hand under every agent kind
for agent in random greedy mcts:iterations=30; do
  "$als" simulate --cards "$src/tests/sets/reactions" --p1 "$agent" --p2 mcts:iterations=30 --games 40 --seed 4 > reactions.txt 2>&1
  expect_rc 0 $? "simulate the reactions set with $agent: $(tail -2 reactions.txt)"
  grep -q "failed" reactions.txt && bad "$agent: $(grep failed reactions.txt | head -c 400)" || ok
done
"$als" simulate --cards fine --games 20 > copier.txt 2>&1
expect_rc 0 $? "a copier that copies nothing plays: $(head -c 300 copier.txt)"

# simulate: with a target of 30 VP, some games end by the streak (three battles of 6 VP are 18:
# under long-war's 18 a streak from 0 VP meets the target itself, and decides nothing), the rest by VP
high="$src/tests/sets/rules/win_vp.lua"
"$als" simulate --cards "$set_dir" --rules "$high" --param win_vp=30 --rules "$streak" --games 400 --seed 3 > sim.txt 2>&1
expect_rc 0 $? "simulate with a game_over hook"
grep -Eq "games ended by: three battles in a row [0-9]+ vp target [0-9]+" sim.txt && ok || bad "simulate's text: $(grep 'ended by' sim.txt)"
"$als" simulate --cards "$set_dir" --rules "$high" --param win_vp=30 --rules "$streak" --games 400 --seed 3 --json > sim.json 2>&1
python3 - sim.json <<'PY' && ok || bad "simulate's JSON game_ends: $(head -c 300 sim.json)"
import json, sys
j = json.load(open(sys.argv[1]))
ends = j["game_ends"]
assert ends["three battles in a row"] > 0 and ends["three battles in a row"] + ends["vp target"] == j["games"], ends
assert j["sums"]["game_reasons"]["three battles in a row"] == ends["three battles in a row"]
PY
# compare: each variant's games by how they ended (text and JSON)
base="$set_dir+$high"
"$als" compare "$base" "$base+$streak" --param win_vp=30 --games 200 --seed 3 --json > cmp.json 2>&1
python3 - cmp.json <<'PY' && ok || bad "compare's game_ends: $(head -c 300 cmp.json)"
import json, sys
v = json.load(open(sys.argv[1]))["variants"]
assert v[0]["game_ends"] == {"vp target": 200}, v[0]["game_ends"]
assert v[1]["game_ends"]["three battles in a row"] > 0 and sum(v[1]["game_ends"].values()) == 200, v[1]["game_ends"]
PY
"$als" compare "$base" "$base+$streak" --param win_vp=30 --games 200 --seed 3 > cmp.txt 2>&1
grep -A2 "games ended by" cmp.txt | grep -Eq "three battles in a row [0-9.]+%" && ok || bad "compare's text: $(grep -A2 'games ended' cmp.txt)"
# a deal hook (a draft): the cards its questions put into hands count as dealt, so unplayed_rate
# has data (not 0 with an interval of 0 to 1)
"$als" simulate --cards "$set_dir" --rules "$set_dir/rules/draft.lua" --p1 greedy --p2 greedy --games 300 --seed 1 --json > draft.json 2>&1
python3 - draft.json <<'PY' && ok || bad "unplayed_rate under a draft: $(head -c 300 draft.json)"
import json, sys
cards = json.load(open(sys.argv[1]))["card_measures"]
assert all(c["unplayed_rate"] is not None and c["unplayed_rate"]["high"] < 0.5 for c in cards.values()), cards["support"]
PY
# without the hook: every game by the VP target, and no "games ended by" line
"$als" simulate --cards "$set_dir" --games 200 --seed 3 > plain.txt 2>&1
grep -q "games ended by" plain.txt && bad "a line about game ends without a game_over hook" || ok

# a record keeps the reason and replays
found=0
for seed in $(seq 1 20); do
  "$als" play --cards "$set_dir" --rules long-war --rules "$streak" --p1 random --p2 random --seed "$seed" --log rec.jsonl > play.txt 2>&1 || continue
  grep -q '"reason":"three battles in a row"' rec.jsonl || continue
  found=1
  grep -q "game over: player [12] wins [0-9]*-[0-9]* (three battles in a row)" play.txt && ok || bad "the terminal's line: $(grep 'game over' play.txt)"
  "$als" replay rec.jsonl --cards "$set_dir" --rules long-war --rules "$streak" > replay.txt 2>&1
  expect_rc 0 $? "replaying a game a game_over hook ended: $(tail -2 replay.txt)"
  break
done
[ "$found" -eq 1 ] && ok || bad "no game of 20 ended by the streak"

# als serve: game_over has the reason
printf '{"type":"new_game","p1":"random","p2":"random","cards":"%s","rules":["long-war","%s"],"seed":%d}\n{"type":"quit"}\n' \
  "$set_dir" "$streak" "$seed" | "$als" serve --allow-path "$src/tests/sets" > serve.out 2>&1
grep '"type":"game_over"' serve.out | grep -q '"reason":"three battles in a row"' && ok || bad "serve's game_over: $(grep game_over serve.out)"
# issue 51: rules compose. Two rules' game_over hooks both end games (a hook that answers nil
# keeps the answer before it); battle_vp hooks run in order, each given the VP before it; a later
# rule without a hook keeps the earlier rule's (it dropped it).
R="$src/tests/sets/rules"
"$als" simulate --games 300 --seed 5 --p1 greedy --p2 greedy --rules "$R/end_after_two.lua" --rules "$R/end_on_withdrawal.lua" --json > both.json 2> both.err
expect_rc 0 $? "two game_over hooks: $(head -2 both.err)"
python3 - both.json <<'PY' && ok || bad "two game_over hooks both end games: $(grep -o '"game_ends":{[^}]*}' both.json)"
import json, sys
d = json.load(open(sys.argv[1]))
ends = d["game_ends"]
assert ends.get("two battles", 0) > 0 and ends.get("a withdrawal", 0) > 0, ends
assert d["battles_per_game"] <= 2, d["battles_per_game"]
PY
"$als" simulate --games 50 --seed 5 --rules "$R/vp_seven.lua" --rules "$R/vp_plus_one.lua" --json > vp.json 2> vp.err
expect_rc 0 $? "two battle_vp hooks: $(head -2 vp.err)"
python3 -c "import json,sys; d=json.load(open('vp.json')); v=d['measures']['vp_per_battle']['value']; sys.exit(0 if v == 8 else 1)" && ok \
  || bad "battle_vp hooks in order (7, then + 1): $(grep -o '"vp_per_battle":{[^}]*}' vp.json)"
echo "return {}" > nothing.lua
"$als" simulate --games 50 --seed 5 --rules "$R/end_after_two.lua" --rules ./nothing.lua --json > keep.json 2> keep.err
grep -q '"two battles":' keep.json && ok || bad "a later rule without the hook dropped it: $(grep -o '"game_ends":{[^}]*}' keep.json)"

# issue 51: a game_over reason is counted only where it decided the game: a hook that restates
# the VP target ("late") is not; one that ends games early ("two battles") is.
"$als" simulate --games 100 --seed 5 --rules "$R/late_reason.lua" --json > late.json 2> late.err
expect_rc 0 $? "a hook that restates the target: $(head -2 late.err)"
python3 -c "import json,sys; e=json.load(open('late.json'))['game_ends']; sys.exit(0 if e == {'vp target': 100} else 1)" && ok \
  || bad "a reason that decided nothing was counted: $(grep -o '"game_ends":{[^}]*}' late.json)"
"$als" simulate --games 100 --seed 5 --rules "$R/end_after_two.lua" --json > two.json 2> two.err
grep -q '"two battles":' two.json && ok || bad "a reason that ended games early was not counted: $(grep -o '"game_ends":{[^}]*}' two.json)"

summary
