#!/usr/bin/env bash
# The main job on the bundled example: install what is missing, build, then convert the
# spoken columns of Examples/contacts.csv (each row in its own `lang` locale) and show them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product spokenform
bin=.build/release/spokenform
out=.build/contacts.spoken.csv

$bin csv Examples/contacts.csv --locale fr-FR --locale-column lang \
    --column birthday=date --column appointment=datetime --column phone=phone \
    --column balance=number --column "order number"=digits -o "$out"

echo "Converted Examples/contacts.csv -> $out ($(wc -l < "$out") lines). First rows, spoken columns:"
python3 - "$out" <<'PY'
import csv, sys
with open(sys.argv[1], newline="", encoding="utf-8") as f:
    for i, row in enumerate(csv.DictReader(f)):
        if i == 6:
            break
        print(f"[{row['lang']}] {row['name']}")
        for column in ("birthday", "appointment", "phone", "balance", "order number"):
            print(f"    {column:12} {row[column]!r:28} -> {row[column + '_spoken']}")
PY
