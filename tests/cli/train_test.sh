#!/usr/bin/env bash
# als train (docs/agents.md, "A learned value"): a value for a house rule's game, written into the
# values folder by the game's content hash; the default search then finds it (als compare says so
# in every variant); a stopped or shorter run goes on from the games played; refusals. Needs
# PyTorch and the Python module: skipped (77) without them, unless ALS_REQUIRE_PYTHON=1.
# Usage: train_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
cd "$tmp"
if ! PYTHONPATH="$(dirname "$als")/python" /usr/bin/python3 -c "import als, torch" 2> /dev/null; then
  echo "PyTorch or the Python module is not there"
  [ "${ALS_REQUIRE_PYTHON:-}" = 1 ] && exit 1 || exit 77
fi
export ALS_VALUES="$tmp/values"
"$als" train standard+long-war --games 6 --agent greedy --workers 1 --epochs 1 > t1.out 2> t1.err
expect_rc 0 $? "als train standard+long-war: $(tail -3 t1.err)"
hash=$(grep -o "content hash [0-9a-f]*" t1.err | head -n 1 | cut -d' ' -f3)
[ -n "$hash" ] && [ -f "$ALS_VALUES/$hash.txt" ] && ok || bad "no value written for the game's hash ($hash): $(ls -R "$ALS_VALUES")"
head -n 2 "$ALS_VALUES/$hash.txt" | grep -q "^game $hash$" && ok || bad "the value does not name its game: $(head -c 100 "$ALS_VALUES/$hash.txt")"
grep -q "the learned value for standard+long-war is $ALS_VALUES/$hash.txt" t1.out && ok || bad "where it was written not said: $(cat t1.out)"
grep -q "6 games played" t1.err && ok || bad "progress not shown: $(cat t1.err)"
head -n 3 "$ALS_VALUES/$hash.txt" | grep -q "^recipe als train --minutes 20 --games 6 --agent greedy --seed 1 --hidden 32 --epochs 1, 6 games$" \
  && ok || bad "the value's recipe: $(head -n 3 "$ALS_VALUES/$hash.txt" | cut -c1-120)"
# the default search finds it; a comparison plays values as one player's only where they were
# trained alike: against standard's built-in network, playouts everywhere, and said why
"$als" compare standard standard+long-war --agents mcts:iterations=20 --games 2 > c.out 2>&1
tr "\n" " " < c.out | grep -q "playouts in *every variant: value=none, since its learned values were trained *differently (standard: the built-in *network; standard+long-war: als train" \
  && ok || bad "values trained differently not said: $(grep -A3 'values a position' c.out)"
# two variants each with a value trained alike: both played with them
"$als" train standard+beginner --games 6 --agent greedy --workers 1 --epochs 1 > t3.out 2> t3.err
expect_rc 0 $? "als train standard+beginner: $(tail -3 t3.err)"
"$als" compare standard+long-war standard+beginner --agents mcts:iterations=20 --games 2 > c3.out 2>&1
tr "\n" " " < c3.out | grep -q "mcts:iterations=20: learned value in every variant (als train --minutes 20 *--games 6" \
  && ok || bad "the values not found by compare: $(grep -A3 'values a position' c3.out)"
# without it, the rule's game is played by playouts, and the comparison says so
ALS_VALUES="$tmp/none" "$als" compare standard standard+long-war --agents mcts:iterations=20 --games 2 > c2.out 2>&1
tr "\n" " " < c2.out | grep -q "playouts in *every variant: value=none, since its learned value reads standard but not *standard+long-war" && ok || bad "no value, no playouts said: $(grep -A2 'values a position' c2.out)"
# a value trained for the standard game itself comes before the built-in one: then standard and a
# rule's game are compared with values trained alike
"$als" train standard --games 6 --agent greedy --workers 1 --epochs 1 > t4.out 2> t4.err
expect_rc 0 $? "als train standard: $(tail -3 t4.err)"
"$als" compare standard standard+long-war --agents mcts:iterations=20 --games 2 > c4.out 2>&1
tr "\n" " " < c4.out | grep -q "mcts:iterations=20: learned value in every variant (als train --minutes 20 *--games 6" \
  && ok || bad "the standard game's own trained value not preferred: $(grep -A3 'values a position' c4.out)"
rm "$ALS_VALUES/$(grep -o "content hash [0-9a-f]*" t4.err | head -n 1 | cut -d' ' -f3).txt"
# a longer run goes on from the games played
"$als" train standard+long-war --games 10 --agent greedy --workers 1 --epochs 1 > t2.out 2> t2.err
expect_rc 0 $? "als train, going on"
grep -q "6 games already played" t2.err && grep -q "10 games played" t2.err && ok || bad "the second run did not go on: $(cat t2.err)"
# values that learned from different numbers of games are different players: playouts everywhere
"$als" compare standard+long-war standard+beginner --agents mcts:iterations=20 --games 2 > c7.out 2>&1
tr "\n" " " < c7.out | grep -q "playouts in *every variant: value=none, since its learned values were trained *differently" \
  && ok || bad "10 games and 6 games taken as one player: $(grep -A4 'values a position' c7.out)"
# --values names the folder on any command that plays
env -u ALS_VALUES "$als" compare standard+long-war standard+long-war --agents mcts:iterations=20 --games 2 --values "$ALS_VALUES" > c5.out 2>&1
tr "\n" " " < c5.out | grep -q "learned value in every variant (als train" && ok || bad "--values: $(grep -A3 'values a position' c5.out)"
env -u ALS_VALUES "$als" compare standard+long-war standard+long-war --agents mcts:iterations=20 --games 2 > c6.out 2>&1
tr "\n" " " < c6.out | grep -q "learned value in every variant" && bad "found without --values: $(grep -A3 'values a position' c6.out)" || ok
# refusals
"$als" train > r.out 2> r.err; expect_rc 2 $? "als train without a game"
grep -q "name the game" r.err && ok || bad "no game: $(cat r.err)"
"$als" train nosuchset > r.out 2> r.err; expect_rc 2 $? "als train nosuchset"
"$als" train standard --minutes 0 > r.out 2> r.err; expect_rc 2 $? "als train --minutes 0"
"$als" train 'standard?x=1' > r.out 2> r.err; expect_rc 2 $? "als train with a param no file declares"
grep -q "x" r.err && ok || bad "an undeclared param: $(cat r.err)"
# a variant's params (?NAME=VALUE, --param): their own game, its own hash, found by compare there
tuning="$src/docs/examples/tuning"
"$als" train "$tuning?medic_strength=3" --games 6 --agent greedy --workers 1 --epochs 1 > p1.out 2> p1.err
expect_rc 0 $? "als train with ?medic_strength=3: $(tail -3 p1.err)"
"$als" train "$tuning" --param medic_strength=5 --games 6 --agent greedy --workers 1 --epochs 1 > p2.out 2> p2.err
expect_rc 0 $? "als train with --param medic_strength=5: $(tail -3 p2.err)"
h3=$(grep -o "content hash [0-9a-f]*" p1.err | head -n 1 | cut -d' ' -f3)
h5=$(grep -o "content hash [0-9a-f]*" p2.err | head -n 1 | cut -d' ' -f3)
[ -n "$h3" ] && [ -n "$h5" ] && [ "$h3" != "$h5" ] && [ -f "$ALS_VALUES/$h3.txt" ] && [ -f "$ALS_VALUES/$h5.txt" ] \
  && ok || bad "params' games and values: $h3 $h5: $(ls "$ALS_VALUES")"
head -n 2 "$ALS_VALUES/$h5.txt" | grep -q "^game $h5$" && ok || bad "the param's value names another game: $(head -n 2 "$ALS_VALUES/$h5.txt")"
"$als" compare "$tuning?medic_strength=3" "$tuning?medic_strength=5" --agents mcts:iterations=20 --games 2 > p3.out 2>&1
tr "\n" " " < p3.out | grep -q "mcts:iterations=20: learned value in every variant (als train" \
  && ok || bad "the params' values not found by compare: $(grep -A3 'values a position' p3.out)"
"$als" compare "$tuning?medic_strength=3" "$tuning?medic_strength=4" --agents mcts:iterations=20 --games 2 > p4.out 2>&1
tr "\n" " " < p4.out | grep -q "learned value in every variant" && bad "a value found for an untrained param value: $(grep -A3 'values a position' p4.out)" || ok
summary
