#!/usr/bin/env bash
# Builds the libFuzzer harnesses outside the package, so that no unsafe flag enters Package.swift:
# the library's sources compiled once with coverage and AddressSanitizer into a static library,
# then one small executable per harness (Fuzz/Harnesses/*Harness.swift), and the seed generator.
#
# Usage: Fuzz/build.sh [BUILD_DIR]   (default .build-fuzz; FUZZ_OPT=-Onone for a debug build)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-$ROOT/.build-fuzz}"
OPT="${FUZZ_OPT:--O}"
SWIFTC="${SWIFTC:-swiftc}"
CLANG="${CLANG:-clang}"
mkdir -p "$OUT/modules/CShims" "$OUT/obj"
cd "$ROOT"

# SwiftPM makes CShims' module map itself; outside SwiftPM we write one.
cat > "$OUT/modules/CShims/module.modulemap" <<MAP
module CShims {
    header "$ROOT/Sources/CShims/include/CShims.h"
    export *
}
MAP

SANITIZE=(-sanitize=fuzzer,address)
MODULES=(-I "$ROOT/Sources/CTurboJPEG" -I "$ROOT/Sources/CJPEG" -I "$ROOT/Sources/CPNG" -I "$ROOT/Sources/CLCMS2"
    -I "$ROOT/Sources/CLibHeif" -I "$OUT/modules/CShims" -I "$OUT")
# libheif's headers may sit outside the default paths (a build of its own under /usr/local, say).
for flag in $(pkg-config --cflags-only-I libheif 2>/dev/null); do MODULES+=(-Xcc "$flag"); done
LIBS=(-use-ld=lld -lturbojpeg -ljpeg -lpng16 -llcms2 -lheif -lz -lm)
for flag in $(pkg-config --libs-only-L libheif 2>/dev/null); do LIBS+=("$flag"); done

# True when $1 is missing or older than one of the remaining arguments.
stale() {
    local target="$1"; shift
    [ ! -f "$target" ] && return 0
    for dependency in "$@"; do [ "$dependency" -nt "$target" ] && return 0; done
    return 1
}

# Every C file of CShims (the libpng shim, the banded deflate, the warp kernel, the JPEG band
# decoder), one object each.
C_OBJECTS=()
for c_source in "$ROOT"/Sources/CShims/*.c; do
    object="$OUT/obj/$(basename "$c_source" .c).o"
    C_OBJECTS+=("$object")
    if stale "$object" "$c_source" "$ROOT/Sources/CShims/include/CShims.h"; then
        echo "fuzz build: C shim $(basename "$c_source")"
        "$CLANG" -c -O1 -g -fsanitize=fuzzer-no-link,address -I "$ROOT/Sources/CShims/include" \
            "$c_source" -o "$object"
    fi
done

SOURCES=()
while IFS= read -r -d '' file; do SOURCES+=("$file"); done < <(find "$ROOT/Sources/InstantScan" -name '*.swift' -print0 | sort -z)
STAMP="$OUT/obj/InstantScan.stamp"
newest=$(find "$ROOT/Sources/InstantScan" "$ROOT/Sources/CShims" -newer "$STAMP" -print -quit 2>/dev/null || echo rebuild)
if [ ! -f "$STAMP" ] || [ -n "$newest" ]; then
    echo "fuzz build: InstantScan (${#SOURCES[@]} files, $OPT)"
    "$SWIFTC" -parse-as-library -module-name InstantScan -swift-version 6 -package-name instantscan -enable-testing "$OPT" -g \
        "${SANITIZE[@]}" "${MODULES[@]}" -whole-module-optimization \
        -emit-module -emit-module-path "$OUT/InstantScan.swiftmodule" \
        -emit-library -static -o "$OUT/obj/libInstantScan.a" "${SOURCES[@]}"
    touch "$STAMP"
fi

build_harness() {
    local source="$1" name="$2"
    stale "$OUT/$name" "$source" "$ROOT/Fuzz/Harnesses/Common.swift" "$STAMP" || return 0
    echo "fuzz build: $name"
    "$SWIFTC" -parse-as-library -module-name "${name//-/_}" -swift-version 6 -package-name instantscan "$OPT" -g "${SANITIZE[@]}" "${MODULES[@]}" \
        "$ROOT/Fuzz/Harnesses/Common.swift" "$source" "$OUT/obj/libInstantScan.a" "${C_OBJECTS[@]}" \
        "${LIBS[@]}" -o "$OUT/$name" 2> >(grep -v "Cannot export local symbol" >&2)
}

for source in "$ROOT"/Fuzz/Harnesses/*Harness.swift; do
    base=$(basename "$source" Harness.swift)
    # These two read what users type, with the CLI's own parsing: built below with its sources.
    [ "$base" = Options ] || [ "$base" = Corners ] && continue
    # JPEGMarkers -> jpeg-markers, PNGDecode -> png-decode, EXIF -> exif
    name=$(echo "$base" | sed -E 's/([a-z0-9])([A-Z])/\1-\2/g; s/([A-Z]+)([A-Z][a-z])/\1-\2/g' | tr 'A-Z' 'a-z')
    build_harness "$source" "fuzz-$name"
done

# The CLI's option parsing: its own sources with the harness, against the argument-parser and
# swift-system objects of a release build of just those two targets (uninstrumented, which is fine:
# the code under test is ours; a debug argument-parser re-validates the whole command tree on every
# parse, 100 times slower). Its @main is renamed as SwiftPM does for tests, so that libFuzzer's
# main runs.
DEPS_BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)"
for target in ArgumentParser SystemPackage; do
    if [ ! -f "$DEPS_BIN/Modules/$target.swiftmodule" ]; then
        echo "fuzz build: $target (release)"
        (cd "$ROOT" && swift build -c release --target "$target" >/dev/null)
    fi
done
CLI_SOURCES=("$ROOT"/Sources/instantscan/*.swift)
mkdir -p "$OUT/deps"
for module in ArgumentParser ArgumentParserToolInfo SystemPackage; do
    cp "$DEPS_BIN/Modules/$module.swiftmodule" "$OUT/deps/"
done
DEP_OBJECTS=()
for target in ArgumentParser ArgumentParserToolInfo SystemPackage CSystem; do
    while IFS= read -r -d '' object; do DEP_OBJECTS+=("$object"); done \
        < <(find "$DEPS_BIN/$target.build" -name '*.o' ! -name '*.swiftmodule.o' -print0)
done
CSYSTEM_MAP="$(find "$ROOT/.build/checkouts/swift-system/Sources/CSystem/include" -name module.modulemap | head -1)"

# What the CLI's commands share (Sources/CLISupport: scan options, messages, exit codes), a module
# of its own as in the package, instrumented like the CLI.
SUPPORT_SOURCES=("$ROOT"/Sources/CLISupport/*.swift)
if stale "$OUT/obj/libCLISupport.a" "$STAMP" "${SUPPORT_SOURCES[@]}"; then
    echo "fuzz build: CLISupport"
    "$SWIFTC" -parse-as-library -module-name CLISupport -swift-version 6 -package-name instantscan "$OPT" -g \
        "${SANITIZE[@]}" "${MODULES[@]}" -I "$OUT/deps" -Xcc -fmodule-map-file="$CSYSTEM_MAP" \
        -emit-module -emit-module-path "$OUT/CLISupport.swiftmodule" \
        -emit-library -static -o "$OUT/obj/libCLISupport.a" "${SUPPORT_SOURCES[@]}"
fi

# A harness compiled together with the CLI's sources (module instantscan).
build_cli_harness() {
    local source="$1" name="$2"
    stale "$OUT/$name" "$source" "$ROOT/Fuzz/Harnesses/Common.swift" "$STAMP" "$OUT/obj/libCLISupport.a" "${CLI_SOURCES[@]}" || return 0
    echo "fuzz build: $name"
    "$SWIFTC" -parse-as-library -module-name instantscan -swift-version 6 -package-name instantscan "$OPT" -g "${SANITIZE[@]}" "${MODULES[@]}" \
        -I "$OUT/deps" -Xcc -fmodule-map-file="$CSYSTEM_MAP" \
        -Xfrontend -entry-point-function-name -Xfrontend instantscan_main \
        "${CLI_SOURCES[@]}" "$ROOT/Fuzz/Harnesses/Common.swift" "$source" \
        "$OUT/obj/libCLISupport.a" "$OUT/obj/libInstantScan.a" "${C_OBJECTS[@]}" "${DEP_OBJECTS[@]}" \
        "${LIBS[@]}" -o "$OUT/$name" 2> >(grep -v "Cannot export local symbol" >&2)
}
build_cli_harness "$ROOT/Fuzz/Harnesses/OptionsHarness.swift" fuzz-options
build_cli_harness "$ROOT/Fuzz/Harnesses/CornersHarness.swift" fuzz-corners

if stale "$OUT/seedgen" "$ROOT/Fuzz/Seeds/main.swift" "$STAMP"; then
echo "fuzz build: seedgen"
"$SWIFTC" -module-name seedgen -swift-version 6 "$OPT" -sanitize=address "${MODULES[@]}" \
    "$ROOT/Fuzz/Seeds/main.swift" "$OUT/obj/libInstantScan.a" "${C_OBJECTS[@]}" \
    "${LIBS[@]}" -o "$OUT/seedgen" 2> >(grep -v "Cannot export local symbol" >&2)
fi
echo "fuzz build: done in $OUT"
