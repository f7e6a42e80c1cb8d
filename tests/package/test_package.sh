#!/usr/bin/env bash
# Builds the Debian package from a finished build folder (default: build), unpacks it into a temporary
# prefix with dpkg-deb -x (nothing is installed into the system) and runs the programs from there:
# the package must be complete and self-describing, not only buildable.
#   tests/package/test_package.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(realpath "${1:-build}")
fail() { echo "test_package: FAIL: $*" >&2; exit 1; }

[ -f "$build/CPackConfig.cmake" ] || fail "$build/CPackConfig.cmake is missing (configure and build first)"
for tool in cpack dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install dpkg-dev cmake; see .ci/packages.txt)"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "-- cpack -G DEB"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/out" >"$tmp/cpack.log" 2>&1 || { cat "$tmp/cpack.log"; fail "cpack failed"; }
deb=$(ls "$tmp"/out/*.deb 2>/dev/null | head -n1)
[ -n "$deb" ] || { cat "$tmp/cpack.log"; fail "no .deb produced"; }
echo "   $(basename "$deb") ($(stat -c %s "$deb") bytes)"

echo "-- control fields"
depends=$(dpkg-deb -f "$deb" Depends)
version=$(dpkg-deb -f "$deb" Version)
echo "   Version: $version"
echo "   Depends: $depends"
case "$depends" in *libc6*) ;; *) fail "Depends lacks libc6: dpkg-shlibdeps did not run" ;; esac
case "$depends" in *libstdc++6*) ;; *) fail "Depends lacks libstdc++6" ;; esac
# Every dependency must be a real Debian package (one of each '|' group known to dpkg on this machine,
# which has the runtime libraries because it built the programs).
IFS=',' read -ra groups <<<"$depends"
for group in "${groups[@]}"; do
    found=no
    IFS='|' read -ra alternatives <<<"$group"
    for alternative in "${alternatives[@]}"; do
        name=$(echo "$alternative" | sed -E 's/\(.*\)//; s/:any//; s/[[:space:]]//g')
        if dpkg-query -W "$name" >/dev/null 2>&1; then found=yes; fi
    done
    [ "$found" = yes ] || fail "dependency '$group' is not a package dpkg knows"
done

echo "-- contents"
dpkg-deb -c "$deb" >"$tmp/contents"
for path in ./usr/bin/opsinfo \
            ./usr/share/applications/opsinfo-studio.desktop \
            ./usr/share/icons/hicolor/scalable/apps/opsinfo-studio.svg \
            ./usr/share/mime/packages/opsinfo-studio.xml \
            ./usr/share/man/man1/opsinfo.1 \
            ./usr/share/opsinfo-studio/schemas/modify_mixlist.schema.json \
            ./usr/share/opsinfo-studio/schemas/opsinfo.schema.json; do
    grep -q " $path\$" "$tmp/contents" || fail "$path is not in the package"
done
studio=no
if [ -x "$build/app/studio/opsinfo-studio" ]; then
    studio=yes
    grep -q ' ./usr/bin/opsinfo-studio$' "$tmp/contents" || fail "opsinfo-studio was built but is not in the package"
    case "$depends" in *libqt6widgets6*) ;; *) fail "Depends lacks libqt6widgets6" ;; esac
fi

echo "-- unpack into $tmp/root"
dpkg-deb -x "$deb" "$tmp/root"
bin="$tmp/root/usr/bin"

out=$("$bin/opsinfo" --version)
echo "   $out"
[ "$out" = "opsinfo $version" ] || fail "'opsinfo --version' says '$out', the package is $version"
"$bin/opsinfo" --help >/dev/null || fail "opsinfo --help"
for kind in mixlist opsinfo; do
    file=$([ "$kind" = mixlist ] && echo modify_mixlist || echo opsinfo)
    "$bin/opsinfo" schema "$kind" | cmp -s - "$tmp/root/usr/share/opsinfo-studio/schemas/$file.schema.json" \
        || fail "'opsinfo schema $kind' differs from the installed $file.schema.json"
done

echo "-- desktop integration"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$tmp/root/usr/share/applications/opsinfo-studio.desktop" || fail "desktop-file-validate"
else
    echo "   desktop-file-validate not installed: .desktop validation skipped"
fi
grep -q '^MimeType=application/x-ascend-opsinfo+json;$' "$tmp/root/usr/share/applications/opsinfo-studio.desktop" \
    || fail ".desktop does not declare the ops-info MIME type"
if command -v update-mime-database >/dev/null; then
    XDG_DATA_DIRS="$tmp/root/usr/share" update-mime-database "$tmp/root/usr/share/mime"
    grep -q '^90:application/x-ascend-opsinfo+json:aic-\*-ops-info\*.json' "$tmp/root/usr/share/mime/globs2" \
        || fail "the MIME glob did not register with weight 90"
else
    echo "   update-mime-database not installed: MIME registration skipped"
fi
if command -v groff >/dev/null; then
    warnings=$(groff -man -ww -z -Tutf8 "$tmp/root/usr/share/man/man1/opsinfo.1" 2>&1 || true)
    [ -z "$warnings" ] || { echo "$warnings"; fail "groff warns about the man page"; }
fi

echo "-- opsinfo-studio --screenshot"
if [ "$studio" = no ]; then
    echo "   SKIP: opsinfo-studio was not built (OPSINFO_BUILD_APP=OFF)"
elif ! QT_QPA_PLATFORM=offscreen "$bin/opsinfo-studio" --help 2>&1 | grep -q -- '--screenshot'; then
    echo "   SKIP: this opsinfo-studio has no --screenshot option yet"
else
    QT_QPA_PLATFORM=offscreen timeout 120 "$bin/opsinfo-studio" --screenshot "$tmp/out.png" 2>"$tmp/studio.log" \
        || { cat "$tmp/studio.log"; fail "opsinfo-studio --screenshot failed"; }
    [ "$(head -c 8 "$tmp/out.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "out.png is not a PNG"
    cp "$tmp/out.png" "$build/package-test-screenshot.png"   # kept for a look (CI artifact)
    echo "   out.png: $(stat -c %s "$tmp/out.png") bytes (copy: $build/package-test-screenshot.png)"
fi
echo "test_package: OK"
