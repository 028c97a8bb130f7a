"""Plays one complete game of every kind through the Python client generated from the contract.

For each kind listed by the server: register and log in as many accounts as it seats, create
the game, join it, read every seat's view and legal moves, post a legal move for every seat to
act until the game is over, then read the event log and the move log and check the revealed
seed against its published commitment. Any unexpected status or shape stops the run.

Usage: python play.py BASE_URL   (with the generated `cardtable_client` on PYTHONPATH)
"""

from __future__ import annotations

import hashlib
import random
import sys
import time
import uuid
from typing import Any

from cardtable_client import AuthenticatedClient, Client, models
from cardtable_client.api.accounts import (
    delete_current_session,
    get_me,
    post_accounts,
    post_sessions,
    refresh_session,
)
from cardtable_client.api.games import (
    get_events,
    get_matchmaking_ticket,
    post_matchmaking_tickets,
    get_game,
    get_game_kinds,
    get_legal_moves,
    get_moves,
    join_game,
    list_games,
    post_games,
    post_moves,
)
from cardtable_client.models import (
    CreateTicket,
    Credentials,
    RefreshRequest,
    Game,
    GameKindInfo,
    GameStatus,
    MoveRequest,
)

from choose import choose

# A bound on inputs per game, far above any game's length, so a stuck game fails the run.
MAX_INPUTS = 5000


def expect(response: Any, status: int, what: str) -> Any:
    """The parsed body of a response that must have `status`."""
    if response.status_code != status:
        raise SystemExit(f"{what}: expected {status}, got {response.status_code}: {response.content!r}")
    return response.parsed


def sign_up(base_url: str, count: int) -> list[AuthenticatedClient]:
    """Registers `count` fresh accounts and returns a client logged in as each."""
    run = uuid.uuid4().hex[:8]
    anonymous = Client(base_url=base_url)
    clients = []
    for index in range(count):
        credentials = Credentials(username=f"py-{run}-{index}", password=f"secret-{run}-{index}")
        expect(post_accounts.sync_detailed(client=anonymous, body=credentials), 201, "register")
        session = expect(post_sessions.sync_detailed(client=anonymous, body=credentials), 201, "log in")
        clients.append(AuthenticatedClient(base_url=base_url, token=session.access_token))
    return clients


def create_request(kind: GameKindInfo, players: int) -> Any:
    """The generated request model of `kind`, e.g. `CreateTradeOrDuelGame`."""
    name = "Create" + "".join(word.capitalize() for word in str(kind.id).split("_")) + "Game"
    return getattr(models, name).from_dict({"kind": str(kind.id), "players": players})


def play(kind: GameKindInfo, seats: list[AuthenticatedClient], rng: random.Random) -> None:
    """Plays one game of `kind` with one client per seat, each posting legal moves."""
    request = create_request(kind, len(seats))
    game: Game = expect(post_games.sync_detailed(client=seats[0], body=request), 201, "create")
    for seat, client in enumerate(seats[1:], start=1):
        joined = expect(join_game.sync_detailed(game.id, client=client), 200, "join")
        assert joined.your_seat == seat, f"joined seat {joined.your_seat}, expected {seat}"

    moves = 0
    while True:
        game = expect(get_game.sync_detailed(game.id, client=seats[0]), 200, "read the game")
        if game.status == GameStatus.FINISHED:
            break
        assert game.version < MAX_INPUTS, f"{kind.id} is not over after {game.version} inputs"
        assert game.view is not None, "an active game has a view"
        for seat in game.to_act:
            mine = expect(get_game.sync_detailed(game.id, client=seats[seat]), 200, "read a view")
            assert mine.your_seat == seat
            legal = expect(get_legal_moves.sync_detailed(game.id, client=seats[seat]), 200, "legal moves")
            move = choose(legal.to_dict()["legal_moves"], rng)
            if move is None:
                continue
            body = MoveRequest.from_dict({"version": legal.version, "move": move})
            expect(post_moves.sync_detailed(game.id, client=seats[seat], body=body), 200, f"move {move}")
            moves += 1

    check_logs(game, seats)
    print(f"{kind.id}: {len(seats)} players, {moves} moves, final version {game.version}, winners {game.outcome.winners}")


def check_logs(game: Game, seats: list[AuthenticatedClient]) -> None:
    """The finished game's events (as every seat sees them) and its move log agree with it."""
    for client in seats:
        page = expect(get_events.sync_detailed(game.id, client=client, after=0), 200, "events")
        seqs = [entry.seq for entry in page.events]
        assert seqs and seqs == sorted(seqs) and page.last_seq == seqs[-1], "events are in order"
    seeds = 0
    for client in seats:
        log = expect(get_moves.sync_detailed(game.id, client=client), 200, "move log")
        # Every accepted input, secret submissions included; the last one made the final version.
        assert [entry.seq for entry in log.inputs] == list(range(1, len(log.inputs) + 1)), "inputs in order"
        assert log.inputs and log.inputs[-1].version == game.version, "the log ends at the game's version"
        assert log.seed_commitment == game.seed_commitment
        assert log.commitment_scheme == game.commitment_scheme
        if isinstance(log.seed, str):
            if log.commitment_scheme == "sha256(nonce||seed)":
                # The server's nonce, revealed with the seed, comes first.
                assert isinstance(log.seed_nonce, str) and len(log.seed_nonce) == 64, "a nonce"
                committed = log.seed_nonce + log.seed
            else:
                committed = log.seed
            assert hashlib.sha256(committed.encode()).hexdigest() == log.seed_commitment, "seed matches"
            seeds += 1
        else:
            # Only Trade or Duel withholds it, from a seat that was not party to every trade:
            # the seed rebuilds the hands those trades exchanged.
            assert game.kind == "trade_or_duel", "the seed is withheld without reason"
    assert seeds or game.kind == "trade_or_duel", "some seat can check the seed"
    mine = expect(list_games.sync_detailed(client=seats[-1], mine=True), 200, "list my games")
    assert any(summary.id == game.id for summary in mine.games), "the game is listed as mine"


def session_lifecycle(base_url: str) -> None:
    """A login renewed with its refresh token, then signed out: every token of it is refused."""
    run = uuid.uuid4().hex[:8]
    anonymous = Client(base_url=base_url)
    credentials = Credentials(username=f"py-{run}-s", password=f"secret-{run}-s")
    expect(post_accounts.sync_detailed(client=anonymous, body=credentials), 201, "register")
    first = expect(post_sessions.sync_detailed(client=anonymous, body=credentials), 201, "log in")
    renewed = expect(
        refresh_session.sync_detailed(client=anonymous, body=RefreshRequest(refresh_token=first.refresh_token)),
        200,
        "refresh",
    )
    assert renewed.session_id == first.session_id, "a refresh keeps the session"
    assert renewed.refresh_token != first.refresh_token, "a refresh rotates the refresh token"
    current = AuthenticatedClient(base_url=base_url, token=renewed.access_token)
    me = expect(get_me.sync_detailed(client=current), 200, "who am I")
    assert me.username == credentials.username
    expect(delete_current_session.sync_detailed(client=current), 204, "sign out")
    for token in (first.access_token, renewed.access_token):
        signed_out = AuthenticatedClient(base_url=base_url, token=token)
        expect(get_me.sync_detailed(client=signed_out), 401, "a signed-out access token")
    again = RefreshRequest(refresh_token=renewed.refresh_token)
    expect(refresh_session.sync_detailed(client=anonymous, body=again), 401, "a signed-out refresh token")
    print("python client: refreshed a session and signed out")


def quick_match(base_url: str, rng: random.Random) -> None:
    """One person asks for a game now; bots fill the other seats at once, and it is played out."""
    [client] = sign_up(base_url, 1)
    request = CreateTicket.from_dict({"kind": "tricky_tribes", "players": 3, "bots_after_secs": 0})
    ticket = expect(post_matchmaking_tickets.sync_detailed(client=client, body=request), 201, "queue")
    deadline = time.monotonic() + 30
    while str(ticket.status) != "matched":
        assert time.monotonic() < deadline, f"ticket still {ticket.status} after 30 s"
        time.sleep(0.2)
        ticket = expect(get_matchmaking_ticket.sync_detailed(ticket.id, client=client), 200, "ticket")
    game_id = ticket.game_id
    moves = 0
    while True:
        game = expect(get_game.sync_detailed(game_id, client=client), 200, "read the game")
        if game.status == GameStatus.FINISHED:
            break
        assert game.version < MAX_INPUTS, f"the quick match is not over after {game.version} inputs"
        if game.your_seat not in game.to_act:
            time.sleep(0.05)  # the bots' turn
            continue
        legal = expect(get_legal_moves.sync_detailed(game_id, client=client), 200, "legal moves")
        move = choose(legal.to_dict()["legal_moves"], rng)
        if move is None:
            time.sleep(0.05)
            continue
        body = MoveRequest.from_dict({"version": legal.version, "move": move})
        answer = post_moves.sync_detailed(game_id, client=client, body=body)
        if answer.status_code == 409:
            continue  # a bot moved first: read again
        expect(answer, 200, f"move {move}")
        moves += 1
    print(f"python client: a quick match against bots, {moves} moves of ours, final version {game.version}")


def main() -> None:
    base_url = sys.argv[1]
    rng = random.Random(13)
    kinds: list[GameKindInfo] = expect(
        get_game_kinds.sync_detailed(client=sign_up(base_url, 1)[0]), 200, "game kinds"
    )
    assert kinds, "the server offers game kinds"
    for kind in kinds:
        play(kind, sign_up(base_url, kind.max_players), rng)
    print(f"python client: played {len(kinds)} kinds")
    session_lifecycle(base_url)
    quick_match(base_url, rng)


if __name__ == "__main__":
    main()
