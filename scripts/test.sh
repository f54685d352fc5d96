#!/usr/bin/env bash
# The whole test suite: unit, golden, round-trip, coverage and CLI tests, then the
# concurrency tests again under the thread sanitizer, then the examples (HTTP server, Spark),
# then every fuzz target for a short bounded time (FUZZ_SECONDS each, default 15: about
# 4 minutes with the build).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
# Phones: the plans compiled from libphonenumber's metadata against libphonenumber itself on
# 1 000 000 generated numbers (the plain run above compares 100 000; this takes a few minutes).
SPOKENFORM_PHONE_EQUIVALENCE_COUNT=1000000 swift test --skip-build --filter PhoneFastPathEquivalenceTests
# Cardinals composed from cached group pieces against ICU + the correction layer on
# 1,000,000 random values per locale and rule set (fr, en, de: 9 rule sets; about 2 minutes
# of debug build on 2 cores; the run above checks 100,000 each).
SPOKENFORM_COMPOSITION_VALUES=1000000 swift test --skip-build --filter NumberCompositionTests
# Every Swift snippet of README.md and Docs/ compiles against the library as built.
bash scripts/check-snippets.sh
# The DocC catalogues build without a warning (a renamed API breaks their links) and every
# public declaration has a doc comment.
bash scripts/docs.sh
# Thread sanitizer: a separate build folder, so the normal build is kept.
swift test --sanitize=thread --scratch-path .build-tsan --filter Concurrency
bash scripts/test-examples.sh
# Fuzzing: each parser's libFuzzer target, from the seed corpus in Fuzz/Corpus.
if [[ ${FUZZ_SECONDS:-15} != 0 ]]; then
    bash scripts/fuzz.sh all "${FUZZ_SECONDS:-15}"
fi
