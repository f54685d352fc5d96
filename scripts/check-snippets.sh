#!/usr/bin/env bash
# Type-checks every ```swift snippet of README.md and Docs/*.md against the library as
# built, so that no documented example can rot. Run after `swift build` (scripts/test.sh
# does). Each snippet is checked alone, as the top-level code of a main.swift that imports
# Foundation and SpokenForm (a snippet may import more itself).
# Usage: bash scripts/check-snippets.sh [BUILD_DIR]   (default .build/debug)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-.build/debug}"
[ -d "$build/Modules" ] || { echo "check-snippets: no $build/Modules: run swift build first" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
count=0
for page in README.md Docs/*.md; do
    # Split the page's swift blocks into numbered files.
    python3 - "$page" "$work" <<'PY'
import sys, re, pathlib
page, work = sys.argv[1], pathlib.Path(sys.argv[2])
text = open(page, encoding="utf-8").read()
blocks = re.findall(r"^```swift\n(.*?)^```", text, flags=re.S | re.M)
stem = page.replace("/", "_").replace(".md", "")
for index, block in enumerate(blocks, 1):
    imports = [l for l in block.splitlines() if l.startswith("import ")]
    body = [l for l in block.splitlines() if not l.startswith("import ")]
    head = ["import Foundation", "import SpokenForm"] + [l for l in imports if l not in ("import Foundation", "import SpokenForm")]
    folder = work / f"{stem}-{index}"
    folder.mkdir()
    (folder / "main.swift").write_text("\n".join(head + body) + "\n", encoding="utf-8")
PY
done
# Every C target of the package (CICU, CTaggerModel, ...) is a module the library's
# interface needs: hand the compiler each module map the build wrote.
cflags=()
for map in "$build"/*.build/module.modulemap; do
    [ -e "$map" ] && cflags+=(-Xcc -fmodule-map-file="$map")
done
for folder in "$work"/*/; do
    [ -e "$folder/main.swift" ] || continue
    count=$((count + 1))
    name="$(basename "$folder")"
    if ! swiftc -typecheck -I "$build/Modules" "${cflags[@]}" \
            -Xcc -I -Xcc Sources/CICU/include -Xcc -I -Xcc Sources/CTaggerModel/include "$folder/main.swift" 2> "$work/$name.log"; then
        echo "check-snippets: $name does not compile:" >&2
        sed "s|$folder||" "$work/$name.log" >&2
        failures=$((failures + 1))
    fi
done
echo "check-snippets: $count snippet(s), $failures failing"
[ "$failures" -eq 0 ]
