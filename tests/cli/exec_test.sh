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
# Issue 52: programs are bounded and leave nothing behind.
# 1. one that never reads its input (it answers without end) blocked the engine for good once the
#    pipe was full: writes wait a decision's time at most
start=$(date +%s)
timeout 120 "$als" simulate --games 6 --p1 "exec:yes '{\"type\":\"act\",\"index\":0}',time=500" --p2 random --seed 1 --json > yes.json 2> yes.err
expect_rc 0 $? "a program that never reads: $(head -3 yes.err)"
grep -q '"agent_failures":{"timeout":[1-6]}' yes.json && ok || bad "never reads: $(grep -o '"agent_failures":[^}]*}' yes.json)"
grep -q '"error":"exec:yes .*: it read no input for 500 ms"' yes.json && ok || bad "never reads: the reason: $(grep -o '"first_agent_failure":[^}]*}' yes.json)"
[ $(( $(date +%s) - start )) -lt 60 ] && ok || bad "never reads: the run took $(( $(date +%s) - start )) s"
# 2. standard error: the first 64 KiB shown, escaped; the rest counted and dropped
cat > flood.sh <<'SH'
printf 'hello \033[2J\n' >&2
while read -r line; do
  case "$line" in *'"type":"decision"'*) head -c 200000 /dev/zero | tr '\0' x >&2; echo '{"type":"act","index":0}' ;; esac
done
SH
"$als" simulate --games 2 --p1 "exec:sh flood.sh" --p2 random --seed 1 > flood.out 2> flood.err
expect_rc 0 $? "a program flooding its standard error"
[ "$(wc -c < flood.err)" -lt 70000 ] && ok || bad "standard error not capped: $(wc -c < flood.err) bytes"
grep -q 'hello \\x1b\[2J' flood.err && ! grep -q $'\033' flood.err && ok || bad "standard error not escaped: $(head -c 100 flood.err)"
grep -q "^als: exec:sh flood.sh: [0-9]* more bytes of its standard error dropped (the first 65536 shown)" flood.err \
  && ok || bad "the dropped bytes not said: $(tail -c 200 flood.err)"
# 3. what a program starts does not outlive it, even in a session of its own (setsid)
cat > orphan.sh <<'SH'
setsid sleep 307 < /dev/null > /dev/null 2>&1 &
while read -r line; do
  case "$line" in *'"type":"decision"'*) echo '{"type":"act","index":0}' ;; esac
done
SH
"$als" simulate --games 2 --p1 "exec:sh orphan.sh" --p2 random --seed 1 > orphan.out 2>&1
expect_rc 0 $? "a program starting a session of its own"
sleep 0.5
! pgrep -f "sleep 307" > /dev/null && ok || bad "a grandchild outlived the run: $(pgrep -af 'sleep 307')"
# 4. SIGTERM and SIGINT to the engine reach the program (one that ignores SIGTERM is killed after
#    a grace period), and everything it started
cat > stubborn.sh <<'SH'
trap '' TERM INT
setsid sleep 308 < /dev/null > /dev/null 2>&1 &
while read -r line; do
  case "$line" in *'"type":"decision"'*) sleep 0.01; echo '{"type":"act","index":0}' ;; esac
done
SH
for sig in TERM INT; do
  # (a shell starts a background job with SIGINT ignored: env gives it back, as at a terminal)
  env --default-signal=INT "$als" simulate --games 100000 --p1 "exec:sh stubborn.sh" --p2 random --seed 1 > stub.out 2>&1 &
  pid=$!
  for i in $(seq 50); do pgrep -f "sleep 308" > /dev/null && break; sleep 0.1; done
  pgrep -f "stubborn.sh" > /dev/null && ok || bad "$sig: the program did not start"
  kill -$sig $pid; wait $pid 2> /dev/null
  # (the engine waits for its programs to end: at once after it, nothing is left)
  ! pgrep -f "stubborn.sh|sleep 308" > /dev/null && ok || bad "SIG$sig: left running (its reaper included): $(pgrep -af 'stubborn.sh|sleep 308')"
done
# 4b. a program that kills its own reaper leaves nothing either: the engine takes what it started
cat > regicide.sh <<'SH'
trap '' TERM INT
p=$PPID
while [ "$p" -gt 1 ]; do
  if grep -qa __exec-reaper /proc/$p/cmdline 2> /dev/null; then kill -9 $p; break; fi
  p=$(cut -d' ' -f4 /proc/$p/stat)
done
setsid sleep 310 < /dev/null > /dev/null 2>&1 &
sleep 311 < /dev/null > /dev/null 2>&1 &
while read -r line; do
  case "$line" in *'"type":"decision"'*) echo '{"type":"act","index":0}' ;; esac
done
sleep 312
SH
"$als" simulate --games 2 --p1 "exec:sh regicide.sh" --p2 random --seed 1 > regicide.out 2>&1
expect_rc 0 $? "a program that kills its reaper"
! pgrep -f "regicide.sh|sleep 31[012]" > /dev/null && ok || bad "a program that killed its reaper left: $(pgrep -af 'regicide.sh|sleep 31[012]')"
env --default-signal=INT "$als" simulate --games 100000 --p1 "exec:sh regicide.sh" --p2 random --seed 1 > regicide.out 2>&1 &
pid=$!
for i in $(seq 50); do pgrep -f "sleep 310" > /dev/null && break; sleep 0.1; done
kill -TERM $pid; wait $pid 2> /dev/null
sleep 0.2  # (the engine's handler kills what the killed reaper left at once; the kernel takes a moment)
! pgrep -f "regicide.sh|sleep 31[012]" > /dev/null && ok || bad "SIGTERM: a program that killed its reaper left: $(pgrep -af 'regicide.sh|sleep 31[012]')"
# 5. the engine's reason for an illegal answer reaches the program's author: the program (an
#    error message), the summary, the terminal and the record
cat > wrongid.sh <<'SH'
while read -r line; do
  case "$line" in
    *'"type":"error"'*) echo "told: $line" >&2 ;;
    *'"type":"decision"'*) echo '{"type":"act","id":99999}' ;;
  esac
done
SH
"$als" simulate --games 2 --p1 "exec:sh wrongid.sh" --p2 random --seed 1 > wrong.out 2> wrong.err
grep -q 'the first: game 0: exec:sh wrongid.sh: id 99999 is not legal now' wrong.out && ok || bad "the summary: $(grep -A1 failing wrong.out)"
grep -q 'told: {"message":"id 99999 is not legal now","type":"error"}' wrong.err && ok || bad "the program was not told: $(head -3 wrong.err)"
printf '1\n' | "$als" play --p2 "exec:sh wrongid.sh" --p1 random --seed 3 --log wrong.jsonl --color never > wplay.txt 2>&1
grep -q "exec:sh wrongid.sh: id 99999 is not legal now" wplay.txt && ok || bad "the terminal: $(tail -3 wplay.txt)"
grep -q '"detail":"exec:sh wrongid.sh: id 99999 is not legal now"' wrong.jsonl && ok || bad "the record: $(grep forfeit wrong.jsonl)"
"$als" replay wrong.jsonl > wreplay.txt 2>&1
expect_rc 0 $? "replay of a record with a forfeit's detail: $(cat wreplay.txt)"
summary
