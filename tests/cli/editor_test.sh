#!/usr/bin/env bash
# The editor files (docs/modding.md, "Editors"): the bundled ones match what the engine's tables
# give (no drift), `als editor FOLDER` sets up a modder's folder, and luacheck, with the generated
# configuration, passes on every bundled set, example, house rule and scenario and flags what the
# sandbox does not have. Usage: editor_test.sh ALS SRC
source "$(dirname "$0")/harness.sh" "$@"
cd "$tmp"

# 1. no drift: the checked-in files are what the tables give
ALS_DATA_DIR="$src" "$als" editor --bundled --check > check.txt 2>&1
expect_rc 0 $? "als editor --bundled --check: $(head -3 check.txt)"

# 2. the definitions name every verb, hook and trigger event (read off the engine's own lists)
defs="$src/editor/als.lua"
head -1 "$defs" | grep -qx -- "---@meta" && ok || bad "the definitions file starts with ---@meta"
for verb in owner cards choose_card choose_option reveal to_hand effect battles turn_number knows deck; do
  grep -q "^function Game:$verb(" "$defs" && ok || bad "the definitions lack g:$verb"
done
for hook in battle_start deal battle_over battle_vp game_over; do
  grep -q "^---@field $hook? " "$defs" && ok || bad "the definitions lack the hook $hook"
done
for event in played covered revealed to_hand battle_end; do
  grep -q "^---@class als.Event_$event$" "$defs" && ok || bad "the definitions lack the event $event"
done
grep -q '^---@param options string\[\]' "$defs" && ok || bad "g:choose_option's parameters"

# 3. a modder's folder: als editor writes .luarc.json (the definitions by absolute path) and .luacheckrc
mkdir my-set
cp "$src/tests/sets/api4/"*.lua my-set/
"$als" editor my-set > wrote.txt 2>&1
expect_rc 0 $? "als editor my-set"
[ -f my-set/.luarc.json ] && [ -f my-set/.luacheckrc ] && ok || bad "als editor wrote $(cat wrote.txt)"
grep -q "\"workspace.library\": \[\"/.*/editor\"\]" my-set/.luarc.json && ok || bad "the library by absolute path: $(cat my-set/.luarc.json)"
"$als" editor my-set --check > /dev/null 2>&1
expect_rc 0 $? "als editor my-set --check after writing"
echo "-- changed" >> my-set/.luacheckrc
"$als" editor my-set --check > drift.txt 2>&1
expect_rc 1 $? "a changed file is found"
grep -q "my-set/.luacheckrc differs" drift.txt && ok || bad "the drift names the file: $(cat drift.txt)"
"$als" editor no-such-folder > /dev/null 2>&1
expect_rc 2 $? "a folder that is not there"

# 4. luacheck with the generated configuration
if ! command -v luacheck > /dev/null; then
  if [ "${ALS_REQUIRE_LUACHECK:-0}" = 1 ]; then bad "luacheck is not installed (Debian's lua-check)"; else echo "skipped: no luacheck"; fi
  summary
  exit $?
fi
(cd "$src" && luacheck --no-color -q cards docs/examples scripts tests/rules tests/sets) > lint.txt 2>&1
expect_rc 0 $? "luacheck on the bundled sets, examples, rules and scenarios: $(grep -v '^$' lint.txt | head -5)"
"$als" editor my-set > /dev/null
cat > my-set/clock.lua <<'LUA'
return {
  name = "Clock", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this) g:log(tostring(os.time())) end,
}
LUA
(cd my-set && luacheck --no-color clock.lua) > clock.txt 2>&1
grep -q "accessing undefined variable 'os'" clock.txt && ok || bad "luacheck flags os, which the sandbox lacks: $(cat clock.txt)"
(cd my-set && luacheck --no-color spy.lua) > spy.txt 2>&1
expect_rc 0 $? "a card file passes: $(cat spy.txt)"
summary
