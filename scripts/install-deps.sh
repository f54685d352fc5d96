#!/usr/bin/env bash
# Installs the system libraries SpokenForm links against, when they are missing.
# Debian/Ubuntu: libicu-dev (ICU 72), libphonenumber-dev. Python 3 (for the CSV
# differential tests) ships with the image; nothing is installed from PyPI. GNU parallel
# runs the CSV scale-out recipe's test (Docs/csv.md).
set -euo pipefail
missing=()
for package in libicu-dev libphonenumber-dev python3 parallel; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}" >&2
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
