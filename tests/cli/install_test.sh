#!/usr/bin/env bash
# meson install: the program, its data and its man page land under the prefix, and the installed
# als finds its bundled cards and rules from any working directory (not from the source tree).
# Usage: install_test.sh BUILD_DIR
set -u
build=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $1"; fail=1; }
meson install -C "$build" --no-rebuild --destdir "$tmp/stage" > "$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; exit 1; }
als=$(find "$tmp/stage" -path '*/bin/als' -type f | head -n 1)
[ -x "$als" ] || { echo "FAIL: no bin/als installed"; exit 1; }
prefix=$(dirname "$(dirname "$als")")
[ -f "$prefix/share/als/cards/standard/set.lua" ] || bad "bundled standard set not in share/als/cards"
[ -f "$prefix/share/als/cards/original/set.lua" ] || bad "bundled original set not in share/als/cards"
[ -f "$prefix/share/als/scripts/rules/long-war.lua" ] || bad "house rules not in share/als/scripts/rules"
[ -f "$prefix/share/als/scripts/lib/flip.lua" ] || bad "libraries not in share/als/scripts/lib"
[ -f "$prefix/share/als/editor/als.lua" ] || bad "the editor definitions not in share/als/editor"
[ -f "$prefix/share/als/cards/standard/.luarc.json" ] || bad "a bundled set without its .luarc.json"
man=$(find "$prefix/share/man/man1" -name 'als.1*' 2>/dev/null | head -n 1)
[ -n "$man" ] && head -c 200 "$man" | grep -q '^.TH ALS 1' || bad "man page share/man/man1/als.1"
[ -f "$prefix/share/doc/als/modding.md" ] || bad "docs not in share/doc/als"
[ -f "$prefix/share/als/python/tools/train_value.py" ] || bad "als train's script not in share/als/python/tools"
# The Python module lands where the installed interpreter looks (issue 55: meson's default,
# PREFIX/lib/python3/dist-packages, is not on Debian's python3's path for /usr/local): the folder
# without the staging part, under /usr/local or /usr, is on /usr/bin/python3's own sys.path.
staged=$(find "$tmp/stage" -path '*/als/__init__.py' | head -n 1)
if [ -n "$staged" ] && [ -x /usr/bin/python3 ]; then
  site=${staged#"$tmp/stage"}
  site=$(dirname "$(dirname "$site")")
  case "$site" in
    /usr/local/*|/usr/lib/*)
      /usr/bin/python3 -c 'import os, sys; sys.exit(0 if os.path.normpath(sys.argv[1]) in map(os.path.normpath, sys.path) else 1)' "$site" ||
        bad "the module is installed in $site, which /usr/bin/python3 does not search" ;;
  esac
fi
# Moved elsewhere, as a package would put it: it finds its data beside it, from any folder.
mv "$prefix" "$tmp/elsewhere"
als="$tmp/elsewhere/bin/als"
cd /
out=$(env -u ALS_DATA_DIR "$als" cards 2>&1) || bad "installed als cards: $out"
echo "$out" | grep -q "($tmp/elsewhere/share/als/cards/standard)" || bad "installed als reads another card set: $(echo "$out" | head -n 1)"
env -u ALS_DATA_DIR "$als" cards --cards original --rules long-war --sample 5 > /dev/null 2>&1 || bad "installed als: original + long-war"
env -u ALS_DATA_DIR "$als" play --p1 random --p2 random --seed 3 2>&1 | tail -n 1 | grep -q '^game over' || bad "installed als play"
env -u ALS_DATA_DIR "$als" simulate --games 50 --seed 1 > /dev/null 2>&1 || bad "installed als simulate"
# als web runs als-web, installed beside it
[ -x "$tmp/elsewhere/bin/als-web" ] || bad "als-web not installed beside als"
out=$(env -u ALS_DATA_DIR "$als" web --port 70000 2>&1)
echo "$out" | grep -q "port takes 0 to 65535" || bad "installed als web does not run als-web: $out"
# The Python module (where it was built): installed under the prefix, importable from there, and
# reading the bundled sets beside it.
module=$(find "$tmp/elsewhere" -path '*/als/__init__.py' | head -n 1)
if [ -f "$build/python/als/__init__.py" ]; then
  [ -n "$module" ] || bad "the Python module is not installed"
  site=$(dirname "$(dirname "$module")")
  out=$(cd / && env -u ALS_DATA_DIR PYTHONPATH="$site" /usr/bin/python3 -c \
    'import als, os; g = als.Game("standard"); s = g.new_initial_state(1); assert os.path.isfile(os.path.join(als.cards_dir(), "standard", "set.lua")); print(als.data_dir(), len(s.legal_actions()))' 2>&1) ||
    bad "installed module: $out"
  echo "$out" | grep -q "^$tmp/elsewhere/share/als [0-9]" || bad "installed module reads another data folder: $out"
fi
[ $fail -eq 0 ] && echo "install: ok"
exit $fail
