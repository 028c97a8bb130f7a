"""Schemathesis hooks for fuzz.sh (loaded through SCHEMATHESIS_HOOKS).

An Idempotency-Key names one request: a client that sends it again with another request gets
422 `idempotency_key_reused`, and one that sends it again with the same request gets the first
response replayed, even when what it created is gone since. Neither can a schema state, and
deterministic generation draws the same few keys again and again. So each well-formed key is
replaced by one of its own for every request, as a client that follows the contract sends
them (the replays and the refusals have tests of their own in the Rust suite). Malformed keys
are sent as generated, so the server's 400 for them is still fuzzed.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from typing import Any

import schemathesis

# The contract's pattern and length for the header (api/src/spec/headers.rs).
WELL_FORMED = re.compile(r"[!#-~]([ !#-~]*[!#-~])?")
HEADER = "Idempotency-Key"


_sent = itertools.count(1)


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    headers = case.headers or {}
    key = headers.get(HEADER)
    if not isinstance(key, str) or len(key) > 255 or not WELL_FORMED.fullmatch(key):
        return
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    headers[HEADER] = f"fuzz-{next(_sent)}-{digest}"
