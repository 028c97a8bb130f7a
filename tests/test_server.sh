# Sourced by the scripts that test the server from outside.
# `start_test_server` starts the server binary on a free port with a fresh SQLite database in a
# temporary directory, waits until it is healthy and sets BASE_URL; it is stopped, and its
# directory removed, when the calling shell exits. The binary is `SERVER_BINARY` when set (CI
# gives the debug build its tests already compiled, so it builds the server once, not twice);
# otherwise the release build, built first (a no-op when it is current).

start_test_server() {
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  local binary=${SERVER_BINARY:-}
  if [ -z "$binary" ]; then
    (cd "$root" && cargo build --release --quiet -p api)
    binary=${CARGO_TARGET_DIR:-$root/target}/release/cardtable
  fi
  [ -x "$binary" ] || { echo "no server binary at $binary" >&2; return 1; }
  # Exported: a caller that reads /metrics (the fuzzer) sends it.
  CARDTABLE_METRICS_TOKEN=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  export CARDTABLE_METRICS_TOKEN
  SERVER_DIR=$(mktemp -d)
  trap stop_test_server EXIT
  # PORT=0: the system picks a free port and the server prints the address it listens on.
  # Rate limits and the connection bound off (0): one address registering dozens of accounts,
  # fuzzing every operation and holding a browser's streams would mostly get 429; the limits
  # have tests of their own. A metrics token, as an operator sets one: /metrics then answers
  # 401 to every caller without it, as the contract says.
  HOST=127.0.0.1 PORT=0 DATA_DIR="$SERVER_DIR" DATABASE_URL="$SERVER_DIR/cardtable.sqlite3" \
    RATE_LIMIT_AUTH_PER_MINUTE=0 RATE_LIMIT_GAMES_PER_MINUTE=0 RATE_LIMIT_MOVES_PER_MINUTE=0 \
    RATE_LIMIT_JOINS_PER_MINUTE=0 RATE_LIMIT_LEAVES_PER_MINUTE=0 \
    RATE_LIMIT_STREAM_TICKETS_PER_MINUTE=0 RATE_LIMIT_REFRESHES_PER_MINUTE=0 CONNECTIONS_PER_CLIENT=0 \
    METRICS_TOKEN="$CARDTABLE_METRICS_TOKEN" \
    RUST_LOG=${RUST_LOG:-warn} "$binary" >"$SERVER_DIR/stdout" 2>"$SERVER_DIR/stderr" &
  SERVER_PID=$!
  BASE_URL=
  for _ in $(seq 1 100); do
    BASE_URL=$(sed -n 's|^Cardtable listening on \(http://[^ ]*\).*|\1|p' "$SERVER_DIR/stdout")
    if [ -n "$BASE_URL" ] && curl -fsS "$BASE_URL/healthz" >/dev/null 2>&1; then
      echo "server $binary at $BASE_URL (database $SERVER_DIR/cardtable.sqlite3)"
      return 0
    fi
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.2
  done
  echo "the server did not start:" >&2
  cat "$SERVER_DIR/stderr" >&2
  return 1
}

stop_test_server() {
  if [ -n "${SERVER_PID:-}" ]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
  fi
  if [ -n "${SERVER_DIR:-}" ]; then
    rm -rf "$SERVER_DIR"
    SERVER_DIR=
  fi
}
