#!/usr/bin/env bash
# Builds the DocC documentation of SpokenForm and SpokenFormCSV into .build/docs/<target>
# (swiftlang/swift-docc-plugin), failing on any DocC warning, and checks that every public
# declaration has a doc comment (scripts/doc-coverage.py).
# Usage: bash scripts/docs.sh   (view with any static web server over .build/docs/<target>)
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/doc-coverage.py Sources/SpokenForm Sources/SpokenFormCSV Sources/SpokenFormCatalog
mkdir -p .build/docs
for target in SpokenForm SpokenFormCSV SpokenFormCatalog; do
    rm -rf ".build/docs/$target"
    swift package --allow-writing-to-directory ".build/docs/$target" \
        generate-documentation --target "$target" --warnings-as-errors \
        --output-path ".build/docs/$target" --transform-for-static-hosting
done
echo "docs: .build/docs/SpokenForm, .build/docs/SpokenFormCSV and .build/docs/SpokenFormCatalog"
