"""What a loaded Inland Port document may hold: Francs, with the room the rest of its game needs.

Goods are bounded by the warehouse (``data.MAX_GOODS``: no rule moves a marker past its last
square). Francs are not, so a document with a count of, say, 4,300 nines loaded, and one sale
later ``dumps`` could not write the state (issue 22). ``loads`` therefore checks each seat's
Francs together with the most the rest of the game can add to them (``core.checks.StateChecks
.room``): what selling its buildings would give (a factory's value is its goods, the Dock's 10
per anchor), and at most ``ACTION_FRANCS`` for each main action to come (the Shipping Line's 3
per application, the Weekly Market's 5 per good, the fee and the "4+" bonus, a building built).
Each move lowers that by what it adds, so a position within ``MAX_FRANCS`` leads only to
positions within it.
"""

from __future__ import annotations

from ..core.checks import StateChecks
from .data import BUILDINGS, DOCK_PER_ANCHOR, MAX_GOODS, ROUND_ACTIONS
from .decisions import ChooseUse, PayBuildCost, PayExchangeFood, SellOrEnd
from .state import State

__all__ = ["ACTION_FRANCS", "MAX_FRANCS", "check_room", "francs_room"]

MAX_FRANCS = 10**9
"""The most Francs a seat may come to hold (with what selling its buildings would give)."""
_ANCHORS = sum(b.anchor for b in BUILDINGS)
_VARIABLE_VALUE_AT_MOST = max(MAX_GOODS, DOCK_PER_ANCHOR * _ANCHORS)  # a factory's goods, the Dock's anchors
_SALE_AT_MOST = tuple((b.value if b.value is not None else _VARIABLE_VALUE_AT_MOST) // 2 for b in BUILDINGS)
ACTION_FRANCS = 1_000 + max(_SALE_AT_MOST)
"""The most Francs one main action brings a seat (a use pays at most a few dozen; a building
built adds what selling it would give)."""
_UNDER_WAY = (ChooseUse, PayBuildCost, PayExchangeFood)  # a use or a build begun, not carried out


def _main_actions_to_come(state: State) -> int:
    """Main actions not yet begun: this round's left (the current one while it is not begun) and
    those of the rounds after."""
    if state.decision is None:
        return 0
    begun = isinstance(state.decision, (*_UNDER_WAY, SellOrEnd))
    return state.actions_left - begun + sum(ROUND_ACTIONS[state.round + 1 :])


def francs_room(state: State, seat: int) -> tuple[int, int]:
    """``seat``'s Francs with what selling its buildings would give at most, and the most the rest
    of the game can add."""
    held = state.francs[seat] + sum(_SALE_AT_MOST[b] for b, who in enumerate(state.owner) if who == seat)
    under_way = isinstance(state.decision, _UNDER_WAY) and seat == state.current_player
    # a use begun has paid its fee and bonus (a Franc at most for the user)
    later = ACTION_FRANCS * _main_actions_to_come(state) + (ACTION_FRANCS - 1) * under_way
    return held, later


def check_room(check: StateChecks, state: State) -> None:
    """Each seat's Francs, with what the rest of the game can add, within ``MAX_FRANCS``."""
    for seat in range(2):
        francs = f"player {seat}'s Francs and half its buildings' value"
        check.room(francs, *francs_room(state, seat), MAX_FRANCS)
