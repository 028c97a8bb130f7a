#!/usr/bin/env bash
# Validates the contract as an OpenAPI 3.1 document (openapi-spec-validator), then real traffic
# against it with openapi-core, an independent validator: one
# short game of every kind against the server (`SERVER_BINARY`, else the release build; fresh SQLite database, free port), every
# request and response checked, streams from their first bytes (tests/contract/validate.py).
# Fails on any mismatch. A pinned openapi-core is installed in a venv of its own.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${CARDTABLE_CLIENTS_DIR:-$root/target/clients}/openapi-core
# shellcheck source=../test_server.sh
source "$here/../test_server.sh"

if [ ! -x "$work/venv/bin/python" ]; then
  python3 -m venv "$work/venv"
fi
"$work/venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/validate-requirements.txt"

# The document itself first: valid OpenAPI 3.1.
"$work/venv/bin/python" -m openapi_spec_validator "$root/openapi/openapi.json"
start_test_server
"$work/venv/bin/python" "$here/validate.py" "$BASE_URL" "$@"
