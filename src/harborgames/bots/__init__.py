"""Bots that play every harborgames game through the protocol only.

A bot gets a ``View`` of its seat (observation, legal actions, ``sample``), never the true
state, and is seeded: the same seed and the same views give the same choices.

>>> from harborgames import bots
>>> bots.names()
('random', 'greedy', 'mcts', 'ismcts')
>>> bots.presets()
('easy', 'medium', 'hard')
>>> bot = bots.make("mcts", seed=3, iterations=50)
>>> bot.name
'mcts'
"""

from __future__ import annotations

from .base import Bot, derive_seed, outcome_rewards, rank_rewards
from .registry import (
    HINT,
    SpecValue,
    describe,
    make,
    make_from_spec,
    names,
    parse_spec,
    presets,
    register,
    strongest,
)
from .search import ISMCTSBot, MCTSBot
from .simple import GreedyBot, RandomBot
from .view import View, make_view

__all__ = [
    "HINT",
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "MCTSBot",
    "RandomBot",
    "SpecValue",
    "View",
    "derive_seed",
    "describe",
    "make",
    "make_from_spec",
    "make_view",
    "names",
    "outcome_rewards",
    "parse_spec",
    "presets",
    "rank_rewards",
    "register",
    "strongest",
]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)
