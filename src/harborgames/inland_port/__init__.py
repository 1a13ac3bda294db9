"""Le Havre: The Inland Port (2 players), by its printed rules.

>>> from harborgames import inland_port as ip
>>> state = ip.new_game(seed=1)
>>> [str(a) for a in ip.legal_actions(state)]
['build wood_company', 'build farmland', 'build clay_mound', 'build grocery_store', \
'build hardware_store']
>>> builder = state.current_player
>>> state = ip.apply(state, ip.parse_action(state, "build wood_company"))
>>> state.goods[builder]  # fish, clay, wood, grain: 2 Clay from 3 on (3, 0), no change given
(4, 0, 2, 1)
>>> [str(a) for a in ip.legal_actions(state)]  # sell before the turn ends, or end it
['sell wood_company', 'end']
"""

from __future__ import annotations

from .actions import Build, End, Move, Pass, Pay, Sell, Times, Use
from .codec import dumps, loads
from .data import BUILDINGS, OPTIONS, Rules
from .decisions import ChooseUse, Decision, MainAction, PayBuildCost, PayExchangeFood, SellOrEnd
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
from .state import Observation, State
from .turn import apply, is_terminal, legal_actions
from .view import action_label, cards, narrate, table

__all__ = [
    "BUILDINGS",
    "INFO",
    "OPTIONS",
    "Build",
    "ChooseUse",
    "Decision",
    "End",
    "HeuristicParams",
    "MainAction",
    "Move",
    "Observation",
    "Pass",
    "Pay",
    "PayBuildCost",
    "PayExchangeFood",
    "Rules",
    "Sell",
    "SellOrEnd",
    "State",
    "Times",
    "Use",
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
    "table",
    "winners",
]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)


