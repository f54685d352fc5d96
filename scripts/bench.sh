#!/usr/bin/env bash
# Release benchmarks. Every figure is measured next to its reference in the same run, so
# ratios stay meaningful on a shared machine (absolute figures need an idle one).
#   scripts/bench.sh                    every suite, tables for people
#   scripts/bench.sh --json [SUITE...]  one JSON object on standard output (tables on standard error)
#   scripts/bench.sh numbers csv        some suites
#   scripts/bench.sh --callgrind        instructions per call of the number paths (valgrind):
#                                       repeatable where timings are not
# Figure names and meanings: Benchmarks/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product SpokenFormBenchmarks >&2
swift build -c release --product spokenform >&2   # the csv and startup suites run the CLI beside it
bench=.build/release/SpokenFormBenchmarks

if [[ ${1:-} == --callgrind ]]; then
    command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
    # Valgrind 3.19 cannot read the debug information swiftc writes: run a copy without it.
    stripped=$(mktemp)
    trap 'rm -f "$stripped"' EXIT
    objcopy --strip-debug "$bench" "$stripped"
    # Instructions of N calls minus instructions of 0 calls (same start-up and warm-up), over N.
    instructions() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$stripped" instructions "$1" "$2" 2>&1 |
            sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    }
    calls=20000
    printf '%-40s %s\n' "path" "instructions per call"
    for tag in fr-FR en-US de-DE; do
        for path in integer.spokenform integer.icu decimal_text.spokenform decimal_text.icu; do
            base=$(instructions "numbers.$tag.$path" 0)
            full=$(instructions "numbers.$tag.$path" "$calls")
            printf '%-40s %d\n' "numbers.$tag.$path" $(( (full - base) / calls ))
        done
    done
    exit 0
fi
exec "$bench" "${@:-all}"
