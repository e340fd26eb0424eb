#!/usr/bin/env bash
# `make dist`: a relocatable release of the CLI for Debian-like machines without Swift.
#
# The binary is linked with the Swift standard library, Foundation and Dispatch statically
# (`--static-swift-stdlib`, given on this command line only: the package manifest has no
# unsafeFlags). The C libraries (libturbojpeg, libpng, lcms2, libheif) stay shared: they come
# from the system's packages, listed in DEBIAN-PACKAGES with the release they were taken from.
#
# The tarball, .build/dist/instantscan-VERSION-linux-ARCH.tar.gz:
#   instantscan-VERSION-linux-ARCH/
#     bin/instantscan
#     bin/instantscan-review   `instantscan review` (found beside instantscan's real path)
#     bin/InstantScan_instantscan-review.resources/Page   the review page (found beside instantscan-review)
#     share/instantscan/Profiles/*.icc
#     share/man/man1/instantscan.1
#     DEBIAN-PACKAGES   the runtime packages, one a line (`apt-get install $(grep -v '^#' …)`)
#     README
#
# Then it checks the tarball: unpacked in a fresh folder, `bin/instantscan --version` must run
# and load no library of the Swift toolchain, `bin/instantscan review --help` must reach
# instantscan-review, and instantscan must not link FoundationNetworking's libcurl (only review does) (ldd and the dynamic loader's own account of what it
# loaded, LD_DEBUG=libs), with the toolchain's folder out of PATH and LD_LIBRARY_PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
version=$(sed -n 's/.*static let string = "\(.*\)".*/\1/p' Sources/InstantScan/Pipeline/Version.swift)
arch=$(uname -m)
name="instantscan-$version-linux-$arch"
dist=.build/dist
stage="$dist/$name"

# Its own build folder: the static runtime changes how every module is compiled, and sharing
# .build would make each `make build` after a `make dist` (and the other way round) start over.
build=(-c release --static-swift-stdlib --scratch-path .build-dist)
echo "building $name (release, Swift runtime linked statically, in .build-dist)"
"$SWIFT" build "${build[@]}" --product instantscan
"$SWIFT" build "${build[@]}" --product instantscan-review
bin_path=$("$SWIFT" build "${build[@]}" --show-bin-path)

rm -rf "$stage" "$dist/$name.tar.gz"
mkdir -p "$stage/bin" "$stage/share/instantscan/Profiles" "$stage/share/man/man1"
cp "$bin_path/instantscan" "$bin_path/instantscan-review" "$stage/bin/"
# Debug info only (about half the file); the symbol table stays, so crash backtraces keep names.
strip --strip-debug "$stage/bin/instantscan" "$stage/bin/instantscan-review"
# `review`'s page: instantscan-review looks for it beside its own real path (/proc/self/exe).
cp -R "$bin_path/InstantScan_instantscan-review.resources" "$stage/bin/"
cp Profiles/*.icc "$stage/share/instantscan/Profiles/"
cp share/man/man1/instantscan.1 "$stage/share/man/man1/"

# The packages that own the shared libraries the binary links, found through dpkg on this
# machine, not written by hand; plus libheif's decoder plugins, which it opens at run time
# (dlopen), so ldd does not see them.
toolchain_lib=$(dirname "$(dirname "$(readlink -f "$(command -v "$SWIFT")")")")/lib
packages_of() {
    for so in "$@"; do
        owner=$(dpkg -S "$(readlink -f "$so")" 2>/dev/null | head -1 | cut -d: -f1 || true)
        [ -n "$owner" ] || owner=$(dpkg -S "$so" 2>/dev/null | head -1 | cut -d: -f1 || true)
        [ -n "$owner" ] || { echo "dist: no Debian package owns $so" >&2; exit 1; }
        echo "$owner"
    done
}
mapfile -t libraries < <(ldd "$stage/bin/instantscan" "$stage/bin/instantscan-review" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u)
{
    echo "# Debian packages instantscan $version needs at run time (found with ldd and dpkg -S on the build machine)."
    echo "# On Debian 12 (bookworm) libheif1 and its plugins must come from bookworm-backports (1.18 or later):"
    echo "#   apt-get install -t bookworm-backports libheif1 libheif-plugin-libde265 libheif-plugin-dav1d"
    {
        packages_of "${libraries[@]}"
        heif=$(printf '%s\n' "${libraries[@]}" | grep '/libheif\.so' | head -1)
        packages_of "$(dirname "$(readlink -f "$heif")")"/libheif/plugins/libheif-{libde265,dav1d}.so
    } | sort -u | while read -r package; do
        [ -n "$package" ] || continue
        installed=$(dpkg-query -W -f '${Version}' "$package" 2>/dev/null || true)
        printf '%s\t# built with %s\n' "$package" "${installed:-?}"
    done
} > "$stage/DEBIAN-PACKAGES"

cat > "$stage/README" <<EOF
instantscan $version for Linux ($arch)

The Swift runtime is linked in; the image libraries come from the system:

    sudo apt-get install \$(cut -f1 DEBIAN-PACKAGES | grep -v '^#')

(on Debian 12, libheif1 and its plugins from bookworm-backports: see DEBIAN-PACKAGES). Then run
bin/instantscan from anywhere, or link it onto your PATH (ln -s; a copy needs instantscan-review
beside it, or on PATH, for \`instantscan review\`, and the folder
bin/InstantScan_instantscan-review.resources beside instantscan-review: the review page). The man page: man -l share/man/man1/instantscan.1.
share/instantscan/Profiles holds the sRGB and Display P3 profiles the scans embed (the binary
carries its own copies; these are for other tools).
EOF

tar -C "$dist" -czf "$dist/$name.tar.gz" "$name"

# The check: unpack elsewhere, run without the toolchain in reach.
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
tar -C "$check" -xzf "$dist/$name.tar.gz"
unpacked="$check/$name/bin/instantscan"
clean_path=/usr/local/bin:/usr/bin:/bin
if ldd "$unpacked" "$unpacked-review" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|not found'; then
    echo "dist: $unpacked or $unpacked-review still links the Swift runtime or misses a library (above)" >&2
    exit 1
fi
# Scans start without the review server's networking (libcurl and its TLS stack).
if ldd "$unpacked" | grep -E 'libcurl|libgnutls|libnghttp'; then
    echo "dist: $unpacked links the review server's networking (above): only instantscan-review should" >&2
    exit 1
fi
env -i PATH="$clean_path" "$unpacked" review --help | grep -q 'USAGE: instantscan review' \
    || { echo "dist: the unpacked instantscan review --help did not reach instantscan-review" >&2; exit 1; }
reported=$(env -i PATH="$clean_path" "$unpacked" --version)
# The loader's whole account: a toolchain library looked for, not only one loaded, is a failure.
debug=$(env -i PATH="$clean_path" LD_DEBUG=libs "$unpacked" --version 2>&1 >/dev/null)
loaded=$(sed -n 's/.*calling init: //p' <<<"$debug")
if grep -F "$toolchain_lib" <<<"$debug" || grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' <<<"$debug"; then
    echo "dist: the unpacked binary looked for the Swift toolchain's libraries (above)" >&2
    exit 1
fi
# Where we may (root, or user namespaces), run it once more with the toolchain hidden under an
# empty folder, as on a machine that never had Swift.
toolchain=$(dirname "$toolchain_lib")
if unshare -m true 2>/dev/null || unshare -rm true 2>/dev/null; then
    flag=-m; unshare -m true 2>/dev/null || flag=-rm
    hidden=$(unshare "$flag" sh -c 'mount -t tmpfs none "$1" && env -i PATH="$2" "$3" --version' sh "$toolchain" "$clean_path" "$unpacked")
    [ "$hidden" = "$version" ] || { echo "dist: with $toolchain hidden, --version printed '$hidden'" >&2; exit 1; }
    echo "dist: runs with $toolchain hidden (a mount namespace)"
fi
[ "$reported" = "$version" ] || { echo "dist: --version printed '$reported', expected '$version'" >&2; exit 1; }
[ -f "$check/$name/bin/InstantScan_instantscan-review.resources/Page/index.html" ] \
    || { echo "dist: the review page is missing from the tarball (bin/InstantScan_instantscan-review.resources/Page)" >&2; exit 1; }
echo "dist: $dist/$name.tar.gz ($(du -h "$dist/$name.tar.gz" | cut -f1)); the unpacked binary prints --version $reported and loads:"
sed 's/^/  /' <<<"$loaded"
echo "runtime packages:"
grep -v '^#' "$stage/DEBIAN-PACKAGES" | sed 's/^/  /'
