"""Random games recorded as their moves and integer ids, for the benchmarks that replay them
(``adapters.py``, ``surface.py``): every column of a table then replays the same decisions."""

from __future__ import annotations

import random
from typing import Any

import harborgames

Game = tuple[str, int, str, int, list[object], list[int]]  # name, players, variant, seed, moves, ids


def record(name: str, players: int, variant: str, seed: int) -> Game:
    """A random game, as its moves and their integer ids (computed here, outside the timing)."""
    game: Any = harborgames.load(name)
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed, variant=variant)
    moves, ids = [], []
    while not game.is_terminal(state):
        move = rng.choice(game.legal_actions(state))
        moves.append(move)
        ids.append(game.encode(state, move))
        state = game.apply(state, move)
    return name, players, variant, seed, moves, ids
