#!/usr/bin/env bash
# exec:COMMAND agents with programs written in shell (no Python: this runs in the sanitizer build
# too): one that answers every decision with its first legal action, one that stops, one that
# hangs, one that answers nonsense; the failing ones lose their games and the run goes on.
# Usage: exec_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
cd "$tmp"
cat > first.sh <<'SH'
while read -r line; do
  case "$line" in *'"type":"decision"'*) echo '{"type":"act","index":0}' ;; esac
done
SH
cat > stops.sh <<'SH'
read -r line; read -r line; exit 0
SH
cat > hangs.sh <<'SH'
sleep 30
SH
cat > nonsense.sh <<'SH'
while read -r line; do echo 'not json'; done
SH
"$als" simulate --games 4 --p1 "exec:sh first.sh" --p2 random --seed 1 --json > first.json 2> first.err
expect_rc 0 $? "a program answering every decision: $(head -3 first.err)"
grep -q '"agent_failures":{}' first.json && ok || bad "failures counted for a program that answered: $(grep -o '"agent_failures":[^}]*}' first.json)"
for case in "stops crash" "hangs timeout" "nonsense illegal"; do
  set -- $case
  start=$(date +%s)
  "$als" simulate --games 3 --p1 "exec:sh $1.sh,time=300" --p2 random --seed 1 --json > "$1.json" 2> "$1.err"
  expect_rc 0 $? "$1: $(head -3 "$1.err")"
  grep -q "\"agent_failures\":{\"$2\":3}" "$1.json" && ok || bad "$1: $(grep -o '"agent_failures":[^}]*}' "$1.json")"
  [ $(( $(date +%s) - start )) -lt 60 ] && ok || bad "$1: the run took $(( $(date +%s) - start )) s"
done
# the terminal: a human against a program that stops; the record says so and replays
printf '1\n1\n1\n1\n1\n' | "$als" play --p2 "exec:sh stops.sh" --seed 3 --log rec.jsonl --color never > play.txt 2>&1
grep -q "player 2's program stopped: it loses the game" play.txt && ok || bad "terminal: $(tail -3 play.txt)"
grep -q '"type":"forfeit"' rec.jsonl && ok || bad "no forfeit line in the record"
"$als" replay rec.jsonl > replay.txt 2>&1
expect_rc 0 $? "replay of a forfeit: $(cat replay.txt)"
"$als" simulate --games 1 --p1 "exec:" > bad.txt 2>&1
expect_rc 2 $? "exec: with no command"
summary
