#!/usr/bin/env bash
# The whole test suite, as README command 2 and .ci/run run it. No display needed.
# Stages: the normal build and its tests (ctest). Later stages add themselves below.
set -euo pipefail
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=offscreen
jobs=$(nproc)

echo "== build and test (RelWithDebInfo)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== Debian package (cpack -G DEB, unpacked into a temporary prefix, programs run from there)"
tests/package/test_package.sh build
