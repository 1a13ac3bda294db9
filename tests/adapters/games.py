"""The game configurations the adapter tests run over, and the skip for a game whose module
does not have the integer-action surface yet (``docs/rl.md``)."""

from __future__ import annotations

from typing import Any

import pytest

import harborgames
from harborgames.adapters import require_encoding


def configurations() -> list[Any]:
    """Every (game, players, variant) as a pytest param with a readable id."""
    params = []
    for name in harborgames.games():
        info = harborgames.load(name).INFO
        for variant in info.variants:
            for players in range(info.min_players, info.max_players + 1):
                params.append(pytest.param(name, players, variant, id=f"{name}-{players}p-{variant}"))
    return params


def encoded_or_skip(name: str) -> None:
    """Skip, saying why, while ``name``'s module lacks the RL functions; they are on their way."""
    try:
        require_encoding(name)
    except ValueError as error:
        pytest.skip(f"{error} (the adapter test runs once it lands)")


def is_long(name: str, variant: str) -> bool:
    """Le Havre's games run to thousands of decisions: the tests bound how far they play."""
    return name == "lehavre"
