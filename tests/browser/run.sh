#!/usr/bin/env bash
# A real headless Chromium (Debian's `chromium`, driven by the pinned puppeteer-core) keeps a
# game's EventSource across a server restart and slow-reader cuts, from a page on another
# origin, and ends without a console error. Builds nothing: it runs the server binary given
# (argument or `SERVER_BINARY`, else the release build) on a free port with a fresh SQLite database.
# Usage: tests/browser/run.sh [SERVER_BINARY]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=${1:-${SERVER_BINARY:-${CARGO_TARGET_DIR:-$root/target}/release/cardtable}}
[ -x "$binary" ] || { echo "no server binary at $binary (cargo build --release -p api)" >&2; exit 1; }
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")

# The browser comes from the distribution, never from a download by puppeteer.
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

cd "$here"
# A clean install of the pinned versions, skipped when node_modules already holds exactly them.
if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-lock.json
fi
echo "== a real Chromium keeps a game's EventSource across a restart and slow-reader cuts"
CHROMIUM=/usr/bin/chromium node stream.mjs "$binary"
