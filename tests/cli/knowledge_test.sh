#!/usr/bin/env bash
# Messages a seat reads never name a card that seat does not know (engine/core/knowledge.h,
# Engine::message_for): a script that fails on a card of the opponent's hidden hand, at the
# terminal and through als serve. Usage: knowledge_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
set_dir="$src/tests/sets/hidden_error"
hidden='alpha|bravo|charlie|delta|echo|foxtrot|golf'
cd "$tmp"

# a human whose saboteur fails on the opponent's hand: told where the card is, never which
found=0
for seed in $(seq 1 8); do
  printf 'deploy saboteur air\n' | "$als" play --cards "$set_dir" --p2 random --seed "$seed" > h.txt 2>&1
  grep -q "script error" h.txt || continue
  found=$((found + 1))
  grep "script error" h.txt | grep -Eq "'($hidden)'|\b($hidden)\b" && bad "seed $seed names a hidden card: $(grep 'script error' h.txt)"
  grep "script error" h.txt | grep -q "a card in player 2's hand is not on the board" && ok ||
    bad "seed $seed: $(grep 'script error' h.txt)"
done
[ "$found" -ge 2 ] && ok || bad "only $found games reached the saboteur's error"

# with no human seat the program is omniscient: the card is named
found=0
for seed in $(seq 1 12); do
  "$als" play --cards "$set_dir" --p1 random --p2 random --seed "$seed" > r.txt 2>&1
  grep "script error" r.txt | grep -Eq "card '($hidden)' is not on the board" && found=1 && break
done
[ "$found" -eq 1 ] && ok || bad "no omniscient game named the card"

# als serve: the refusal sent to the seat that acted
for seed in $(seq 1 8); do
  printf '{"type":"new_game","p1":"external","p2":"random","cards":"%s","seed":%d}\n{"type":"act","action":"deploy saboteur air"}\n{"type":"quit"}\n' \
    "$set_dir" "$seed" | "$als" serve --allow-path "$src/tests/sets" > s.out 2>&1
  grep -q "the action was refused" s.out || continue
  grep "the action was refused" s.out | grep -Eq "'($hidden)'" && bad "serve, seed $seed, names a hidden card" ||
    { grep "the action was refused" s.out | grep -q "a card in player 2's hand" && ok || bad "serve: $(grep refused s.out)"; }
  served=1
done
[ "${served:-0}" -eq 1 ] && ok || bad "no served game reached the saboteur's error"
# API 4: a hand shown to the human is named at the terminal, marked as known; when its holder
# then improvises, none of its cards is known card by card any more (ruling 30): the terminal
# shows the deduction instead, every shown card among the facedown card and the hand, one each
# (tests/sets/api4's spy, in the first deal where player 2 answers by improvising)
found=0
for seed in $(seq 1 40); do
  printf 'deploy spy sea\n' | "$als" play --cards "$src/tests/sets/api4" --p2 random --seed "$seed" --color never > spy.txt 2>&1
  grep -q "is shown to player 1 (by spy)" spy.txt && grep -q "player 2 improvises a card facedown" spy.txt || continue
  found=1
  shown=$(grep -c "in player 2's hand is shown to player 1 (by spy)" spy.txt)
  line=$(grep "opponent's hand: $((shown - 1)) cards" spy.txt | tail -1)
  [ -n "$line" ] && ! echo "$line" | grep -q "you know" && ok || bad "seed $seed: $shown shown, then: $line"
  deduced=$(awk '/^you deduce:/ {f = 1} f {printf "%s ", $0} f && /one each\)/ {exit}' spy.txt | tr -s ' ')
  cards=$(echo "$deduced" | sed 's/you deduce: \(.*\) are among.*/\1/' | tr -d ' ' | tr ',' '\n' | sort)
  want=$(grep "in player 2's hand is shown to player 1 (by spy)" spy.txt | cut -d' ' -f1 | sort)
  [ -n "$cards" ] && [ "$cards" = "$want" ] && ok || bad "seed $seed: deduced '$cards', shown '$want'"
  echo "$deduced" | grep -q "the opponent's facedown card in sea (1st from the bottom), $((shown - 1)) cards of the opponent's hand (one each)" &&
    ok || bad "seed $seed: the deduction's places: $deduced"
  grep -q "opponent: ~?" spy.txt && ok || bad "seed $seed: the improvised card is named: $(grep 'opponent:' spy.txt)"
  break
done
[ "$found" -eq 1 ] && ok || bad "no deal had spy shown a hand and player 2 improvise"
summary
