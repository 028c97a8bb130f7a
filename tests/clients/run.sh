#!/usr/bin/env bash
# Generates the Python and TypeScript clients from the committed contract and plays one game of
# every kind with each against the release server (fresh SQLite database, free port).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../release_server.sh
source "$here/../release_server.sh"

start_release_server
"$here/python/run.sh" "$BASE_URL"
"$here/typescript/run.sh" "$BASE_URL"
