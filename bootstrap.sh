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
    meson test -C build --print-errorlogs
    exec build/als test tests/rules ;;
  build) ;;
  *) echo "usage: ./bootstrap.sh [play [options] | test | build]" >&2; exit 2 ;;
esac
