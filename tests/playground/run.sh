#!/usr/bin/env bash
# Plays every game kind through the playground page in a real browser (Debian's chromium
# driven by a pinned puppeteer-core) against the server (`SERVER_BINARY`, else the release build) on a fresh SQLite database.
# The page's modules are first type-checked (tsc --checkJs) against types generated from the
# committed contract. Screenshots go to target/playground-screenshots/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=../test_server.sh
source "$here/../test_server.sh"

if ! command -v "${CHROMIUM:-/usr/bin/chromium}" >/dev/null; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
cd "$here"
# A clean install of the pinned versions, skipped when node_modules already holds exactly them.
if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-lock.json
fi

# The page type-checked against the committed contract: a contract change that breaks it fails.
rm -rf generated
npm run --silent generate >/dev/null
npm run --silent check

start_test_server
node play.mjs "$BASE_URL" "${CARGO_TARGET_DIR:-$root/target}/playground-screenshots"
