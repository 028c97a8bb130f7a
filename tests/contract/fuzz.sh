#!/usr/bin/env bash
# Fuzzes the server (`SERVER_BINARY`, else the release build; fresh SQLite database, free port) with a pinned schemathesis,
# configured by schemathesis.toml: every check, the stateful phase, an account of its own.
# Extra arguments go to `schemathesis run`, e.g. `--phases stateful`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${CARDTABLE_CLIENTS_DIR:-$root/target/clients}/schemathesis
# shellcheck source=../test_server.sh
source "$here/../test_server.sh"

if [ ! -x "$work/venv/bin/schemathesis" ]; then
  python3 -m venv "$work/venv"
fi
"$work/venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"

start_test_server
# An account of its own to log in with (schemathesis.toml), and games for it to reach the rules.
export CARDTABLE_FUZZ_USERNAME=fuzzer CARDTABLE_FUZZ_PASSWORD=fuzzer-password
credentials="{\"username\":\"$CARDTABLE_FUZZ_USERNAME\",\"password\":\"$CARDTABLE_FUZZ_PASSWORD\"}"
curl -fsS -X POST "$BASE_URL/v1/accounts" -H 'content-type: application/json' -d "$credentials" >/dev/null
token=$(curl -fsS -X POST "$BASE_URL/v1/sessions" -H 'content-type: application/json' -d "$credentials" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')
games=$(python3 "$here/fuzz_data.py" "$BASE_URL" "$token")
echo "$games"
set -a
eval "$games"
set +a

cd "$work"
# Idempotency keys unique to their request, as clients must send them (fuzz_hooks.py).
export SCHEMATHESIS_HOOKS="$here/fuzz_hooks.py"
"$work/venv/bin/schemathesis" --config-file "$here/schemathesis.toml" run \
  --url "$BASE_URL" --checks all "$@" "$root/openapi/openapi.json"
