#!/usr/bin/env bash
# pip install . (pyproject.toml on meson-python): in a fresh virtual environment that sees Debian's
# packages, offline, `pip install --no-build-isolation .` gives a working `import als` (its bundled
# cards and rules found in the environment, from any folder) and the `als` program in VENV/bin.
# Usage: pip_test.sh SRC (a copy of the source tree is built, so the tree is left as it was)
set -u
src=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $1"; fail=1; }
mkdir "$tmp/src"
tar -C "$src" --exclude='./build' --exclude='./build-*' --exclude='./.git' --exclude='./.mesonpy*' -cf - . | tar -C "$tmp/src" -xf -
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv" || { echo "FAIL: python3 -m venv (python3-venv)"; exit 1; }
if ! "$tmp/venv/bin/pip" install --no-build-isolation --no-index "$tmp/src" > "$tmp/pip.log" 2>&1; then
  tail -n 40 "$tmp/pip.log"; echo "FAIL: pip install --no-build-isolation ."; exit 1
fi
cd "$tmp"  # (not the source tree: the installed module must stand alone)
out=$(ALS_DATA_DIR= "$tmp/venv/bin/python" - "$tmp/venv" <<'PY' 2>&1
import os, sys
import als
venv = sys.argv[1]
assert als.__file__.startswith(venv), als.__file__
assert als.data_dir() == os.path.join(venv, "als"), als.data_dir()
assert os.path.isfile(os.path.join(als.cards_dir(), "standard", "set.lua"))
game = als.Game("standard", rules=["long-war"])
state = game.new_initial_state(5)
while not state.is_terminal():
    state.apply_action(state.legal_actions()[-1])
print("returns", state.returns())
PY
)
echo "$out" | grep -q "^returns \[" || bad "import als in the venv: $out"
[ -x "$tmp/venv/bin/als" ] || bad "no VENV/bin/als"
"$tmp/venv/bin/als" cards --cards original --sample 5 --games 0 > cards.out 2>&1 && grep -q "^ok" cards.out || bad "VENV/bin/als cards: $(tail -3 cards.out)"
[ "$fail" = 0 ] && echo "pip install: ok"
exit "$fail"
