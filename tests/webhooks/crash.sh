#!/usr/bin/env bash
# Webhooks survive SIGKILL: the server binary is killed at random moments while four accounts
# play, and every your_turn of an acknowledged move must reach a real receiver afterwards
# (tests/src/bin/webhook_crash.rs). On SQLite, and on PostgreSQL when
# CARDTABLE_TEST_POSTGRES_URL is set.
#
#   tests/webhooks/crash.sh [KILLS_PER_BACKEND]    default 5
#   BUILD=0   use the debug binaries already built
set -euo pipefail
cd "$(dirname "$0")/../.."
kills="${1:-5}"
target_dir=${CARGO_TARGET_DIR:-target}
if [ "${BUILD:-1}" = 1 ]; then
  cargo build -p api -p blackbox --bin cardtable --bin webhook_crash
fi
backends="sqlite"
if [ -n "${CARDTABLE_TEST_POSTGRES_URL:-}" ]; then
  backends="sqlite postgres"
fi
for backend in $backends; do
  "$target_dir/debug/webhook_crash" --server "$target_dir/debug/cardtable" \
    --backend "$backend" --kills "$kills"
done
