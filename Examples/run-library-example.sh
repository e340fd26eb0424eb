#!/usr/bin/env bash
# Builds the README's library example as a separate package that depends on InstantScan by path
# (Examples/LibraryClient) and runs it on the samples: the documented API compiles, with
# `import Foundation` beside `import InstantScan`, and does what the README says.
# Its build folder is .build-client, so a second run only recompiles what changed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# Laid out at the same place every run, files replaced only when they change, so that a second
# build is incremental.
work="$root/.build-client/layout"
mkdir -p "$work/LibraryClient/Sources/LibraryClient"
ln -sfn "$root" "$work/InstantScan"
update() { cmp -s "$1" "$2" || cp "$1" "$2"; }
update "$root/Examples/LibraryClient/Package.swift" "$work/LibraryClient/Package.swift"
main="$work/LibraryClient/Sources/LibraryClient/main.swift"
# The first swift block after the README's library-example marker.
awk '/<!-- library-example/ { marked = 1; next }
     marked && /^```swift/ { inside = 1; next }
     inside && /^```/ { exit }
     inside { print }' "$root/README.md" > "$work/main.swift"
update "$work/main.swift" "$main"
rm -rf "$work/run"
mkdir -p "$work/run"
if [ ! -s "$main" ]; then
    echo "run-library-example: no swift block after <!-- library-example in README.md" >&2
    exit 1
fi

swift build --package-path "$work/LibraryClient" --scratch-path "$root/.build-client" >&2
binary=$(swift build --package-path "$work/LibraryClient" --scratch-path "$root/.build-client" --show-bin-path)/LibraryClient

# The photos the example names.
cp "$root/Samples/02-instaxmini-paper-daylight-p3.jpg" "$work/run/IMG_0042.jpg"
cp "$root/Samples/01-polaroid600-wood-tungsten-exif6.jpg" "$work/run/IMG_1.jpg"
cp "$root/Samples/05-instaxsquare-dark-floor-exif8.jpg" "$work/run/IMG_2.jpg"
(cd "$work/run" && "$binary")
# It wrote a real PNG of the print.
if ! head -c 8 "$work/run/IMG_0042-1.png" | cmp -s - <(printf '\x89PNG\r\n\x1a\n'); then
    echo "run-library-example: IMG_0042-1.png is missing or not a PNG" >&2
    exit 1
fi
echo "library example: built against InstantScan by path, ran, wrote IMG_0042-1.png"
