#!/usr/bin/env bash
# The search never fails on a legal script (issue 71): a card whose question depends on a card
# its player cannot see, and Mimic, which uses the ability of the hidden card it covers, in
# self-play of the search; als cards checks a set with the search and says what it met.
# Usage: search_test.sh ALS SRC GAMES (GAMES: Mimic's self-play games; fewer in the sanitizer build)
source "$(dirname "$0")/harness.sh" "$@"
games=${3:-200}
cd "$tmp"
no_failure() {  # no_failure WHAT FILE: simulate's --json has every game and no failed one
  python3 - "$2" "$3" <<'PY' && ok || bad "$1: $(head -c 600 "$2")"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["games"] == int(sys.argv[2]) and r.get("failed_games", 0) == 0, (r["games"], r.get("first_failure"))
PY
}
# Scout asks a theater or a card by the deck's top card: once 12 of 20 games failed ("the ability
# asked a different question when re-run"); the search now counts such a world even and plays on.
"$als" simulate --cards "$src/tests/sets/hidden_question" --games 20 --seed 1 --threads 2 \
  --p1 mcts:iterations=100 --p2 mcts:iterations=100 --json > hq.json 2> hq.err
no_failure "hidden_question under the search" hq.json 20
# Mimic (tests/sets/mimic) with g:use_ability: once 1 game in 200 failed the same way.
"$als" simulate --cards "$src/tests/sets/mimic" --games "$games" --seed 5 --threads 2 \
  --p1 mcts:iterations=300 --p2 mcts:iterations=300 --json > mimic.json 2> mimic.err
no_failure "mimic, $games games of mcts:iterations=300" mimic.json "$games"
# ... and under greedy and the frozen searches
for agent in greedy mcts-v1:100 mcts-v2:100; do
  "$als" simulate --cards "$src/tests/sets/hidden_question" --games 20 --seed 2 --p1 "$agent" --p2 "$agent" --json > a.json 2> a.err
  no_failure "hidden_question under $agent" a.json 20
done

# als cards plays the search against itself: a question that depends on a hidden card is said,
# with the command that plays that game again ...
"$als" cards --cards "$src/tests/sets/hidden_question" > cards.out 2>&1; expect_rc 0 $? "als cards: hidden_question"
tr '\n' ' ' < cards.out | sed 's/  */ /g' > cards.flat
grep -q "note: in game [0-9]* of the search's sample, [0-9]* iterations\? met a world whose re-run asked another question (card scout" cards.flat &&
  grep -q "als play --cards $src/tests/sets/hidden_question --seed [0-9]* --p1 mcts:iterations=100 --p2 mcts:iterations=100" cards.flat &&
  ok || bad "als cards: hidden_question: $(cat cards.out | tail -n 12)"
# ... a standard set says nothing of it ...
"$als" cards > std.out 2>&1; expect_rc 0 $? "als cards: standard"
grep -q "^note:" std.out && bad "als cards: standard has a note: $(grep -A3 '^note' std.out)" || ok
grep -q "20 games of the search against itself" std.out && ok || bad "als cards: the search's sample: $(tail -n 1 std.out)"
# ... and a script that fails in the search's games fails the check, with the command that replays it
"$als" cards --sample 0 --games 2 --rules "$src/tests/hostile/rules/fails_played_out.lua" > fail.out 2>&1
expect_rc 2 $? "als cards: a failing rule"
grep -q "^als cards: game 1 of the search's sample fails: .*no battle may be played out" fail.out &&
  grep -q "play it again: als play --cards standard --rules $src/tests/hostile/rules/fails_played_out.lua --seed 1000 --p1 mcts:iterations=100 --p2 mcts:iterations=100" fail.out &&
  ok || bad "als cards: a failing rule: $(cat fail.out)"
"$als" cards --games -1 > /dev/null 2>&1; expect_rc 2 $? "als cards --games -1"
summary
