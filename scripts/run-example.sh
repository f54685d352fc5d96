#!/usr/bin/env bash
# The main job on the bundled example: install what is missing, build, convert.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build -c release --product spokenform
bin=.build/release/spokenform
if [ -f Examples/contacts.csv ] && $bin csv --help >/dev/null 2>&1 && ! $bin csv --help 2>&1 | grep -q "not available"; then
    $bin csv Examples/contacts.csv --locale-column lang --locale fr-FR \
        --column balance=number --column phone=phone --column birthday=date --column note=text
else
    for n in 54038921.7 "54 038 921,7" 80000000 21; do
        printf '%-14s fr-FR  %s\n' "$n" "$($bin number "$n" --locale fr-FR)"
    done
    printf '%-14s en-US  %s\n' 100000000000000000000 "$($bin number 100000000000000000000 --locale en-US)"
    printf '%-14s de-DE  %s\n' 1999 "$($bin year 1999 --locale de-DE)"
    printf '%-14s fr-FR  %s\n' "1 (feminine)" "$($bin ordinal 1 --gender feminine --locale fr-FR)"
fi
