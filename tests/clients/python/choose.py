"""Picks one legal move from a seat's legal moves, as JSON.

Most games list their legal moves, each exactly as it can be posted back. Tribute describes
them instead (ten cards adding up to a total; two values from a hand or a range of sums), so
a move is built from the description.
"""

from __future__ import annotations

import random
from typing import Any


def choose(legal_moves: Any, rng: random.Random) -> dict[str, Any] | None:
    """A legal move, or None when the seat has nothing to decide."""
    if isinstance(legal_moves, list):
        return rng.choice(legal_moves) if legal_moves else None
    kind = legal_moves["type"]
    if kind == "select":
        return tribute_selection(legal_moves, rng)
    if kind == "orders":
        return tribute_orders(legal_moves, rng)
    if kind == "nothing":
        return None
    raise ValueError(f"unknown legal-moves description {kind!r}")


def tribute_selection(described: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Ten values spread as evenly as possible over the total required for some doubles."""
    option = rng.choice(described["totals"])
    count = described["card_count"]
    low, high = described["min_value"], described["max_value"]
    total = option["total"] - low * count
    cards = [low + total // count + (1 if i < total % count else 0) for i in range(count)]
    if any(card > high for card in cards):
        raise ValueError(f"no selection of {count} cards adds up to {option['total']}")
    return {"type": "select", "cards": cards, "doubles": option["doubles"]}


def tribute_orders(described: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One value against each opponent: two cards of the hand, or a split of an allowed sum."""
    values = described["values"]
    opponents = described["opponents"]
    if values["type"] == "hand":
        picked = rng.sample(values["hand"], len(opponents))
        doubles = 0
    else:
        allowed = rng.choice(values["sums"])
        total = rng.randint(allowed["min_sum"], allowed["max_sum"])
        first = rng.randint(max(0, total - 9), min(9, total))
        picked = [first, total - first]
        doubles = allowed["doubles"]
    plays = [{"opponent": seat, "value": value} for seat, value in zip(opponents, picked)]
    return {"type": "orders", "turn": described["turn"], "plays": plays, "doubles": doubles}
