"""Le Havre (Uwe Rosenberg, 2008) for 1–5 players, by its printed rules: the full game (the
default, with the 36 special buildings) and the shortened game (``variant="short"``).

>>> from harborgames import lehavre
>>> state = lehavre.new_game(2, seed=1)
>>> [str(a) for a in lehavre.legal_actions(state)][:4]
['take francs', 'take fish', 'take wood', 'take clay']
>>> state = lehavre.apply(state, lehavre.parse_action(state, "take wood"))
>>> state.players[0].stock[lehavre.data.WOOD]  # 2 on the space at the start, 1 from the tile
3
>>> [str(a) for a in lehavre.legal_actions(state)]  # after the main action: buy, or end
['buy building_firm_1', 'end']
>>> short = lehavre.new_game(2, seed=1, variant="short")  # 2 wood to start, 3 on the space, 1
>>> lehavre.apply(short, lehavre.parse_action(short, "take wood")).players[0].stock[lehavre.data.WOOD]
6
"""

from __future__ import annotations

from . import data, decisions
from .actions import (
    Build,
    BuildShip,
    Buy,
    BuyShip,
    Choose,
    Done,
    End,
    Enter,
    Give,
    Loan,
    Pay,
    Repay,
    Sell,
    SellShip,
    Take,
    Times,
    Trade,
)
from .codec import dumps, loads
from .data import OPTIONS, Rules
from .decisions import Decision
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
from .scoring import WealthParts, scores, wealth_parts, winners
from .setup import deal, new_game
from .state import Observation, Player, State
from .turn import RULEBOOK, apply, is_terminal, legal_actions, start_turn
from .view import action_label, cards, narrate, table

__all__ = [
    "INFO",
    "OPTIONS",
    "RULEBOOK",
    "Build",
    "BuildShip",
    "Buy",
    "BuyShip",
    "Choose",
    "Decision",
    "Done",
    "End",
    "Enter",
    "Give",
    "HeuristicParams",
    "Loan",
    "Observation",
    "Pay",
    "Player",
    "Repay",
    "Rules",
    "Sell",
    "SellShip",
    "State",
    "Take",
    "Times",
    "Trade",
    "WealthParts",
    "action_label",
    "apply",
    "cards",
    "data",
    "deal",
    "decisions",
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
    "start_turn",
    "table",
    "wealth_parts",
    "winners",
]


def __dir__() -> list[str]:
    """The public names, ``__all__``, without the modules and helpers this package imports."""
    return list(__all__)


