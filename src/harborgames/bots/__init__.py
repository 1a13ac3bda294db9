"""Bots that play every harborgames game through the protocol only.

A bot gets a ``View`` of its seat (observation, legal actions, ``sample``), never the true
state, and is seeded: the same seed and the same views give the same choices.

>>> from harborgames import bots
>>> bots.names()
('random', 'greedy', 'mcts', 'ismcts')
>>> bot = bots.make("mcts", seed=3, iterations=50)
>>> bot.name
'mcts'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Bot, derive_seed, outcome_rewards, rank_rewards
from .search import ISMCTSBot, MCTSBot
from .simple import GreedyBot, RandomBot
from .view import View, make_view

__all__ = [
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "MCTSBot",
    "RandomBot",
    "View",
    "derive_seed",
    "make",
    "make_from_spec",
    "make_view",
    "names",
    "outcome_rewards",
    "parse_spec",
    "rank_rewards",
    "register",
    "strongest",
]

_REGISTRY: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
    "ismcts": ISMCTSBot,
}


def names() -> tuple[str, ...]:
    """The registered bot names, weakest first."""
    return tuple(_REGISTRY)


def register(name: str, factory: Callable[..., Bot]) -> None:
    """Add a bot: ``factory(seed=..., **params)`` must return a ``Bot``."""
    if not name or any(ch in name for ch in ",:="):
        raise ValueError(f"a bot name must be non-empty without ',', ':' or '=': {name!r}")
    _REGISTRY[name] = factory


def make(name: str, seed: int = 0, **params: Any) -> Bot:
    """A fresh bot by name; ``params`` are its keyword parameters (see docs/bots.md)."""
    factory = _REGISTRY.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(_REGISTRY)}")
    try:
        return factory(seed=seed, **params)
    except TypeError as error:
        raise ValueError(f"bad parameters for bot {name!r}: {error}") from None


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iterations=200:c=0.5"`` to ``("mcts", {"iterations": 200, "c": 0.5})``.

    The command line names bots this way, so an arena can pit two budgets of one bot.

    >>> parse_spec("mcts:iterations=200:rollout_depth=none")
    ('mcts', {'iterations': 200, 'rollout_depth': None})
    """
    name, *pairs = spec.strip().split(":")
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"bot parameter {pair!r} in {spec!r} is not key=value")
        params[key] = _parse_value(text)
    if name not in _REGISTRY:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(_REGISTRY)}")
    return name, params


def make_from_spec(spec: str, seed: int = 0) -> Bot:
    """``make`` from a ``parse_spec`` string."""
    name, params = parse_spec(spec)
    return make(name, seed=seed, **params)


def strongest(information: str) -> str:
    """The bot to ask for a hint: the search that fits the game's information type."""
    return "ismcts" if information == "imperfect" else "mcts"


def _parse_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("none", "null"):
        return None
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
