"""Prepares games for the fuzzer to reach the rules with, and prints their ids as shell
assignments: an open game it can join, an active game it has a seat in, and a finished game
whose move log can be read. Three other accounts host them; the finished game is played to
its end with random legal moves. Standard library only.

Usage: python fuzz_data.py BASE_URL FUZZER_TOKEN
"""

from __future__ import annotations

import json
import random
import sys
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "clients" / "python"))
from choose import choose  # noqa: E402  (the clients' move picker)


class Api:
    def __init__(self, base_url: str, token: str | None = None) -> None:
        self.base_url = base_url
        self.token = token

    def call(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"content-type": "application/json"}
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data, headers, method=method)
        with urllib.request.urlopen(request) as response:
            return json.load(response)


def hosts(base_url: str) -> list[Api]:
    accounts = []
    for index in range(3):
        credentials = {"username": f"host-{index}", "password": f"host-password-{index}"}
        Api(base_url).call("POST", "/v1/accounts", credentials)
        session = Api(base_url).call("POST", "/v1/sessions", credentials)
        accounts.append(Api(base_url, session["access_token"]))
    return accounts


def finished_game(seats: list[Api]) -> str:
    game = seats[0].call("POST", "/v1/games", {"kind": "tribute", "players": 3})
    for seat in seats[1:]:
        seat.call("POST", f"/v1/games/{game['id']}/join")
    rng = random.Random(13)
    while game["status"] != "finished":
        for seat in game["to_act"]:
            legal = seats[seat].call("GET", f"/v1/games/{game['id']}/legal-moves")
            move = choose(legal["legal_moves"], rng)
            if move is not None:
                body = {"version": legal["version"], "move": move}
                seats[seat].call("POST", f"/v1/games/{game['id']}/moves", body)
        game = seats[0].call("GET", f"/v1/games/{game['id']}")
    return game["id"]


def main() -> None:
    base_url, token = sys.argv[1], sys.argv[2]
    fuzzer = Api(base_url, token)
    host = hosts(base_url)
    open_game = host[0].call("POST", "/v1/games", {"kind": "trade_or_duel", "players": 9})
    active = host[0].call("POST", "/v1/games", {"kind": "trade_or_duel", "players": 4})
    for seat in [fuzzer, host[1], host[2]]:
        seat.call("POST", f"/v1/games/{active['id']}/join")
    print(f"CARDTABLE_FUZZ_OPEN_GAME={open_game['id']}")
    print(f"CARDTABLE_FUZZ_ACTIVE_GAME={active['id']}")
    print(f"CARDTABLE_FUZZ_FINISHED_GAME={finished_game(host)}")


if __name__ == "__main__":
    main()
