#!/usr/bin/env bash
# Hostile inputs, round 6, at the command line: each check once failed.
# Usage: hostile6_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
cd "$tmp"

# A record's own text reaches no terminal raw: a forged takeback line's escape sequences (title,
# clear screen) are shown escaped by als review, as replay --show shows them.
python3 - "$src/tests/records/standard-seed11.jsonl" forged.jsonl <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
lines.insert(2, json.dumps({"type": "undo", "player": 1, "undone": ["deploy \u001b]0;pwned\u0007\u001b[2J x\nfake"]}))
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
"$als" review forged.jsonl --iterations 5 > review.out 2>&1; expect_rc 0 $? "review of a forged takeback"
grep -q 'took back 1 action: deploy \\x1b\]0;pwned\\x07\\x1b\[2J x fake' review.out && ok || bad "review: $(grep takeback review.out | cat -v)"
python3 -c "import sys; d = open('review.out', 'rb').read(); sys.exit(any(b < 32 and b not in (9, 10) for b in d))" &&
  ok || bad "review printed a control character"
# ... and a mismatch quoting the record's text
sed '3s/"action":"[^"]*"/"action":"deploy \\u001b[2Jx"/' "$src/tests/records/standard-seed11.jsonl" > esc.jsonl
"$als" replay esc.jsonl > esc.out 2>&1; expect_rc 1 $? "replay of an escaping action"
grep -q 'deploy \\x1b\[2Jx' esc.out && ok || bad "replay: $(cat -v esc.out)"

# A 5 MB line at als play is refused before any matching (it once ran for minutes), the game goes on.
python3 -c "print('deploy ' + 'x' * 5000000); print('withdraw'); print('y')" > long.in
timeout 20 "$als" play --seed 1 --p2 random --no-history < long.in > long.out 2>&1; expect_rc 0 $? "play: a 5 MB line"
grep -q "that line is longer than 1000 characters" long.out && grep -q "player 1 withdraws" long.out &&
  ok || bad "play: a 5 MB line: $(tail -c 300 long.out)"
# ... and a line with no end at all is read no further than its limit (memory stays small)
python3 -c "import sys; sys.stdout.write('d' * 50000000)" > endless.in
timeout 20 "$als" play --seed 1 --p2 random --no-history < endless.in > endless.out 2>&1; expect_rc 0 $? "play: an endless line"

summary
