#!/usr/bin/env bash
# Battle 1's opening (the deal, what battle_start and turn_start hooks do and log before the first
# decision) appears wherever battle 2's does: at the terminal, in --watch, in records (and their
# replay) and in als serve's events. Usage: opening_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
rule="$src/tests/sets/rules/opening.lua"
cd "$tmp"

# the terminal: each battle's header, then its hook lines, then the first action
"$als" play --rules "$rule" --p1 random --p2 random --seed 3 > t.txt; expect_rc 0 $? "play"
for n in 1 2; do
  grep -A2 "^battle $n: theaters" t.txt | sed -n 3p | grep -q "^battle $n opens (by house rule)$" && ok ||
    bad "battle $n's opening at the terminal: $(grep -A3 "^battle $n: theaters" t.txt)"
done
[ "$(grep -c '^house rule (battle_start)$' t.txt)" -eq "$(grep -c '^battle [0-9]*: theaters' t.txt)" ] && ok ||
  bad "not every battle's battle_start shown"
# --watch and a human through a pipe show it too
"$als" play --rules "$rule" --p1 random --p2 random --seed 3 --watch > w.txt
grep -q "^battle 1 opens (by house rule)$" w.txt && ok || bad "--watch lacks battle 1's opening"
yes 1 | "$als" play --rules "$rule" --p2 random --seed 3 > h.txt 2>&1
grep -q "^battle 1 opens (by house rule)$" h.txt && ok || bad "a human's screen lacks battle 1's opening"
[ "$(grep -n '^battle 1 opens' h.txt | cut -d: -f1)" -lt "$(grep -n '^Your turn' h.txt | head -1 | cut -d: -f1)" ] && ok ||
  bad "battle 1's opening comes after the first decision"

# records: the opening's log lines follow the header, and the record replays (a record lacking
# them does not)
"$als" play --rules "$rule" --p1 random --p2 random --seed 3 --log r.jsonl > /dev/null
sed -n 2p r.jsonl | grep -q '"text":"battle 1 opens"' && ok || bad "record line 2: $(sed -n 2p r.jsonl)"
sed -n 3p r.jsonl | grep -q '"text":"turn of player' && ok || bad "record line 3: $(sed -n 3p r.jsonl)"
grep -q '"digest":2,' r.jsonl && ok || bad "the header lacks the digest version"
"$als" replay r.jsonl > /dev/null; expect_rc 0 $? "replay with the opening"
sed '2d' r.jsonl > cut.jsonl
"$als" replay cut.jsonl > cut.out; expect_rc 1 $? "a record without battle 1's opening"
grep -q "log line 'battle 1 opens', recorded 'turn of player 1'" cut.out && ok || bad "replay without the opening: $(cat cut.out)"

# als serve: the opening's events come after the game message and before the first decision
printf '{"type":"new_game","p1":"external","p2":"random","rules":["%s"],"seed":3}\n{"type":"quit"}\n' "$rule" |
  "$als" serve --allow-path "$src/tests/sets" > s.out
grep -n '"type":"game"\|battle 1 opens\|"type":"decision"' s.out | cut -d: -f1 | tr '\n' ' ' > order.txt
read -r game opens decision < order.txt
[ -n "${decision:-}" ] && [ "$game" -lt "$opens" ] && [ "$opens" -lt "$decision" ] && ok ||
  bad "serve's order of game, opening and decision: $(cat order.txt)"
summary
