#!/bin/sh
# One-time set-up on Debian 12: installs the missing Debian packages, writes build.ninja and
# generates everything into out/. Safe to re-run. WITH_CROSS=1 adds the arm-none-eabi and
# riscv64-unknown-elf cross compilers for `ninja firmware` (about 700 MB, so not by default).
set -eu
cd "$(dirname "$0")"

PKGS="lua5.4 libcmocka-dev ninja-build python3 python3-jinja2 gcc libc6-dev binutils"
# the test reference's correctly rounded exp (and the exp tests) use GNU MPFR
PKGS="$PKGS libmpfr-dev"
# ninja test builds its sanitized tests and fuzzers with clang (libFuzzer: libclang-rt-14-dev,
# only recommended by clang) and runs valgrind; ninja dist's build check needs make
PKGS="$PKGS clang libclang-rt-14-dev valgrind make"
# LLVM's linker: ninja test links some 650 programs, the sanitized ones in half GNU ld's time
PKGS="$PKGS lld"
# tests/upstream/run.py (upstream PTO-ISA's CPU tests, not part of ninja test): gtest, numpy, C++
PKGS="$PKGS g++ libgtest-dev python3-numpy"
# ninja bench's matrix section times OpenBLAS's sgemm beside TMATMUL (speed only)
PKGS="$PKGS libopenblas-dev"
[ "${WITH_CROSS:-0}" = 1 ] && PKGS="$PKGS gcc-arm-none-eabi gcc-riscv64-unknown-elf"

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
