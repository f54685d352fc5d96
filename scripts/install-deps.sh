#!/usr/bin/env bash
# Installs the system libraries SpokenForm links against, when they are missing.
# Debian/Ubuntu: libicu-dev (ICU 72), libphonenumber-dev. Python 3 (for the CSV
# differential tests) ships with the image. GNU parallel runs the CSV scale-out recipe's
# test (Docs/csv.md). For the examples (scripts/test-examples.sh): wrk (the server's
# bench.sh), Java 17 when no java is installed, espeak-ng (the server's audio), Chromium
# and its WebDriver (the listening page's browser test), and from PyPI pyspark
# (Examples/Spark), schemathesis (the server's contract test against openapi.yaml),
# selenium (drives Chromium) and axe-playwright-python, only for the axe-core it bundles
# (installed without its dependencies: Playwright is not used).
set -euo pipefail
missing=()
for package in libicu-dev libphonenumber-dev python3 parallel wrk espeak-ng chromium chromium-driver; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jre-headless)
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}" >&2
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
python3 -c "import pyspark, schemathesis" 2>/dev/null ||
    python3 -m pip install --quiet pyspark==4.3.0 schemathesis==4.32.5
python3 -c "import selenium" 2>/dev/null || python3 -m pip install --quiet selenium==4.51.0
python3 -c "import importlib.util as u, sys; sys.exit(u.find_spec('axe_playwright_python') is None)" 2>/dev/null ||
    python3 -m pip install --quiet --no-deps axe-playwright-python==0.1.8
