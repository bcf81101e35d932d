#!/usr/bin/env bash
# Hostile inputs, round 3, at the command line: each check once failed, overflowed or misled.
# Usage: hostile3_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
cd "$tmp"

# Names a game's scripts make live as long as the game: a house rule naming fresh counters on
# every call once failed every game after about the 1,000th ("more than 65,535 distinct names").
fresh="$src/tests/sets/rules/fresh_names.lua"
"$als" simulate --games 100000 --seed 1 --rules "$fresh" --json > fresh.json 2> fresh.err; expect_rc 0 $? "simulate: fresh names"
python3 - fresh.json <<'PY' && ok || bad "fresh names: $(head -c 400 fresh.err)"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["games"] == 100000 and r.get("failed_games", 0) == 0, (r["games"], r.get("failed_games"))
PY
# ... a set whose card ability does the same (its old failures: 16,777 of 100,000 games)
"$als" simulate --cards "$src/tests/sets/fresh_names" --games 100000 --seed 1 --json > fresh2.json 2> fresh2.err
python3 - fresh2.json <<'PY' && ok || bad "fresh names (a card): $(head -c 400 fresh2.err)"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["games"] == 100000 and r.get("failed_games", 0) == 0, (r["games"], r.get("failed_games"))
PY
# ... and in one als serve session, game after game
python3 - "$als" "$fresh" <<'PY' && ok || bad "serve: fresh names"
import json, subprocess, sys
als, rule = sys.argv[1:]
p = subprocess.Popen([als, "serve", "--allow-path", rule.rsplit("/", 1)[0]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write(json.dumps({"type": "new_games", "count": 3000, "seed": 5, "rules": [rule], "p1": "random", "p2": "random", "events": False}) + "\n")
p.stdin.write('{"type":"quit"}\n')
p.stdin.close()
ends = [json.loads(l) for l in p.stdout if '"game_over"' in l or '"error"' in l]
p.wait()
assert len(ends) == 3000 and all(m["type"] == "game_over" for m in ends), [m for m in ends if m["type"] != "game_over"][:2]
PY

# --games past what a run may plan is refused (it once overflowed the progress total)
for cmd in "simulate" "compare standard standard+long-war" "tournament random greedy"; do
  "$als" $cmd --games 9223372036854775807 > g.out 2>&1; expect_rc 2 $? "$cmd --games 2^63-1"
  grep -q -- '--games .*1000000000000' g.out && ok || bad "$cmd --games 2^63-1: $(head -c 300 g.out)"
done

# --merge checks a shard's header and numbers before it believes them. Each case changes one
# thing in real shards (simulate's s1/s2, compare's c1/c2) and expects exit 2 and a message.
"$als" simulate --games 40 --seed 2 --shard 1/2 --json > s1.json && "$als" simulate --games 40 --seed 2 --shard 2/2 --json > s2.json
"$als" compare standard standard+long-war --games 40 --seed 2 --agent random --shard 1/2 --json > c1.json &&
  "$als" compare standard standard+long-war --games 40 --seed 2 --agent random --shard 2/2 --json > c2.json
edit() {  # edit IN OUT PYTHON: OUT is IN's JSON after the statement (j is the document)
  python3 -c "import json, sys; j = json.load(open(sys.argv[1])); $3; json.dump(j, open(sys.argv[2], 'w'))" "$1" "$2"
}
refused() {  # refused WHAT PATTERN COMMAND...: exit 2, PATTERN in the output, the output short
  local what=$1 pattern=$2; shift 2
  timeout 60 "$@" > r.out 2>&1; expect_rc 2 $? "$what"
  grep -q -- "$pattern" r.out && [ "$(wc -c < r.out)" -lt 2000 ] && ok || bad "$what: $(head -c 400 r.out)"
}
"$als" simulate --merge s1.json s2.json --json > m.json; expect_rc 0 $? "simulate --merge of good shards"
# sums that overflow when added: release builds once printed "games": -1616 and exited 0
edit s1.json big1.json 'j["sums"]["games"] = 2**62 + 5; j["sums"]["wins"][0] = 2**62'
edit s2.json big2.json 'j["sums"]["games"] = 2**62 + 7; j["sums"]["wins"][0] = 2**62'
refused "merge: sums past 2^63" "overflow when added" "$als" simulate --merge big1.json big2.json
edit s1.json neg.json 'j["sums"]["games"] = -1616'
refused "merge: a negative count" "a field is missing or of the wrong type" "$als" simulate --merge neg.json s2.json
# a header without "cards" (or with a number for p1) once failed an assertion when printed (the fuzzer found it)
for change in 'j["run"]["adcrs"] = j["run"].pop("cards")' 'j["run"]["p1"] = 7'; do
  edit s1.json nocards.json "$change"
  refused "merge: $change" 'is missing or not a text' "$als" simulate --merge nocards.json
done
# escape sequences in a shard's texts never reach the terminal
edit s1.json esc1.json 'j["run"]["p1"] = "random\u001b]0;pwned\u0007\u001b[2J"'
edit s2.json esc2.json 'j["run"]["p1"] = "random\u001b]0;pwned\u0007\u001b[2J"'
refused "merge: an escape sequence" "control character" "$als" simulate --merge esc1.json esc2.json
grep -q $'\x1b' r.out && bad "merge printed an escape character" || ok
edit s1.json esc3.json 'j["sums"]["first_failure"] = {"game": 1, "seed": 2, "error": "x\u009b2J"}; j["sums"]["failed"] = 1'
refused "merge: a C1 control in a failure" "control character" "$als" simulate --merge esc3.json s2.json
# "1 of 2,147,483,647" once printed a line for every missing shard (about 100 GB)
edit s1.json huge.json 'j["run"]["shard"] = [1, 2147483647]'
refused "merge: shard 1 of 2^31-1" "K <= N <= 1000000" "$als" simulate --merge huge.json
edit s1.json many.json 'j["run"]["shard"] = [1, 1000000]'
refused "merge: 999,999 shards missing" "999999 of 1000000 shards are missing: 2/1000000, .* and 999989 more" "$als" simulate --merge many.json
# a changed set is not credited: the content hash is compared with the files as they are now
edit s1.json hash1.json 'j["run"]["content_hash"] = "0123456789abcdef"'
edit s2.json hash2.json 'j["run"]["content_hash"] = "0123456789abcdef"'
refused "merge: a forged content hash" "changed since the shard ran" "$als" simulate --merge hash1.json hash2.json
edit c1.json hash3.json 'j["run"]["content_hashes"][1] = "0123456789abcdef"'
edit c2.json hash4.json 'j["run"]["content_hashes"][1] = "0123456789abcdef"'
refused "compare merge: a forged content hash" "standard+long-war changed since the shard ran" "$als" compare --merge hash3.json hash4.json
# a confidence of 1e308, end reasons blank or with spaces at their ends
edit c1.json conf1.json 'j["run"]["confidence"] = 1e308'
edit c2.json conf2.json 'j["run"]["confidence"] = 1e308'
refused "compare merge: confidence 1e308" "confidence is not a number from 0.5 to 0.9999" "$als" compare --merge conf1.json conf2.json
edit s1.json conf3.json 'j["confidence"] = 1e308'
refused "simulate merge: confidence 1e308" "confidence is not a number from 0.5 to 0.9999" "$als" simulate --merge conf3.json s2.json
for why in '"  "' '"late "' '" early"' '"control"'; do
  edit s1.json why.json "j['sums']['reason_ends'] = {$why: 3}"
  refused "merge: end reason $why" "a field is missing or of the wrong type" "$als" simulate --merge why.json s2.json
done
# 200,000 end reasons in a shard: the merge and its report stay linear (they once took hours)
edit c1.json reasons.json 'j["sums"]["variants"][1]["reason_ends"] = {"r%06d" % i: 1 for i in range(200000)}'
start=$(date +%s)
timeout 120 "$als" compare --merge reasons.json c2.json --report reasons.html > r.out 2>&1; expect_rc 0 $? "merge of 200,000 reasons"
[ $(( $(date +%s) - start )) -lt 60 ] && ok || bad "merge of 200,000 reasons took $(( $(date +%s) - start )) s"
grep -q "199991 other reasons" r.out && [ "$(wc -c < r.out)" -lt 20000 ] && ok || bad "200,000 reasons: $(head -c 600 r.out)"
[ "$(wc -c < reasons.html)" -lt 2000000 ] && ok || bad "the report of 200,000 reasons is $(wc -c < reasons.html) bytes"

# A variant whose every game fails decides nothing: the run once stopped at its first look,
# "every difference decided"
fails="$src/tests/hostile/rules/always_fails.lua"
"$als" compare standard "standard+$fails" --games 800 --seed 1 --agent random --json > af.json 2> af.err; expect_rc 1 $? "compare: a variant whose games all fail"
python3 - af.json <<'PY' && ok || bad "a variant whose games all fail: $(head -c 300 af.err)"
import json, sys
j = json.load(open(sys.argv[1]))
assert not j["stopped_early"] and j["looks_taken"] == 4, (j["stopped_early"], j["looks_taken"])
assert [v["failed_games"] for v in j["variants"]] == [0, 800]
assert not any(d["significant"] for d in j["differences"])
PY
grep -q "800 games failed and are not counted" af.err && ok || bad "all failed: $(head -c 300 af.err)"

# als serve: a path too long for the system is refused as too long (it was once "not under
# --allow-path", which sent the user looking for the wrong fault)
python3 - "$als" "$tmp" <<'PY' && ok || bad "serve: a path too long"
import json, subprocess, sys
als, tmp = sys.argv[1:]
asks = [{"type": "new_game", "cards": tmp + "/" + "a/" * 2500}, {"type": "new_game", "rules": [tmp + "/" + "b" * 300 + ".lua"]}]
p = subprocess.run([als, "serve", "--allow-path", tmp], input="".join(json.dumps(m) + "\n" for m in asks), capture_output=True, text=True)
said = [json.loads(l)["message"] for l in p.stdout.splitlines()[1:]]
assert len(said) == 2 and "at most 4095" in said[0] and "at most 255" in said[1], said
assert not any("allow-path" in m for m in said), said
PY

# A computer player under a house rule whose scripts are slow: its search is bounded by the rules'
# work and says so once (a game once took eight minutes, a move over ten seconds)
slow="$src/tests/hostile/rules/slow_effect.lua"
timeout 300 "$als" play --p1 random --p2 mcts:work=20000000 --seed 3 --rules "$slow" > slow.out 2>&1; expect_rc 0 $? "play under slow rules"
[ "$(grep -c 'the computer stopped its search after' slow.out)" -eq 1 ] && tr '\n' ' ' < slow.out | grep -q 'too slow for the search to look further' && grep -q 'game over' slow.out && ok ||
  bad "slow rules: $(grep -m1 -A1 'stopped its search' slow.out) / $(tail -n 2 slow.out)"

summary
