"""The bot protocol and what every bot shares: outcome rewards and seed handling."""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ..core.protocol import Game
from .view import A, S, View

__all__ = [
    "Bot",
    "derive_seed",
    "heuristic_rewards",
    "outcome_rewards",
    "rank_rewards",
    "seed_of",
]


@runtime_checkable
class Bot(Protocol):
    """Chooses one of ``view.legal_actions``; the same seed and views give the same choices.

    A bot plays every game: ``choose`` is generic over the game's state and action types."""

    name: str

    def choose(self, view: View[S, A]) -> A: ...


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from any parts, the same in every process and on every platform.

    Arena games and bots get their seeds from (arena seed, game index, seat) through this, so
    a game's result does not depend on which worker played it or in what order.
    """
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def rank_rewards(keys: Sequence[float]) -> tuple[float, ...]:
    """Normalized rank in [0, 1]: beating every other seat is 1, a tie counts half.

    Rank rather than raw score, so that one reward scale serves every game and player count,
    and the rewards of all seats sum to n/2 (a constant-sum game for the search).
    """
    n = len(keys)
    if n == 1:
        return (1.0,)
    out = []
    for p, key in enumerate(keys):
        points = 0.0
        for q, other in enumerate(keys):
            if q != p:
                points += 1.0 if key > other else 0.5 if key == other else 0.0
        out.append(points / (n - 1))
    return tuple(out)


def outcome_rewards(game: Game[S, A], state: S) -> tuple[float, ...]:
    """Rewards of a finished game: winners first (the rules' tie-breaks), then by score.

    With one player (solo games) the reward is the score scaled into the game's score bounds.
    """
    scores = game.scores(state)
    if len(scores) == 1:
        low, high = game.INFO.min_score, game.INFO.max_score
        return ((scores[0] - low) / (high - low) if high > low else 1.0,)
    winners = set(game.winners(state))
    # A winner ranks above every other seat whatever the scores; the rest rank by score.
    return rank_rewards([math.inf if p in winners else scores[p] for p in range(len(scores))])


def heuristic_rewards(
    game: Game[S, A], state: S, heuristic: Callable[[S, int], float] | None = None
) -> tuple[float, ...]:
    """Rewards of an unfinished position: rank by ``heuristic`` (the game's own unless given)."""
    value_of = heuristic or game.heuristic
    values = [value_of(state, p) for p in range(state.num_players)]
    if len(values) == 1:
        return (0.5,)
    return rank_rewards(values)


def seed_of(rng: random.Random) -> int:
    """A fresh seed from a bot's own generator (for ``View.sample``)."""
    return rng.getrandbits(63)
