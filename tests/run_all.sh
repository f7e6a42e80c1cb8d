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

# Stages added for issue 5 (tests/fuzz/README.md). Each prints its time; the figures are in the README.
stage_start=$SECONDS
echo "== sanitizers: core + core tests + fuzz targets under ASan + UBSan (preset asan, clang)"
cmake --preset asan
cmake --build build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j"$jobs"
echo "== sanitizer stage: $((SECONDS - stage_start)) s"

stage_start=$SECONDS
echo "== fuzz: every libFuzzer target for ${OPSINFO_FUZZ_SECONDS:-20} s (built by the asan stage)"
OPSINFO_FUZZ_BUILD=build-asan OPSINFO_FUZZ_NO_BUILD=1 tests/fuzz/run_fuzzers.sh "${OPSINFO_FUZZ_SECONDS:-20}"
echo "== fuzz stage: $((SECONDS - stage_start)) s"
