#!/bin/sh
# The layout check of the default tier: every C++ file of the repository as .clang-format lays it
# out. A failure lists the files; the one command that fixes them all is
#   git ls-files '*.cpp' '*.h' | xargs clang-format -i
set -eu
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "clang-format is missing: apt-get install clang-format (.ci/packages.txt)"; exit 1; }
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    files=$(git ls-files '*.cpp' '*.h')
else
    files=$(find app core python tests -name '*.cpp' -o -name '*.h')
fi
# One clang-format for all: it reports each file that differs as "file:line:col: error: ...".
if report=$(echo "$files" | xargs clang-format --dry-run --Werror 2>&1); then
    echo "every C++ file is laid out as .clang-format says"
    exit 0
fi
echo "not laid out as .clang-format says:"
echo "$report" | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error:.*/  \1/p' | sort -u
echo "fix them all with: git ls-files '*.cpp' '*.h' | xargs clang-format -i"
exit 1
