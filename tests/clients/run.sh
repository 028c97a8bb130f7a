#!/usr/bin/env bash
# Generates the Python and TypeScript clients from the committed contract and plays one game of
# every kind with each against the server (`SERVER_BINARY`, else the release build; fresh SQLite database, free port).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../test_server.sh
source "$here/../test_server.sh"

start_test_server
"$here/python/run.sh" "$BASE_URL"
"$here/typescript/run.sh" "$BASE_URL"
