#!/usr/bin/env bash
# Installs libheif 1.18 or later with its HEVC (libde265) and AV1 (dav1d) decoder plugins, and any
# further libheif packages named as arguments (the tests add heif-enc and its encoders).
#
# Photos from recent iPhones need libheif 1.18 or later. Where the distribution's own suites offer
# that, it is installed from them; where they do not (Debian 12 has 1.15), from the release's
# backports suite, which is added to APT's sources first (mirroring how the machine's Debian
# sources are written: a deb822 .sources stanza or a one-line .list entry, same mirror and key).
# A libheif of 1.18 or later that pkg-config already finds outside dpkg is used as it is.
#
# Usage: Scripts/libheif-deps.sh [EXTRA_PACKAGE...]
set -euo pipefail
MINIMUM=1.18
PACKAGES=(libheif-dev libheif-plugin-libde265 libheif-plugin-dav1d "$@")
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

installed() { dpkg -s "$1" >/dev/null 2>&1; }
version_at_least() { dpkg --compare-versions "$1" ge "$MINIMUM"; }
# The version APT would install of $1 ("(none)" when no suite has it).
candidate() { apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ { print $2 }'; }

missing=()
for package in "${PACKAGES[@]}"; do installed "$package" || missing+=("$package"); done
if pkg-config --atleast-version="$MINIMUM" libheif 2>/dev/null; then
    if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
    if ! installed libheif-dev; then
        echo "libheif $(pkg-config --modversion libheif) found outside dpkg: using it (its decoder plugins are up to it)"
        exit 0
    fi
fi

# True when APT would install every one of the packages at $MINIMUM or later as things stand. Each
# package is asked, not libheif-dev alone: once libheif-dev came from backports its candidate is
# that installed version, while a package named later (heif-enc's libheif-examples) still has the
# release's older one as candidate, and installing it from there asks for the older libheif1.
all_recent() {
    local package v
    for package in "$@"; do
        v="$(candidate "$package")"
        [ -n "$v" ] && [ "$v" != "(none)" ] && version_at_least "$v" || return 1
    done
}

$SUDO apt-get update -qq
if all_recent "${PACKAGES[@]}"; then
    echo "installing ${PACKAGES[*]} (libheif $(candidate libheif-dev))"
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PACKAGES[@]}" >/dev/null
    exit 0
fi

codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
[ -n "$codename" ] || { echo "libheif $MINIMUM or later is needed and this system names no release to take backports of" >&2; exit 1; }
suite="$codename-backports"
if ! apt-cache policy | grep -q " $suite/"; then
    # Mirror the entry that serves the release itself: its archive address and signing key.
    deb822="$(grep -l -E "^Suites:.*[[:space:]]$codename([[:space:]]|\$)" /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1 || true)"
    if [ -n "$deb822" ]; then
        stanza="$(awk -v codename="$codename" '
            BEGIN { RS = ""; FS = "\n" }
            $0 ~ ("\nSuites:[^\n]*[ \t]" codename "([ \t\n]|$)") || $0 ~ ("^Suites:[^\n]*[ \t]" codename "([ \t\n]|$)") { print; exit }
        ' "$deb822")"
        uris="$(printf '%s\n' "$stanza" | sed -n 's/^URIs:[[:space:]]*//p' | head -1)"
        signed="$(printf '%s\n' "$stanza" | sed -n 's/^Signed-By:[[:space:]]*//p' | head -1)"
        [ -n "$uris" ] || { echo "no URIs in the $codename stanza of $deb822" >&2; exit 1; }
        echo "adding $suite from $uris to /etc/apt/sources.list.d/$suite.sources"
        {
            echo "Types: deb"
            echo "URIs: $uris"
            echo "Suites: $suite"
            echo "Components: main"
            [ -z "$signed" ] || echo "Signed-By: $signed"
        } | $SUDO tee "/etc/apt/sources.list.d/$suite.sources" >/dev/null
    else
        line="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
            | grep -E "^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?[^[:space:]]+[[:space:]]+$codename[[:space:]]" | head -1 || true)"
        [ -n "$line" ] || { echo "found no APT source for $codename to take $suite from" >&2; exit 1; }
        entry="$(printf '%s\n' "$line" | sed -E "s/^(deb[[:space:]]+(\[[^]]*\][[:space:]]+)?[^[:space:]]+)[[:space:]]+$codename[[:space:]].*/\1 $suite main/")"
        echo "adding '$entry' to /etc/apt/sources.list.d/$suite.list"
        printf '%s\n' "$entry" | $SUDO tee "/etc/apt/sources.list.d/$suite.list" >/dev/null
    fi
    $SUDO apt-get update -qq
fi
version="$(apt-cache policy libheif-dev | awk -v suite=" $suite/" '
    NF <= 3 && $NF ~ /^-?[0-9]+$/ { v = $1 == "***" ? $2 : $1 } index($0, suite) { print v; exit }')"
if [ -z "$version" ] || ! version_at_least "$version"; then
    echo "$suite has no libheif $MINIMUM or later (found: ${version:-none})" >&2
    exit 1
fi
echo "installing ${PACKAGES[*]} from $suite (libheif $version)"
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -t "$suite" "${PACKAGES[@]}" >/dev/null
