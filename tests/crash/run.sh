#!/usr/bin/env bash
# Crash safety, proven: clients play games through the real server binary while it is killed with
# SIGKILL at random moments and restarted; afterwards every acknowledged move must be stored
# exactly once and every game's state must equal the replay of its move log (tests/src/bin/crash.rs).
#
#   tests/crash/run.sh [KILLS_PER_BACKEND]     default 100, on SQLite and (when
#                                              CARDTABLE_TEST_POSTGRES_URL is set) PostgreSQL
#   PROFILE=debug  use target/debug instead of the release build
#   BUILD=0        use the binaries already built (CI builds them with its test run)
set -euo pipefail
cd "$(dirname "$0")/../.."

kills="${1:-100}"
profile="${PROFILE:-release}"
if [ "${BUILD:-1}" = 1 ]; then
  if [ "$profile" = release ]; then
    cargo build --release -p api -p blackbox --bin cardtable --bin crash
  else
    cargo build -p api -p blackbox --bin cardtable --bin crash
  fi
fi

backends="sqlite"
if [ -n "${CARDTABLE_TEST_POSTGRES_URL:-}" ]; then
  backends="sqlite postgres"
elif [ "${CI:-}" = "true" ]; then
  echo "CARDTABLE_TEST_POSTGRES_URL is not set under CI: the PostgreSQL crash run would be skipped" >&2
  exit 1
fi

for backend in $backends; do
  "target/$profile/crash" --server "target/$profile/cardtable" --backend "$backend" --kills "$kills"
done
