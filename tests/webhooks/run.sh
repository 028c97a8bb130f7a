#!/usr/bin/env bash
# The webhook signatures checked by an independent verifier: installs the pinned Standard
# Webhooks Python package in a virtual environment, then runs the black-box webhook test that
# hands every captured request to tests/webhooks/verify.py (on SQLite, and on PostgreSQL when
# CARDTABLE_TEST_POSTGRES_URL is set). Without WEBHOOK_VERIFY_PYTHON that test verifies with
# its own code only.
set -euo pipefail
cd "$(dirname "$0")/../.."
target_dir=${CARGO_TARGET_DIR:-target}
mkdir -p "$target_dir"
venv="$(cd "$target_dir" && pwd)/webhooks-venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q -r tests/webhooks/requirements.txt
WEBHOOK_VERIFY_PYTHON="$venv/bin/python" \
  cargo test -p blackbox --test http -- webhooks::a_move_sends_a_signed_your_turn --nocapture
