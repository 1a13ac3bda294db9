"""Port Gdańsk (2-4 players), by its printed rules, on replaceable component data.

The shipped components are a checked **stand-in**, not the published ones; pass the real data
with ``new_game(..., components=PATH)`` (format: docs/rules/gdansk.md).

>>> from harborgames import gdansk
>>> state = gdansk.new_game(2, seed=1)
>>> [str(a) for a in gdansk.legal_actions(state)][:3]
['start L1', 'start L2', 'start L3']
"""

from __future__ import annotations

from .actions import (
    Cruise,
    Discard,
    End,
    Execute,
    HrPlace,
    HrSwap,
    HrSwapWith,
    Keep,
    Load,
    Move,
    PlaceMeeple,
    Recruit,
    RemoveSector,
    Reroll,
    Roll,
    Unload,
)
from .codec import dumps, loads
from .component_file import load_components, standin_components
from .data import OPTIONS, Components, Rules
from .decisions import (
    ChooseAction,
    ChooseSector,
    ChooseStart,
    Decision,
    FillRoom,
    LoadCubes,
    RerollDice,
    RollDice,
    SwapWith,
    UnloadCubes,
)
from .encoding import (
    decode,
    encode,
    legal_action_mask,
    legal_action_masks,
    num_distinct_actions,
    observation_layout,
    observation_string,
    observation_tensor,
    observation_tensors,
)
from .heuristic import HeuristicParams, heuristic
from .info import INFO
from .notation import parse_action, public_notation
from .observe import observe, resample
from .render import render, render_seat
from .scoring import scores, winners
from .setup import new_game
from .state import Board, Observation, Player, State, TurnProgress
from .turn import apply, is_terminal, legal_actions
from .view import action_label, cards, narrate, table

__all__ = [
    "INFO",
    "OPTIONS",
    "Board",
    "ChooseAction",
    "ChooseSector",
    "ChooseStart",
    "Components",
    "Cruise",
    "Decision",
    "Discard",
    "End",
    "Execute",
    "FillRoom",
    "HeuristicParams",
    "HrPlace",
    "HrSwap",
    "HrSwapWith",
    "Keep",
    "Load",
    "LoadCubes",
    "Move",
    "Observation",
    "PlaceMeeple",
    "Player",
    "Recruit",
    "RemoveSector",
    "Reroll",
    "RerollDice",
    "Roll",
    "RollDice",
    "Rules",
    "State",
    "SwapWith",
    "TurnProgress",
    "Unload",
    "UnloadCubes",
    "action_label",
    "apply",
    "cards",
    "decode",
    "dumps",
    "encode",
    "heuristic",
    "is_terminal",
    "legal_action_mask",
    "legal_action_masks",
    "legal_actions",
    "load_components",
    "loads",
    "narrate",
    "new_game",
    "num_distinct_actions",
    "observation_layout",
    "observation_string",
    "observation_tensor",
    "observation_tensors",
    "observe",
    "parse_action",
    "public_notation",
    "render",
    "render_seat",
    "resample",
    "scores",
    "standin_components",
    "table",
    "winners",
]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)


