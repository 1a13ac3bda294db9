"""Adapters from the game protocol to RL tools, one module per tool (``docs/rl.md``).

Each module needs its own extra and is imported only when asked for, so that ``import
harborgames`` never pulls in Gymnasium, PettingZoo or OpenSpiel (the arena's Ray backend lives
beside the arena, in ``harborgames.bots.ray_backend``):

- ``harborgames.adapters.gymnasium``: ``env(name, ...)``, one seat against bots as a
  single-agent ``gymnasium.Env`` (``[gymnasium]``);
- ``harborgames.adapters.pettingzoo``: ``env(name, ...)``, an AEC environment (``[pettingzoo]``);
- ``harborgames.adapters.openspiel``: ``register()``, the games as OpenSpiel Python games
  (``[openspiel]``).

They use only the protocol (``core.protocol``), the integer-action surface (``Encodable``)
among it, so a game works with every adapter as soon as it has those functions. What
they share is here: the end-of-game rewards, the reading of an action id (``action_id``) and the
observation bounds (``observation_bounds``).
"""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

import harborgames

from ..core.errors import IllegalActionError
from ..core.protocol import LoadedGame, checked

__all__ = ["REWARDS", "action_id", "final_rewards", "observation_bounds", "require_encoding"]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)


Extras: TypeAlias = dict[str, Any]
"""What Gymnasium, PettingZoo and OpenSpiel type as a dict of anything (an ``info``, a ``metadata``,
``reset``'s ``options``, a game's parameters): their type, named once for the adapters."""


def require_encoding(game: str | object) -> LoadedGame:
    """The game module (a registered game by name, or a module handed in) once checked to have
    every surface, the integer-action one (``core.protocol.Encodable``) among them; a
    ``ValueError`` names what is missing otherwise (an adapter cannot run without it, and
    saying so early beats an ``AttributeError`` mid-episode)."""
    return harborgames.load(game) if isinstance(game, str) else checked(game)


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


_BOOLEANS = (bool, np.bool_)
_INTEGERS = (int, np.integer)


def action_id(action: object, who: str = "the agent") -> int:
    """``action`` as a Python int, if it is an integer action id of any kind trainers produce: a
    Python ``int``, a numpy integer scalar (``np.int64(3)``) or a 0-d integer array
    (``np.array(3)``, what Stable-Baselines3's ``predict`` returns for one observation).
    Anything else (``None``, a bool, a float, an array of several values) raises
    ``IllegalActionError`` (a ``ValueError``) naming its type, rather than being rounded or
    taken element-wise.

    >>> import numpy as np
    >>> action_id(3), action_id(np.int64(3)), action_id(np.array(3, dtype=np.int32))
    (3, 3, 3)
    >>> action_id(np.array([3]), "player_0")
    Traceback (most recent call last):
    ...
    harborgames.core.errors.IllegalActionError: player_0 must choose one integer action id \
(an int, a numpy integer or a 0-d integer array), not an ndarray of shape (1,) and dtype int64
    """
    if type(action) is int:  # the common case, first (a bool is not of type int)
        return action
    if isinstance(action, _BOOLEANS):
        kind = f"a {type(action).__name__}"
    elif isinstance(action, _INTEGERS):
        return int(action)
    elif isinstance(action, np.ndarray):
        if action.shape == () and np.issubdtype(action.dtype, np.integer):
            return int(action)
        kind = f"an ndarray of shape {action.shape} and dtype {action.dtype}"
    elif action is None:
        kind = "None"
    else:
        kind = f"a {type(action).__name__} ({action!r})"
    raise IllegalActionError(
        f"{who} must choose one integer action id (an int, a numpy integer or a 0-d integer array), "
        f"not {kind}"
    )


# -- observation bounds ---------------------------------------------------------------------------
def observation_bounds(
    game: str | LoadedGame, num_players: int, variant: str | None = None
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The (low, high) float32 arrays bounding every position of ``game``'s observation tensor in
    that configuration, for the observation ``Box`` of the Gymnasium and PettingZoo adapters.

    They are the layout's own (``TensorLayout.low``/``high``, from each field's bounds): [0, 1]
    for one-hots, flags and counts scaled by their rules maximum, and for the counts the rules
    leave open (Francs, goods, loans) the limit each game's loader enforces (its ``limits.py``),
    scaled as the tensor scales it. So every bound is finite and true: a test plays random games
    in every configuration and checks every tensor against them.

    >>> low, high = observation_bounds("inland_port", 2)
    >>> low.shape, float(low.min()), float(high.max()) < 1e9, int((high == 1).sum())
    ((468,), 0.0, True, 466)
    """
    layout = require_encoding(game).observation_layout(num_players, variant)
    return layout.low.copy(), layout.high.copy()
