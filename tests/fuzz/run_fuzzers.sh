#!/usr/bin/env bash
# Builds the "fuzz" preset and runs every libFuzzer target for SECONDS each (default 20), one after
# another (OPSINFO_FUZZ_JOBS=N: N at a time). Fails when any target finds a crash, leak, timeout or
# sanitizer report; the reproducer is left in <build>/fuzz-artifacts/<target>/. Usage: tests/fuzz/run_fuzzers.sh [SECONDS] [target...]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-20}
shift || true
jobs=$(nproc)
# OPSINFO_FUZZ_BUILD=<dir>: use that already configured build (tests/run_all.sh passes the asan
# build, which has the same flags); OPSINFO_FUZZ_NO_BUILD=1: run what is built.
build=${OPSINFO_FUZZ_BUILD:-build-fuzz}
if [ -z "${OPSINFO_FUZZ_NO_BUILD:-}" ]; then
    if [ -z "${OPSINFO_FUZZ_BUILD:-}" ]; then
        cmake --preset fuzz >/dev/null
    fi
    cmake --build "$build" -j"$jobs" --target opsinfo_fuzzers
fi

# Seed corpora: small fixtures from tests/data, copied at run time (nothing duplicated in git).
# target | dictionary | max_len | seed files (globs under tests/data)
targets="
opsinfo_json|opsinfo_json|65536|library/*.json library/socfolder/*.json cli/lib/*.json edit/*.json
inifile|ini|65536|library/*.ini
mixlist_strict|mixlist|65536|mixlist/*.json cli/gelu_black.json
mixlist_lenient|mixlist|65536|mixlist/*.json cli/broken_comment.json
keep_dtype|keep_dtype|16384|
customize_dtypes|customize_dtypes|16384|
onnx|onnx|65536|graphs/*.onnx
ge_proto_text|ge_proto|65536|graphs/ge_proto_*.txt
ge_text_scanner|ge_proto|65536|graphs/ge_proto_*.txt
ge_onnx_text|onnx_text|65536|graphs/*.pbtxt graphs/*.onnx.txt
atc_json|atc_json|65536|graphs/atc_fixture.json cli/graph.json
tf_pb|tf_pb|65536|graphs/tf_fixture.pb
tf_pbtxt|tf_pbtxt|65536|graphs/tf_fixture.pbtxt
edit_roundtrip|edit_roundtrip|256|
evidence_csv|evidence_csv|65536|evidence/*.csv
evidence_json|evidence_json|65536|evidence/*.json
api_map|api_map|16384|
"
wanted=" $* "
# OPSINFO_FUZZ_JOBS=N: run N targets at a time (tests/run_all.sh --full passes the core count).
parallel=${OPSINFO_FUZZ_JOBS:-1}
summary=$build/fuzz-summary.txt
: >"$summary"

run_target() {
    local name=$1 dict=$2 maxlen=$3 seeds=$4
    local corpus=$build/fuzz-corpus/$name
    local artifacts=$build/fuzz-artifacts/$name
    mkdir -p "$corpus" "$artifacts"
    (cd tests/data && for f in $seeds; do [ -f "$f" ] && cp "$f" "../../$corpus/seed-$(echo "$f" | tr '/' '_')"; done) || true
    case $name in
        keep_dtype) printf 'conv1\nOpType::MatMulV2\n\n# comment\n' >"$corpus/seed-keep" ;;
        customize_dtypes) printf 'conv1::InputDtype:float16,,OutputDtype:float32\nOpType::MatMulV2:InputDtype:float16,float16,float32,OutputDtype:float32\n' >"$corpus/seed-custom" ;;
        api_map) cp resources/core/apimap/msprobe_to_ascend.tsv "$corpus/seed-map"
                 printf 'Functional.conv2d.0.forward.input.0\nTensor___add___0_forward_output\nModule.a.Linear.forward.0\n' >"$corpus/seed-names" ;;
        edit_roundtrip) printf '\000\000\001\001\002\002' >"$corpus/seed-0"; printf '\003\001\000\002\001\001\000' >"$corpus/seed-3" ;;
    esac
    local log=$artifacts/run.log
    rm -f "$artifacts/FAILED"
    echo "== fuzz_$name for ${seconds}s"
    local start
    start=$(date +%s)
    if ! "$build/tests/fuzz/fuzz_$name" "$corpus" -dict="tests/fuzz/dict/$dict.dict" \
            -max_total_time="$seconds" -max_len="$maxlen" -rss_limit_mb=2048 -timeout=10 \
            -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1; then
        touch "$artifacts/FAILED"
        tail -n 60 "$log"
    fi
    local runs
    runs=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    echo "fuzz_$name seconds=$(( $(date +%s) - start )) executions=$runs" | tee -a "$summary"
}

names=()
while IFS='|' read -r name dict maxlen seeds; do
    [ -n "$name" ] || continue
    if [ "$#" -gt 0 ] && [[ "$wanted" != *" $name "* ]]; then continue; fi
    names+=("$name")
    while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
    run_target "$name" "$dict" "$maxlen" "$seeds" &
done <<<"$targets"
wait

failed=()
for name in "${names[@]}"; do
    [ -e "$build/fuzz-artifacts/$name/FAILED" ] && failed+=("$name")
done
if [ "${#failed[@]}" -gt 0 ]; then
    echo "FUZZ FINDINGS in: ${failed[*]} (reproducers in $build/fuzz-artifacts/)"
    exit 1
fi
echo "all fuzz targets ran without a finding"
