"""Checks real traffic against the contract with an independent validator, openapi-core.

Plays one short game of every kind against a running server over plain HTTP, and validates
every request and response pair against `openapi/openapi.json`: successes, the errors a client
meets (401, 404, 409, 422, 400, 304) and the event streams, message by message from their
first bytes (the `retry:`-only opening message included), with each message's JSON `data`
checked against the schema the contract names for it. Any mismatch fails the run.

Usage: python validate.py BASE_URL [CONTRACT]   (CONTRACT defaults to openapi/openapi.json)
"""

from __future__ import annotations

import http.client
import json
import pathlib
import random
import sys
import time
import urllib.parse
import uuid
from typing import Any

from openapi_core import Config, OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from openapi_schema_validator import OAS31Validator

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
# The clients' move chooser works on plain JSON: one legal move from a seat's legal moves.
sys.path.insert(0, str(ROOT / "tests" / "clients" / "python"))
from choose import choose  # noqa: E402

# A bound on inputs per game, so the run stays short; the games played are the shortest setups.
MAX_INPUTS = 600
# Seconds a stream may stay silent before the run counts it as a failure.
STREAM_TIMEOUT = 15


def sse_blocks(raw: bytes) -> list[dict[str, Any]]:
    """The messages of an event stream's bytes, as field maps (`retry` as a number); comment-only
    blocks, which dispatch nothing, are left out."""
    messages = []
    for block in raw.decode().replace("\r\n", "\n").split("\n\n"):
        fields: dict[str, Any] = {}
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "data":
                fields["data"] = fields["data"] + "\n" + value if "data" in fields else value
            elif name == "retry":
                fields["retry"] = int(value) if value.isdigit() else value
            else:
                fields[name] = value
        if fields:
            messages.append(fields)
    return messages


def sse_loads(value: bytes, **_parameters: str) -> Any:
    """One server-sent event (the bytes of one message) as the object the contract describes."""
    messages = sse_blocks(value)
    if len(messages) != 1:
        raise ValueError(f"expected one message, got {len(messages)}")
    return messages[0]


class Checker:
    """Sends requests and validates each pair; collects every mismatch."""

    def __init__(self, base_url: str, contract: pathlib.Path) -> None:
        self.base = urllib.parse.urlsplit(base_url)
        self.spec = json.loads(contract.read_text())
        # The server under test is where the contract is served from, whatever host and port
        # its `servers` entry names.
        self.spec["servers"] = [{"url": base_url}]
        # openapi-core reads only `application/json` as JSON; a problem (RFC 9457) is JSON too.
        config = Config(
            extra_media_type_deserializers={
                "text/event-stream": sse_loads,
                "application/problem+json": lambda value, **_: json.loads(value),
            }
        )
        self.openapi = OpenAPI.from_dict(self.spec, config=config)
        self.pairs = 0
        self.statuses: dict[str, set[int]] = {}
        self.failures: list[str] = []

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.base.hostname, self.base.port, timeout=STREAM_TIMEOUT)

    def check(self, what: str, request: MockRequest, response: MockResponse, request_valid: bool = True) -> None:
        """Validates the request (unless it is wrong on purpose) and the response."""
        self.pairs += 1
        self.statuses.setdefault(f"{request.method} {request.path_pattern}", set()).add(response.status_code)
        stages = [("response", lambda: self.openapi.validate_response(request, response))]
        if request_valid:
            stages.insert(0, ("request", lambda: self.openapi.validate_request(request)))
        for stage, validate in stages:
            try:
                validate()
            except Exception as error:  # every validator error is a mismatch to report
                causes = "; ".join(str(cause) for cause in getattr(error, "schema_errors", []) or [])
                detail = f"{type(error).__name__}: {error}" + (f" ({causes})" if causes else "")
                self.failures.append(f"{what}: {stage} {response.status_code}: {detail[:600]}")

    def call(
        self,
        what: str,
        method: str,
        pattern: str,
        path: dict[str, str] | None = None,
        query: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        body: Any = None,
        expect: int | None = None,
        request_valid: bool = True,
    ) -> tuple[int, dict[str, str], Any]:
        """Sends one request, validates the pair, and returns status, headers and JSON body. A
        request that is wrong on purpose (`request_valid=False`) has only its answer checked."""
        url_path = pattern.format(**(path or {}))
        target = url_path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = json.dumps(body).encode() if body is not None else None
        headers = dict(headers or {})
        if data is not None:
            headers["Content-Type"] = "application/json"
        connection = self.connection()
        connection.request(method, target, body=data, headers=headers)
        reply = connection.getresponse()
        raw = reply.read()
        connection.close()
        reply_headers = {name: value for name, value in reply.getheaders()}
        content_type = reply.getheader("Content-Type", "") or ""
        request = MockRequest(
            f"{self.base.scheme}://{self.base.netloc}",
            method,
            url_path,
            path_pattern=pattern,
            args=query,
            view_args=path,
            headers=headers,
            data=data,
            content_type="application/json" if data is not None else "",
        )
        response = MockResponse(raw, reply.status, reply_headers, content_type.split(";")[0])
        self.check(what, request, response, request_valid)
        if expect is not None and reply.status != expect:
            self.failures.append(f"{what}: expected {expect}, got {reply.status}: {raw[:300]!r}")
        parsed = json.loads(raw) if raw and "json" in content_type else raw
        return reply.status, reply_headers, parsed

    def stream(
        self,
        what: str,
        pattern: str,
        path: dict[str, str] | None,
        query: dict[str, str] | None,
        headers: dict[str, str],
        data_schema: str,
        messages: int | None,
    ) -> list[dict[str, Any]]:
        """Opens a stream and validates its messages from the first bytes on: `messages` of
        them, or every one until the server ends it. Returns the messages."""
        url_path = pattern.format(**(path or {}))
        target = url_path + ("?" + urllib.parse.urlencode(query) if query else "")
        connection = self.connection()
        connection.request("GET", target, headers=headers)
        reply = connection.getresponse()
        reply_headers = {name: value for name, value in reply.getheaders()}
        content_type = (reply.getheader("Content-Type", "") or "").split(";")[0]
        request = MockRequest(
            f"{self.base.scheme}://{self.base.netloc}",
            "GET",
            url_path,
            path_pattern=pattern,
            args=query,
            view_args=path,
            headers=headers,
            content_type="",
        )
        if reply.status != 200 or content_type != "text/event-stream":
            raw = reply.read()
            connection.close()
            self.check(what, request, MockResponse(raw, reply.status, reply_headers, content_type))
            self.failures.append(f"{what}: expected a stream, got {reply.status}: {raw[:300]!r}")
            return []
        received: list[dict[str, Any]] = []
        block = b""
        while messages is None or len(received) < messages:
            line = reply.readline()
            if not line:
                break
            block += line
            if line not in (b"\n", b"\r\n"):
                continue
            for message in sse_blocks(block):
                self.check(f"{what} message {len(received) + 1}", request,
                           MockResponse(block, 200, reply_headers, content_type))
                self.check_data(f"{what} message {len(received) + 1}", message, data_schema)
                received.append(message)
            block = b""
        connection.close()
        if not received or "retry" not in received[0] or "data" in received[0]:
            self.failures.append(f"{what}: the stream does not open with a retry-only message: {received[:1]}")
        return received

    def check_data(self, what: str, message: dict[str, Any], schema: str) -> None:
        """A message's JSON `data` against the schema its `contentSchema` names (a JSON Schema
        annotation, which validators leave unchecked by default)."""
        if "data" not in message:
            return
        try:
            value = json.loads(message["data"])
        except ValueError as error:
            self.failures.append(f"{what}: data is not JSON: {error}")
            return
        root = {"$ref": f"#/components/schemas/{schema}", "components": self.spec["components"]}
        for error in OAS31Validator(root).iter_errors(value):
            self.failures.append(f"{what}: data: {error.message[:400]}")


def sign_up(checker: Checker, count: int) -> list[dict[str, str]]:
    """Registers and logs in `count` fresh accounts; the bearer header of each."""
    run = uuid.uuid4().hex[:8]
    seats = []
    for index in range(count):
        credentials = {"username": f"oc-{run}-{index}", "password": f"secret-{run}-{index}"}
        checker.call("register", "POST", "/v1/accounts", body=credentials, expect=201)
        _, _, session = checker.call("log in", "POST", "/v1/sessions", body=credentials, expect=201)
        seats.append({"Authorization": f"Bearer {session['access_token']}"})
    return seats


def play(checker: Checker, kind: dict[str, Any], rng: random.Random) -> None:
    """One game of `kind` with its fewest seats, every request validated."""
    seats = sign_up(checker, kind["min_players"])
    name = kind["id"]
    _, _, game = checker.call(f"{name}: create", "POST", "/v1/games", headers=seats[0],
                              body={"kind": name, "players": len(seats)}, expect=201)
    game_id = {"id": game["id"]}
    # Before the start: the legal moves are refused, a stale leave too.
    checker.call(f"{name}: legal moves before the start", "GET", "/v1/games/{id}/legal-moves",
                 game_id, headers=seats[0], expect=409)
    for index, seat in enumerate(seats[1:], start=1):
        headers = {**seat, "Idempotency-Key": f"join-{game['id']}-{index}"}
        checker.call(f"{name}: join", "POST", "/v1/games/{id}/join", game_id, headers=headers, expect=200)

    opened = False
    inputs = 0
    while True:
        _, etag_headers, game = checker.call(f"{name}: read", "GET", "/v1/games/{id}", game_id,
                                             headers=seats[0], expect=200)
        etag = etag_headers.get("ETag") or etag_headers.get("etag") or ""
        checker.call(f"{name}: revalidate", "GET", "/v1/games/{id}", game_id,
                     headers={**seats[0], "If-None-Match": etag}, expect=304)
        if game["status"] == "finished" or inputs >= MAX_INPUTS:
            break
        for seat in game["to_act"]:
            headers = seats[seat]
            if not opened:
                # The account stream of a seat with a decision: its opening, then `your_turn`.
                opened = True
                checker.stream(f"{name}: account stream", "/v1/me/stream", None, None, headers,
                               "AccountEvent", messages=2)
                _, _, ticket = checker.call(f"{name}: account ticket", "POST", "/v1/me/stream-tickets",
                                            headers=headers, expect=201)
                checker.stream(f"{name}: account stream by ticket", "/v1/me/stream", None,
                               {"ticket": ticket["ticket"]}, {}, "AccountEvent", messages=1)
            _, _, legal = checker.call(f"{name}: legal moves", "GET", "/v1/games/{id}/legal-moves",
                                       game_id, headers=headers, expect=200)
            move = choose(legal["legal_moves"], rng)
            if move is None:
                continue
            if inputs == 0:
                stale = {"version": legal["version"] + 1, "move": move}
                checker.call(f"{name}: stale move", "POST", "/v1/games/{id}/moves", game_id,
                             headers=headers, body=stale, expect=409)
            body = {"version": legal["version"], "move": move}
            key = {**headers, "Idempotency-Key": f"move-{game['id']}-{legal['version']}-{seat}"}
            status, _, _ = checker.call(f"{name}: move", "POST", "/v1/games/{id}/moves", game_id,
                                        headers=key, body=body)
            if status not in (200, 409):
                checker.failures.append(f"{name}: a legal move got {status}")
            inputs += 1

    if game["status"] != "finished":
        checker.failures.append(f"{name}: not over after {inputs} inputs")
        return
    checker.call(f"{name}: events", "GET", "/v1/games/{id}/events", game_id,
                 {"after": "0", "limit": "1000"}, headers=seats[-1], expect=200)
    checker.call(f"{name}: move log", "GET", "/v1/games/{id}/moves", game_id, headers=seats[-1], expect=200)
    checker.call(f"{name}: my games", "GET", "/v1/games", query={"mine": "true", "limit": "5"},
                 headers=seats[-1], expect=200)
    # The whole stream of the finished game, then the 204 that tells there is nothing more.
    entries = checker.stream(f"{name}: game stream", "/v1/games/{id}/stream", game_id, None,
                             seats[0], "EventEntry", messages=None)
    last = entries[-1].get("id", "0") if entries else "0"
    checker.call(f"{name}: stream at its end", "GET", "/v1/games/{id}/stream", game_id,
                 headers={**seats[0], "Last-Event-ID": last}, expect=204)
    _, _, ticket = checker.call(f"{name}: game ticket", "POST", "/v1/games/{id}/stream-tickets", game_id,
                                headers=seats[1], expect=201)
    checker.stream(f"{name}: game stream by ticket", "/v1/games/{id}/stream", game_id,
                   {"ticket": ticket["ticket"]}, {}, "EventEntry", messages=2)
    print(f"{name}: {len(seats)} players, {inputs} inputs, {len(entries)} stream messages")


def errors(checker: Checker, seat: dict[str, str]) -> None:
    """The answers a client meets when it gets something wrong."""
    missing = {"id": str(uuid.uuid4())}
    checker.call("no token", "GET", "/v1/game-kinds", expect=401, request_valid=False)
    checker.call("bad token", "GET", "/v1/games", headers={"Authorization": "Bearer nope"}, expect=401)
    checker.call("no such game", "GET", "/v1/games/{id}", missing, headers=seat, expect=404)
    checker.call("no such game's events", "GET", "/v1/games/{id}/events", missing, headers=seat, expect=404)
    checker.call("bad page", "GET", "/v1/games/{id}/events", missing, {"limit": "0"}, headers=seat,
                 request_valid=False)
    checker.call("unknown kind", "POST", "/v1/games", headers=seat,
                 body={"kind": "no_such_game", "players": 2}, expect=422, request_valid=False)
    checker.call("not JSON", "POST", "/v1/games", headers={**seat, "Content-Type": "text/plain"},
                 expect=415, request_valid=False)
    checker.call("wrong password", "POST", "/v1/sessions",
                 body={"username": "nobody-here", "password": "not-the-password"}, expect=401)
    checker.call("health", "GET", "/healthz", expect=200)


def main() -> None:
    base_url = sys.argv[1]
    contract = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "openapi" / "openapi.json"
    started = time.monotonic()
    checker = Checker(base_url, contract)
    rng = random.Random(7)
    first = sign_up(checker, 1)[0]
    _, _, kinds = checker.call("game kinds", "GET", "/v1/game-kinds", headers=first, expect=200)
    errors(checker, first)
    for kind in kinds:
        play(checker, kind, rng)
    elapsed = time.monotonic() - started
    print(f"openapi-core: {checker.pairs} request/response pairs over {len(checker.statuses)} operations "
          f"in {elapsed:.0f} s")
    for operation, statuses in sorted(checker.statuses.items()):
        print(f"  {operation}: {sorted(statuses)}")
    if checker.failures:
        print(f"{len(checker.failures)} mismatches with the contract:", file=sys.stderr)
        for failure in checker.failures[:50]:
            print(f"  {failure}", file=sys.stderr)
        sys.exit(1)
    print("every pair matches the contract")


if __name__ == "__main__":
    main()
