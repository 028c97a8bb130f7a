#!/usr/bin/env bash
# Generates TypeScript types from the committed contract with a pinned openapi-typescript,
# type-checks the player against them with `tsc --strict`, and plays one game of every kind
# through openapi-fetch against a running server.
# Usage: tests/clients/typescript/run.sh BASE_URL
set -euo pipefail
cd "$(dirname "$0")"
base_url=${1:?usage: run.sh BASE_URL}

# A clean install of the pinned versions, skipped when node_modules already holds exactly them.
if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-lock.json
fi
rm -rf generated build
npm run --silent generate
npm run --silent check
npm run --silent play -- "$base_url"
