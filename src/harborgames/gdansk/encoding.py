"""Integer actions and observation tensors for Port Gdańsk (``docs/rl/gdansk.md``).

The protocol's integer surface, one function each: the action ids are ``action_ids.py``'s (every
action a fixed id, padded so that every valid component file has the same count), the
observation tensor is ``tensor.py``'s (its layout in ``tensor_layout.py``); the observation
string is the board as ``render`` draws it.

>>> from harborgames import gdansk
>>> state = gdansk.new_game(2, seed=1)
>>> gdansk.num_distinct_actions(2), gdansk.encode(state, gdansk.legal_actions(state)[0])
(252, 4)
>>> str(gdansk.decode(state, 4)), gdansk.observation_tensor(state, 0).shape
('start L1', (692,))
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..core.encoding import bind_ids, fill_masks
from ..core.update import update
from .action_ids import DEFAULT_PLAYERS, action_space, space_of
from .codec import CODEC
from .observe import observe
from .render import render
from .state import State
from .tensor import observation_tensor, observation_tensors
from .tensor_layout import observation_layout

__all__ = [
    "action_space",
    "decode",
    "encode",
    "legal_action_mask",
    "legal_action_masks",
    "num_distinct_actions",
    "observation_layout",
    "observation_string",
    "observation_tensor",
    "observation_tensors",
]


num_distinct_actions, encode, decode, legal_action_mask = bind_ids(action_space, space_of, DEFAULT_PLAYERS)


def legal_action_masks(
    states: Sequence[State], out: npt.NDArray[np.int8] | None = None
) -> npt.NDArray[np.int8]:
    """Row k: the legal-action mask of ``states[k]``, into ``out`` if given; the states share one
    player count and component file.

    >>> from harborgames import gdansk
    >>> gdansk.legal_action_masks([gdansk.new_game(2, seed=1)]).shape
    (1, 252)
    """
    return fill_masks(space_of, states, out)


def observation_string(state: State, player: int) -> str:
    """``render`` from ``player``'s view (it shows what ``observe`` keeps and hides the other
    players' cruise ship values), headed by the seat.

    The ``forced:`` lines (what the engine took since the last decision) are left out, as
    ``observe`` leaves them out: they note the last transition rather than the position, and a
    ``resample`` of the state, which the string must not tell from it, has none."""
    observation = observe(state, player)
    shown = update(state, forced=()) if state.forced else state
    return CODEC.observation_string(observation, f"You are player {player}.\n{render(shown, player)}")
