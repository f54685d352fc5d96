#!/usr/bin/env bash
# Prints ICU's own spell-out rule text for a language (every rule set, private ones
# included), the start of a Locales/<lang>/spellout.txt that corrects ICU 72's rules:
#
#   scripts/icu-spellout-rules.sh cs > /tmp/cs.txt
#
# Compiles a few lines of C++ against the system ICU (libicu-dev) into a temporary folder.
set -euo pipefail
language=${1:?usage: scripts/icu-spellout-rules.sh LANGUAGE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/rules.cpp" <<'CPP'
#include <unicode/rbnf.h>
#include <unicode/locid.h>
#include <iostream>
#include <string>
int main(int argc, char **argv) {
    UErrorCode status = U_ZERO_ERROR;
    icu::RuleBasedNumberFormat format(icu::URBNF_SPELLOUT, icu::Locale(argv[1]), status);
    if (U_FAILURE(status)) { std::cerr << u_errorName(status) << "\n"; return 1; }
    std::string text;
    format.getRules().toUTF8String(text);
    std::cout << text;
    return 0;
}
CPP
g++ -o "$work/rules" "$work/rules.cpp" $(pkg-config --cflags --libs icu-i18n icu-uc)
"$work/rules" "$language"
