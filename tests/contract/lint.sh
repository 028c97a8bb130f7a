#!/usr/bin/env bash
# Lints the committed contract with pinned Redocly CLI (`recommended`) and Spectral
# (`spectral:oas`); either one's errors or warnings fail the run.
set -euo pipefail
cd "$(dirname "$0")"
contract=../../openapi/openapi.json

# A clean install of the pinned versions, skipped when node_modules already holds exactly them.
if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.installed-lock.json
fi
npx --no-install redocly lint --config redocly.yaml --format stylish "$contract"
npx --no-install spectral lint --ruleset .spectral.yaml --fail-severity warn "$contract"
