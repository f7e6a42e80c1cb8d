#!/bin/sh
# The wheel as a user gets it: built with `python3 -m build --no-isolation --wheel` (nothing
# downloaded), installed with `pip install --no-index` into a fresh venv, and run from there.
#   check_wheel.sh PYTHON WORKDIR [OPSINFO_EXECUTABLE]
# With the C++ executable given, every node's dtype from the installed package must equal its.
set -eu
python=$1
work=$2
cli=${3:-}
source=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work"
mkdir -p "$work"
cd "$source"
OPSINFO_CMAKE_BUILD_DIR="$work/cmake" "$python" -m build --no-isolation --wheel --outdir "$work/dist"
wheel=$(ls "$work"/dist/opsinfo-*.whl)
"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install --no-index "$wheel"
# Out of the source tree, so only the installed package can be imported.
cd "$work"
"$work/venv/bin/python" -c "
import opsinfo
r = opsinfo.resolve('$source/resources/sample/ge_proto_sample_graph.txt',
                    '$source/resources/sample/aic-ascend910b-ops-info.json', 'allow_mix_precision')
assert len(r['nodes']) == 122, len(r['nodes'])
assert opsinfo.nodes_by_name(r)['/model/layers.0/attn/q_proj/MatMul']['dtype'] == 'float16'
print('wheel', '$wheel', 'resolves', len(r['nodes']), 'nodes')
"""
if [ -n "$cli" ]; then
    "$cli" resolve "$source/resources/sample/ge_proto_sample_graph.txt" \
        --library "$source/resources/sample/aic-ascend910b-ops-info.json" \
        --mode allow_mix_precision --json >"$work/cli.json"
    "$work/venv/bin/python" -c "
import json, opsinfo
cli = {n['name']: n['dtype'] for n in json.load(open('$work/cli.json'))['nodes']}
r = opsinfo.resolve('$source/resources/sample/ge_proto_sample_graph.txt',
                    '$source/resources/sample/aic-ascend910b-ops-info.json', 'allow_mix_precision')
api = {n['name']: n['dtype'] for n in r['nodes']}
assert api == cli, sorted(set(api.items()) ^ set(cli.items()))[:5]
print('the installed package gives the CLI\'s dtype on all', len(api), 'nodes')
"
fi
"$work/venv/bin/opsinfo" --help | grep -q '^usage: opsinfo <command>'
status=0
"$work/venv/bin/opsinfo" no-such-command 2>/dev/null || status=$?
[ "$status" = 2 ]
echo "wheel installs offline and runs: $(du -k "$wheel" | cut -f1) kB"
