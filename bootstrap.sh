#!/usr/bin/env bash
# One command for everything (README): installs what the build needs from Debian's packages,
# builds `als`, then either starts a game (./bootstrap.sh play [als play options]) or runs every
# test (./bootstrap.sh test).
set -euo pipefail
cd "$(dirname "$0")"

packages=(g++ pkg-config meson ninja-build liblua5.4-dev libboost-program-options-dev catch2
          libxxhash-dev nlohmann-json3-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "bootstrap: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

if [ ! -f build/build.ninja ]; then
  meson setup build >&2
fi
meson compile -C build >&2

what="${1:-play}"
[ $# -gt 0 ] && shift
case "$what" in
  play) exec build/als play "$@" ;;
  test)
    # Every suite: Catch2 (unit), the CLI end-to-end checks and the rule scenarios (rules).
    status=0
    meson test -C build --print-errorlogs || status=$?
    python3 - build/meson-logs/testlog.json <<'PY'
import json, sys
results = [json.loads(line)["result"] for line in open(sys.argv[1]) if line.strip()]
print(f"{sum(r == 'OK' for r in results)} passed, {sum(r != 'OK' for r in results)} failed")
PY
    exit "$status" ;;
  build) ;;
  *) echo "usage: ./bootstrap.sh [play [options] | test | build]" >&2; exit 2 ;;
esac
