"""Adapters from the game protocol to RL and cluster tools, one module per tool (``docs/rl.md``).

Each module needs its own extra and is imported only when asked for, so that ``import
harborgames`` never pulls in PettingZoo, OpenSpiel or Ray:

- ``harborgames.adapters.gymnasium``: ``env(name, ...)``, one seat against bots as a
  single-agent ``gymnasium.Env`` (``[gymnasium]``);
- ``harborgames.adapters.pettingzoo``: ``env(name, ...)``, an AEC environment (``[pettingzoo]``);
- ``harborgames.adapters.openspiel``: ``register()``, the games as OpenSpiel Python games
  (``[openspiel]``);
- ``harborgames.adapters.ray_backend``: the arena's ``backend="ray"`` (``[ray]``).

They use only the protocol and the integer-action surface of ``harborgames.core.encoding``
(``EncodedGame``), so a game works with every adapter as soon as it has those functions. What
they share is here: the end-of-game rewards, the reading of an action id (``action_id``) and the
observation bounds (``observation_bounds``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.encoding import EncodedGame
from ..core.errors import IllegalActionError
from ..core.protocol import LoadedGame

__all__ = ["REWARDS", "action_id", "final_rewards", "observation_bounds", "require_encoding"]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)


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
    if isinstance(action, bool | np.bool_):
        kind = f"a {type(action).__name__}"
    elif isinstance(action, int | np.integer):
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
# The largest float32: the bound of a value the rules do not bound (Francs, loans, goods held),
# as Gymnasium's own CartPole bounds its velocities. The tensors are finite (check_encoding), so
# it is a true bound, and unlike infinity it draws no warning from Gymnasium's env checker.
UNBOUNDED = float(np.finfo(np.float32).max)

# Every field of every game's observation layout lies in [0, 1] (one-hots, flags, counts divided
# by the most the rules allow) except these, whose (low, high) is given. Written from each game's
# encoding.py, read against its rules; tests/adapters/test_bounds.py checks that each name is a
# field of the layout and that random games stay within the bounds. (These belong beside the
# fields, in each game's layout; until the layout carries bounds, the adapters keep them here.)
_WIDER: dict[str, dict[str, tuple[float, float]]] = {
    "inland_port": {
        "francs": (0.0, UNBOUNDED),  # Francs / 100: no printed bound
    },
    "gdansk": {
        # "~" scales in the layout's docs: a typical maximum, not a bound.
        "score": (0.0, UNBOUNDED),
        "workers": (0.0, UNBOUNDED),
        "bonus": (0.0, UNBOUNDED),
        "cruise_vp": (0.0, UNBOUNDED),
        # scaled by the rulebook's components; a components file of one's own may pass them
        # (a token worth more VP, a Port card asking more workers, more cruise ships or quays
        # of one colour)
        "token_stack_top": (0.0, UNBOUNDED),
        "quay_order": (0.0, UNBOUNDED),
        "quay_workers": (0.0, UNBOUNDED),
        "cruise_piles": (0.0, UNBOUNDED),
        "cruise_count": (0.0, UNBOUNDED),
        "card_colours": (0.0, UNBOUNDED),
    },
    "lehavre": {
        # every count scaled by a typical size rather than a rulebook maximum
        "decision_due": (0.0, UNBOUNDED),
        "decision_counts": (0.0, UNBOUNDED),
        "decision_chosen": (0.0, UNBOUNDED),
        "offers": (0.0, UNBOUNDED),
        "proposal_depth": (0.0, UNBOUNDED),
        "goods": (0.0, UNBOUNDED),
        "francs": (0.0, UNBOUNDED),
        "loans": (0.0, UNBOUNDED),
        "wealth": (-UNBOUNDED, UNBOUNDED),  # loans count -7 each: wealth goes below 0
        "food_due": (0.0, UNBOUNDED),
    },
}


def observation_bounds(
    game: str | LoadedGame, num_players: int, variant: str | None = None
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The (low, high) float32 arrays bounding every position of ``game``'s observation tensor in
    that configuration: [0, 1] for one-hots, flags and counts scaled by their rules maximum, and
    wider only where the rules do not bound the value (then the largest float32 stands for no
    bound). For the observation ``Box`` of the Gymnasium and PettingZoo adapters.

    >>> low, high = observation_bounds("inland_port", 2)
    >>> low.shape, float(low.min()), float(high.max()) > 1e38, int((high == 1).sum())
    ((468,), 0.0, True, 466)
    """
    module, encoded = require_encoding(game)
    layout = encoded.observation_layout(num_players, variant)
    low = np.zeros(layout.size, dtype=np.float32)
    high = np.ones(layout.size, dtype=np.float32)
    wider = _WIDER.get(module.INFO.name)
    for field in layout.fields:
        # a game this table does not know: no bound is claimed
        bounds = (-UNBOUNDED, UNBOUNDED) if wider is None else wider.get(field.name, (0.0, 1.0))
        where = layout.offsets[field.name]
        low[where], high[where] = bounds
    return low, high
