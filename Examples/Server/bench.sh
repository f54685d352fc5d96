#!/usr/bin/env bash
# Load benchmark (not in CI): wrk against a release SpokenFormServer on 127.0.0.1.
# GET /health is the framework's own ceiling; POST /v1/speak with a number, a date and
# a 61-character text (kind `text`) are
# measured in the same run and given as a share of /health's requests per second.
# Target: number and date >= 70% of /health, p99 <= 5 ms.
#   bash Examples/Server/bench.sh            # WRK="-t2 -c16 -d10s" by default
# wrk runs on the same machine as the server, so both share its cores: state the load.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
WRK=${WRK:-"-t2 -c16 -d10s"}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }

swift build -c release --package-path "$here" --product SpokenFormServer >&2
binary="$(swift build -c release --package-path "$here" --show-bin-path)/SpokenFormServer"
lua="$(mktemp --suffix=.lua)"
source "$here/server-process.sh"
trap 'server_cleanup; rm -f "$lua"' EXIT
# Info level logs only the start and the stop; requests are logged at debug.
start_server "$binary"
port=$SERVER_PORT

cat >"$lua" <<'LUA'
wrk.method = os.getenv("METHOD")
local body = os.getenv("BODY")
if body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end
LUA

# Prints "requests/s p50 p99" for one target (wrk's --latency percentiles, in ms).
measure() { # METHOD PATH BODY
    METHOD="$1" BODY="$3" wrk $WRK --latency -s "$lua" "http://127.0.0.1:$port$2" | awk '
        function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
        /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) } /^Requests\/sec/ { rps = $2 }
        /Non-2xx/ { bad = $NF }
        END { if (bad != "") { print "non-2xx answers: " bad > "/dev/stderr"; exit 1 }; printf "%.0f %.2f %.2f\n", rps, p50, p99 }'
}

number='{"locale":"fr-FR","kind":"number","input":"54 038 921,7"}'
date='{"locale":"fr-FR","kind":"date","input":"01/04/2015"}'
text='{"locale":"fr-FR","kind":"text","input":"RDV chez le Dr Martin, 3 av. Foch à Paris, le 12/05 vers 17h."}'
for body in "$number" "$date" "$text"; do  # warm the caches and check each answers 200
    curl -sf "http://127.0.0.1:$port/v1/speak" -d "$body" >/dev/null
done
saved=$WRK; WRK="-t1 -c4 -d2s"; measure GET /health "" >/dev/null; measure POST /v1/speak "$number" >/dev/null; WRK=$saved

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; wrk $WRK"
read -r health_rps health_p50 health_p99 < <(measure GET /health "")
printf '%-28s %10s %8s %8s %10s\n' target "req/s" "p50 ms" "p99 ms" "of /health"
printf '%-28s %10s %8s %8s %10s\n' "GET /health" "$health_rps" "$health_p50" "$health_p99" "100%"
for name in number date text; do
    read -r rps p50 p99 < <(measure POST /v1/speak "${!name}")
    printf '%-28s %10s %8s %8s %9.0f%%\n' "POST /v1/speak $name" "$rps" "$p50" "$p99" "$(echo "100 * $rps / $health_rps" | bc -l)"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
