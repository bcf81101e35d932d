#!/usr/bin/env bash
# Records written by the release before this one (tests/records) replay with this als: actions,
# results and, where the digest version matches, every state's digest. Usage: records_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
ex="$src/docs/examples"
replay() {  # replay FILE [als replay options]
  local f="$src/tests/records/$1"; shift
  "$als" replay "$f" "$@" > "$tmp/out.txt" 2>&1; local rc=$?
  [ "$rc" -eq 0 ] && grep -q "every result and state matches" "$tmp/out.txt" && ok ||
    bad "$(basename "$f") (exit $rc): $(tail -n 2 "$tmp/out.txt")"
}
replay standard-seed11.jsonl
replay original-seed12.jsonl
replay beginner-seed13.jsonl
replay supply-lines-seed14.jsonl --cards "$ex/supply-lines"
replay field-command-seed15.jsonl --cards "$ex/field-command" --rules "$ex/field-command/rules/short-battles.lua"
replay frontier-seed16.jsonl --cards "$ex/frontier" --rules "$ex/frontier/rules/mulligan.lua"
# every kept record is replayed above
n=$(ls "$src"/tests/records/*.jsonl | wc -l)
[ "$n" -eq 6 ] && ok || bad "tests/records holds $n records; records_test.sh replays 6"
# a record whose action was changed does not replay (the test can fail)
sed '3s/"action":"[^"]*"/"action":"withdraw"/' "$src/tests/records/standard-seed11.jsonl" > "$tmp/bad.jsonl"
"$als" replay "$tmp/bad.jsonl" > /dev/null 2>&1; expect_rc 1 $? "a changed record"
summary
