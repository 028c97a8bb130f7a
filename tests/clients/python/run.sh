#!/usr/bin/env bash
# Generates a Python client from the committed contract with a pinned openapi-python-client and
# plays one game of every kind with it against a running server.
# Usage: tests/clients/python/run.sh BASE_URL
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
base_url=${1:?usage: run.sh BASE_URL}
work=${CARDTABLE_CLIENTS_DIR:-$root/target/clients}/python

if [ ! -x "$work/venv/bin/python" ]; then
  python3 -m venv "$work/venv"
fi
"$work/venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"

rm -rf "$work/generated"
"$work/venv/bin/openapi-python-client" generate --fail-on-warning \
  --path "$root/openapi/openapi.json" --config "$here/generator.yaml" \
  --meta none --output-path "$work/generated/cardtable_client"

# Every schema has a name a client can use: a `..._type_0` model is a union variant left without
# a title, which the generator could only number.
if ls "$work/generated/cardtable_client/models" | grep -E '_type_[0-9]+\.py$'; then
  echo "the contract has union variants without a name or title (listed above)" >&2
  exit 1
fi

PYTHONPATH="$work/generated" "$work/venv/bin/python" "$here/play.py" "$base_url"
