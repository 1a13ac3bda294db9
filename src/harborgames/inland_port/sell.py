"""Selling (rulebook: "Sell"): "Anytime during his turn, a player may sell his own buildings in
addition to his action", for half the building's value; a sold building may be built again.

Here "anytime" is before and after the main action, not while a choice or payment of the main
action is being made (ruling R19). Selling before the main action lets a player sell to afford
a build.
"""

from __future__ import annotations

from ..core.update import update
from .actions import Sell
from .data import BUILDING_INDEX, BUILDINGS
from .scoring import sale_price
from .state import State

__all__ = ["SELL_ACTIONS", "sell", "sells", "why_not_sell"]

SELL_ACTIONS = tuple(Sell(b.id) for b in BUILDINGS)


def sells(state: State, player: int) -> list[Sell]:
    """The player's sales: one per own building, in the Building Index's order."""
    owner = state.owner
    if player not in owner:  # asked on every decision of a turn; a C-speed scan first
        return []
    return [SELL_ACTIONS[b] for b, who in enumerate(owner) if who == player]


def sell(state: State, player: int, action: Sell) -> State:
    """The state after the sale (the decision is unchanged: the turn goes on)."""
    building = BUILDING_INDEX[action.building]
    francs = state.francs
    price = sale_price(state, building)
    return update(
        state,
        francs=(francs[0] + price, francs[1]) if player == 0 else (francs[0], francs[1] + price),
        owner=(*state.owner[:building], -1, *state.owner[building + 1 :]),
    )


def why_not_sell(state: State, player: int, building: int) -> str:
    """Why the player may not sell ``building`` (an index of ``BUILDINGS``)."""
    return f"{BUILDINGS[building].name}: you may only sell your own buildings"
