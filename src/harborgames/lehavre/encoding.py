"""Integer actions and observation tensors for Le Havre (``docs/rl/lehavre.md``).

The protocol's integer surface, one function each: the action ids are ``action_ids.py``'s (fixed
ids for what the component tables name, slot blocks for the open-ended payments and counts), the
observation tensor is ``tensor.py``'s (its layout in ``tensor_layout.py``); the observation string
is the table as ``render`` draws it.

>>> from harborgames import lehavre
>>> state = lehavre.new_game(2, seed=1)
>>> lehavre.decode(state, lehavre.encode(state, lehavre.Take("wood")))
Take(space='wood')
>>> lehavre.observation_tensor(state, 0).shape == lehavre.observation_layout(2).shape
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..core.encoding import ActionSpace, bind_ids, fill_masks
from ..core.update import update
from .action_ids import DEFAULT_PLAYERS, PAY_PART_CAPACITY, TIMES_CAPACITY, action_space
from .actions import Action
from .codec import CODEC
from .observe import observe
from .render import render
from .state import State
from .tensor import observation_layout, observation_tensor, observation_tensors

__all__ = [
    "PAY_PART_CAPACITY",
    "TIMES_CAPACITY",
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


def _space_of(state: State) -> ActionSpace[State, Action]:
    return action_space(state.num_players, state.rules.variant)


num_distinct_actions, encode, decode, legal_action_mask = bind_ids(action_space, _space_of, DEFAULT_PLAYERS)


def observation_string(state: State, player: int) -> str:
    """The table as ``player`` sees it (``render`` observes first, so nothing hidden shows),
    headed by the seat, then the observation as JSON (``Codec.observation_string``)."""
    shown = update(state, forced=()) if state.forced else state
    table = f"You are player {player}.\n{render(shown, player)}"
    return CODEC.observation_string(observe(state, player), table)


def legal_action_masks(
    states: Sequence[State], out: npt.NDArray[np.int8] | None = None
) -> npt.NDArray[np.int8]:
    """Row ``k``: ``legal_action_mask(states[k])``, for many games of one variant at once.

    >>> from harborgames import lehavre
    >>> states = [lehavre.new_game(2, seed=seed) for seed in range(3)]
    >>> masks = lehavre.legal_action_masks(states)
    >>> masks.sum(axis=1).tolist() == [len(lehavre.legal_actions(state)) for state in states]
    True
    """
    return fill_masks(_space_of, states, out)
