#!/usr/bin/env bash
# The examples' tests (called by scripts/test.sh, after the main build):
#   1. Examples/Server: its own package; Swift tests that start the real server on
#      127.0.0.1 and talk HTTP to it (endpoints, error codes, concurrent clients, a
#      100,000-request soak with flat memory, graceful shutdown, JSON logs);
#   2. the server against Examples/Server/openapi.yaml (schemathesis);
#   3. Examples/Spark: the PySpark job equals `spokenform csv` cell for cell, and the
#      GNU parallel recipe of Docs/csv.md equals one run.
# Needs the main package's debug build (.build/debug/spokenform).
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
log="$(mktemp)"
"$bin/SpokenFormServer" --hostname 127.0.0.1 --port 0 2>"$log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 300); do
    port=$(sed -n 's/.*"message":"listening".*"port":"\([0-9]*\)".*/\1/p' "$log")
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { echo "the server did not start: $(cat "$log")" >&2; exit 1; }
bash Examples/Server/contract-test.sh "http://127.0.0.1:$port" 30
kill -TERM "$server"
wait "$server"   # graceful shutdown: exit status 0
trap 'rm -f "$log"' EXIT

step "Examples/Spark and the GNU parallel recipe"
[ -x .build/debug/spokenform ] || swift build --product spokenform
SPOKENFORM="$root/.build/debug/spokenform" python3 -m unittest -v Examples/Spark/test_spokenform_spark.py

echo "== examples passed in $((SECONDS - started)) s" >&2
