#!/usr/bin/env bash
# Coverage-guided fuzzing of SpokenForm's parsers with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   scripts/fuzz.sh all SECONDS          every target, SECONDS each
#
# TARGET: FuzzCSV FuzzNumber FuzzDate FuzzPhone FuzzExpand FuzzTag FuzzText FuzzCatalog FuzzStringsdict FuzzAndroidStrings FuzzGettext (see Fuzz/Package.swift).
# The seed corpus is Fuzz/Corpus/TARGET (in the repository); what the fuzzer finds goes to
# .build-fuzz/corpus/TARGET (kept between runs, never committed), a crashing input to
# .build-fuzz/artifacts/TARGET/. Exit status: 0 when no target found anything.
# Each run writes its libFuzzer output to .build-fuzz/TARGET.log, read for the statistics: run
# one target once at a time (a second run of the same target alongside would overwrite that log;
# for two processes on one target, run .build-fuzz/<config>/TARGET directly with a log of its own
# and the same corpus folders, which libFuzzer allows).
#
# FUZZ_CONFIG=release builds optimised (for long runs; the build takes longer);
# FUZZ_NO_BUILD=1 reuses the last build.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(FuzzCSV FuzzNumber FuzzDate FuzzPhone FuzzExpand FuzzTag FuzzText FuzzCatalog FuzzStringsdict FuzzAndroidStrings FuzzGettext)
target=${1:?usage: scripts/fuzz.sh TARGET|all SECONDS [libFuzzer options]}
seconds=${2:?usage: scripts/fuzz.sh TARGET|all SECONDS [libFuzzer options]}
shift 2
config=${FUZZ_CONFIG:-debug}
if [[ $target == all ]]; then selected=("${targets[@]}"); else selected=("$target"); fi

if [[ -z ${FUZZ_NO_BUILD:-} ]]; then
    # The fuzz package compiles the library's sources through its own manifest: a source file
    # added since the last fuzz build is seen only once the manifest is re-planned.
    touch Fuzz/Package.swift
    # AddressSanitizer on every target (C included) and libFuzzer's coverage on the Swift
    # code; only the Fuzz* executables link libFuzzer itself (Fuzz/Package.swift).
    product=()
    if [[ $target != all ]]; then product=(--product "$target"); fi
    # (gold's warnings about ASan's local symbols are noise: filtered.) A failed build stops
    # here (pipefail): an executable left by an earlier build must never be fuzzed instead.
    swift build --package-path Fuzz --scratch-path .build-fuzz -c "$config" --sanitize address \
        -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
        "${product[@]}" 2>&1 | { grep -v "Cannot export local symbol" || true; }
    for name in "${selected[@]}"; do
        test -x ".build-fuzz/$config/$name" || { echo "fuzz.sh: $name did not build" >&2; exit 2; }
    done
fi

failed=0
for name in "${selected[@]}"; do
    corpus=.build-fuzz/corpus/$name
    artifacts=.build-fuzz/artifacts/$name
    mkdir -p "$corpus" "$artifacts"
    log=.build-fuzz/$name.log
    echo "== $name: $seconds s"
    # -timeout: one input taking 10 s is a hang (every entry point is linear in its input).
    if ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 ".build-fuzz/$config/$name" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$@" "$corpus" "Fuzz/Corpus/$name" >"$log" 2>&1; then
        grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|Done )" "$log" | tr '\n' ' '
        echo
    else
        failed=1
        echo "fuzz.sh: $name found a defect; the input is in $artifacts/, the log in $log:" >&2
        grep -E "ERROR|SUMMARY|Fatal error|precondition|==[0-9]+==" "$log" | head -20 >&2
    fi
done
exit $failed
