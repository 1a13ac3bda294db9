"""The observation bounds the Gymnasium and PettingZoo adapters declare (``adapters.
observation_bounds``, each layout's own) are true: finite, below 1e9, and every tensor of random
games in every configuration lies within them. No extra is needed."""

from __future__ import annotations

import random

import numpy as np
import pytest

import harborgames
from harborgames.adapters import observation_bounds

from .games import configurations, encoded_or_skip, is_long

GAMES = 3  # random games per configuration
LONG_DECISIONS = 600  # Le Havre: the first decisions of each game (loans and goods pile up early)


@pytest.mark.parametrize(("name", "players", "variant"), configurations())
def test_random_games_stay_within_the_bounds(name: str, players: int, variant: str) -> None:
    encoded_or_skip(name)
    game = harborgames.load(name)
    low, high = observation_bounds(name, players, variant)
    layout = game.observation_layout(players, variant)
    assert low.shape == high.shape == layout.shape and low.dtype == high.dtype == np.float32
    assert (low <= high).all() and np.isfinite(low).all() and np.isfinite(high).all()
    assert (np.abs(low) < 1e9).all() and (high < 1e9).all(), "a bound is a real limit, not float32's largest"
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = game.new_game(players, seed=seed, variant=variant)
        for _ in range(LONG_DECISIONS if is_long(name, variant) else 100_000):
            if game.is_terminal(state):
                break
            for seat in range(players):
                tensor = game.observation_tensor(state, seat)
                outside = np.flatnonzero((tensor < low) | (tensor > high))
                assert not len(outside), _name_positions(layout, outside, tensor)
            state = game.apply(state, rng.choice(game.legal_actions(state)))


def _name_positions(layout: object, positions: np.ndarray, tensor: np.ndarray) -> str:
    named = []
    for field in layout.fields:  # type: ignore[attr-defined]
        where = layout.offsets[field.name]  # type: ignore[attr-defined]
        for position in positions:
            if where.start <= position < where.stop:
                named.append(f"{field.name}[{position - where.start}] = {tensor[position]}")
    return "outside the declared bounds: " + ", ".join(named)


def test_most_positions_are_bounded_by_one() -> None:
    """The bounds are tight where the rules bound the value: the one-hots and flags, most of
    every tensor, are [0, 1]; only counts the rules leave open reach past 1, to the limit the
    game's loader enforces."""
    for name in harborgames.games():
        encoded_or_skip(name)
        info = harborgames.load(name).INFO
        for variant in info.variants:
            for players in range(info.min_players, info.max_players + 1):
                low, high = observation_bounds(name, players, variant)
                assert (high == 1).sum() > 0.4 * len(high)  # Gdańsk: its Order tokens are open
                assert (high >= 1).all() and (low <= 0).all()
