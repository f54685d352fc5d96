#!/usr/bin/env bash
# The examples' tests (called by scripts/test.sh, after the main build):
#   1. Examples/Server: its own package; Swift tests that start the real server on
#      127.0.0.1 and talk HTTP to it (endpoints, error codes, concurrent clients, a
#      100,000-request soak with flat memory, graceful shutdown, JSON logs);
#   2. the server against Examples/Server/openapi.yaml (schemathesis);
#   3. the listening page (GET /) in headless Chromium (Examples/Server/test_listen_page.py):
#      text, rewrites, audio, catalog upload and download (equal to `spokenform catalog`),
#      and axe-core's accessibility rules;
#   4. Examples/Spark: the PySpark job equals `spokenform csv` cell for cell, and the
#      GNU parallel recipe of Docs/csv.md equals one run.
# Needs the main package's debug build (.build/debug/spokenform), or SPOKENFORM=path to a
# built spokenform (e.g. Examples/Server/.build/debug/spokenform).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
step() { echo "== $1 ($(date -u +%T))" >&2; }
started=$SECONDS

step "build Examples/Server"
swift build --package-path Examples/Server --build-tests
step "Examples/Server tests"
swift test --package-path Examples/Server --skip-build

step "Examples/Server against openapi.yaml (schemathesis)"
bin="$(swift build --package-path Examples/Server --show-bin-path)"
source Examples/Server/server-process.sh
trap 'server_cleanup' EXIT
start_server "$bin/SpokenFormServer"
bash Examples/Server/contract-test.sh "http://127.0.0.1:$SERVER_PORT" 30
stop_server   # graceful shutdown: exit status 0

SPOKENFORM=${SPOKENFORM:-$root/.build/debug/spokenform}
[ -x "$SPOKENFORM" ] || swift build --product spokenform

step "the listening page in headless Chromium"
start_server "$bin/SpokenFormServer"
SERVER_URL="http://127.0.0.1:$SERVER_PORT" SPOKENFORM="$SPOKENFORM" timeout --kill-after=10 300 \
    python3 -m unittest -v Examples/Server/test_listen_page.py
stop_server

step "Examples/Spark and the GNU parallel recipe"
# Bounded: about 1 min idle, 3 min next to a release build; a JVM that hangs fails the step
# (pyspark's JVM exits with the Python process that started it).
SPOKENFORM="$SPOKENFORM" timeout --kill-after=30 600 \
    python3 -m unittest -v Examples/Spark/test_spokenform_spark.py

echo "== examples passed in $((SECONDS - started)) s" >&2
