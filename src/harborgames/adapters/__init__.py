"""Adapters from the game protocol to RL and cluster tools, one module per tool (``docs/rl.md``).

Each module needs its own extra and is imported only when asked for, so that ``import
harborgames`` never pulls in PettingZoo, OpenSpiel or Ray:

- ``harborgames.adapters.pettingzoo``: ``env(name, ...)``, an AEC environment (``[pettingzoo]``);
- ``harborgames.adapters.openspiel``: ``register()``, the games as OpenSpiel Python games
  (``[openspiel]``);
- ``harborgames.adapters.ray_backend``: the arena's ``backend="ray"`` (``[ray]``).

They use only the protocol and the integer-action surface of ``harborgames.core.encoding``
(``EncodedGame``), so a game works with every adapter as soon as it has those functions.
"""

from __future__ import annotations

from typing import Any

from ..core.encoding import EncodedGame
from ..core.protocol import LoadedGame

__all__ = ["REWARDS", "final_rewards", "require_encoding"]

_ENCODING_FUNCTIONS = (
    "num_distinct_actions",
    "encode",
    "decode",
    "legal_action_mask",
    "observation_layout",
    "observation_tensor",
    "observation_string",
)


def require_encoding(game: str | LoadedGame) -> tuple[LoadedGame, EncodedGame]:
    """The game module, once as the protocol and once as ``EncodedGame``; a ``ValueError`` names
    what is missing if the module lacks the integer-action surface (an adapter cannot run
    without it, and saying so early beats an ``AttributeError`` mid-episode)."""
    import harborgames

    module: Any = harborgames.load(game) if isinstance(game, str) else game
    missing = [name for name in _ENCODING_FUNCTIONS if not callable(getattr(module, name, None))]
    if missing:
        raise ValueError(
            f"{module.INFO.name} has no integer-action surface yet (missing {', '.join(missing)}); "
            "see docs/rl.md"
        )
    return module, module


REWARDS = ("win", "margin")
"""The reward definitions ``env`` offers; the first is the default."""


def final_rewards(reward: str, scores: tuple[int, ...], winners: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's reward at the end of a game, for ``reward`` in ``REWARDS``.

    >>> final_rewards("win", (10, 7), (0,))
    (1.0, -1.0)
    >>> final_rewards("win", (9, 9, 3), (0, 1))
    (0.0, 0.0, -1.0)
    >>> final_rewards("margin", (10, 7, 12), (2,))
    (-2.0, -5.0, 2.0)
    """
    if reward == "win":
        return tuple(2.0 / len(winners) - 1.0 if seat in winners else -1.0 for seat in range(len(scores)))
    if reward == "margin":
        if len(scores) == 1:
            return (float(scores[0]),)
        return tuple(
            float(score - max(other for at, other in enumerate(scores) if at != seat))
            for seat, score in enumerate(scores)
        )
    raise ValueError(f"unknown reward {reward!r}; known rewards: {', '.join(REWARDS)}")
