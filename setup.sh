#!/bin/sh
# One-time set-up on Debian 12: installs the missing Debian packages, writes build.ninja and
# generates everything into out/. Safe to re-run. WITH_DEV_TOOLS=1 adds clang and valgrind.
set -eu
cd "$(dirname "$0")"

PKGS="lua5.4 libcmocka-dev ninja-build python3 python3-jinja2 gcc libc6-dev"
[ "${WITH_DEV_TOOLS:-0}" = 1 ] && PKGS="$PKGS clang valgrind"

missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    echo "setup: installing$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
fi

# configure records a Python that has Jinja2 (Debian's /usr/bin/python3 qualifies now)
python3 gen/configure.py
ninja gen
echo "setup: done; run 'ninja test'"
