# Starting and stopping a SpokenFormServer binary from a shell script: sourced by
# Examples/Server/bench.sh and scripts/test-examples.sh, so both wait for the server
# the same way (the Swift tests have their own, ServerProcess.swift).
#
#   source Examples/Server/server-process.sh
#   start_server "$bin/SpokenFormServer" [MORE OPTIONS...]   # sets SERVER_PID, SERVER_PORT, SERVER_LOG
#   ... talk to http://127.0.0.1:$SERVER_PORT ...
#   stop_server            # SIGTERM, then the server's exit status (0 after a graceful shutdown)
#
# The caller's EXIT trap calls server_cleanup (with its own clean-up, if any), so a
# failing script never leaves a server behind: trap 'server_cleanup' EXIT

SERVER_PID=""
SERVER_PORT=""
SERVER_LOG=""

# start_server BINARY [OPTIONS...]: starts BINARY on 127.0.0.1, port 0 (a free port),
# and waits up to SERVER_START_SECONDS (default 60) for its "listening" log line, which
# names the port. Fails, printing the log, if the server exits or never listens.
start_server() {
    local binary="$1"; shift
    SERVER_LOG="$(mktemp)"
    "$binary" --hostname 127.0.0.1 --port 0 "$@" 2>"$SERVER_LOG" &
    SERVER_PID=$!
    local deadline=$((SECONDS + ${SERVER_START_SECONDS:-60}))
    SERVER_PORT=""
    while [ "$SECONDS" -lt "$deadline" ]; do
        SERVER_PORT=$(sed -n 's/.*"message":"listening".*"port":"\([0-9]*\)".*/\1/p' "$SERVER_LOG")
        [ -n "$SERVER_PORT" ] && return 0
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "the server exited before listening: $(cat "$SERVER_LOG")" >&2
            return 1
        fi
        sleep 0.1
    done
    echo "the server did not listen within ${SERVER_START_SECONDS:-60} s: $(cat "$SERVER_LOG")" >&2
    return 1
}

# stop_server: SIGTERM, waits for the server to exit, and returns its exit status.
stop_server() {
    local status=0
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID" || status=$?
    SERVER_PID=""
    return "$status"
}

# The EXIT trap: a server still running is killed; its log is removed.
server_cleanup() {
    if [ -n "$SERVER_PID" ]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -f "$SERVER_LOG"
}
