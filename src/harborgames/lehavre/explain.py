"""Why an action is refused: the rule it breaks, in words (``Rulebook`` calls this only for an
action that is not legal)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .actions import (
    Action,
    Buy,
    BuyShip,
    End,
    Enter,
    Loan,
    Pay,
    PayPart,
    Repay,
    Sell,
    SellShip,
    Take,
)
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    FRANC,
    TOKEN_NAMES,
)
from .offered import LOCKED
from .payment import can_pay_fee
from .state import PROPOSAL, TOWN, State

D = TypeVar("D")


def explain(state: State, decision: object, action: Action) -> str:
    """Which rule of the turn forbids ``action`` here (called only when it is not legal): the
    explanation of the turn, and of what a payment or an obligation does not offer."""
    if isinstance(action, Loan):
        return "a loan is taken only when a player cannot pay interest or food"
    if isinstance(action, Enter):
        return _why_not_enter(state, action)
    if isinstance(action, Take):
        if state.main_done:
            return "the main action has been taken this turn"
        return (
            f"the {action.space} Offer space is empty"
            if action.space in TOKEN_NAMES
            else f"{action.space!r} is no Offer space"
        )
    if isinstance(action, (Buy, BuyShip)) and state.final_turns:
        return "no buying in the final stage"
    if isinstance(action, Buy):
        return _why_not_buy(state, action)
    if isinstance(action, End):
        return "take a main action first"
    if isinstance(action, Repay):
        return "repaying needs a loan and 5 Francs"
    if isinstance(action, (Sell, SellShip)):
        return f"{action}: you can sell only your own buildings and ships"
    return f"{action} is not possible now"


def not_a_choice(state: State, building: int, action: Action) -> str:
    """The refusal of a building's own decision."""
    return f"{action} is not a choice of the {BUILDINGS[building].name} now"


def choice_refused(building: str) -> Callable[[State, object, Action], str]:
    """The explanation of building ``building``'s own choices: ``not_a_choice``."""
    index = BUILDING_INDEX[building]
    return lambda state, decision, action: not_a_choice(state, index, action)


def payment_refused(due: Callable[[D], str]) -> Callable[[State, D, Action], str]:
    """The explanation of a payment of ``due(decision)`` (``"3 energy"``): a way to pay that is
    not offered does not pay it; any other action, as ``explain``."""

    def why_not(state: State, decision: D, action: Action) -> str:
        if isinstance(action, (Pay, PayPart)):
            return f"{action} is not a way to pay what is due ({due(decision)})"
        return explain(state, decision, action)

    return why_not


def _why_not_enter(state: State, action: Enter) -> str:
    if state.main_done:
        return "the main action has been taken this turn"
    b = BUILDING_INDEX.get(action.building)
    if b is None:
        return f"{action.building!r} is not a building"
    building = BUILDINGS[b]
    who = state.owner[b]
    if who < TOWN:
        return f"the {building.name} has not been built"
    if LOCKED[b]:
        return f"the {building.name} has no action (padlock)"
    seat = state.turn_player
    if state.players[seat].location == b:
        return f"your Person disc is already in the {building.name}"
    if any(p.location == b for s, p in enumerate(state.players) if s != seat) and not state.final_turns:
        return f"the {building.name} is occupied"
    fee = building.fee
    if who != seat and not can_pay_fee(state.players[seat].stock, fee.food, fee.francs):
        return f"you cannot pay the {building.name}'s entry fee ({fee})"
    return f"the {building.name}'s action cannot be carried out: {building.text}"


def _why_not_buy(state: State, action: Buy) -> str:
    b = BUILDING_INDEX.get(action.building)
    if b is None:
        return f"{action.building!r} is not a building"
    building = BUILDINGS[b]
    if building.price is None:
        return f"the {building.name} cannot be bought"
    if b in state.sold:
        return f"the {building.name} was sold this turn and cannot be bought back in it"
    who = state.owner[b]
    on_top = any(pile and pile[0] == b for pile in state.piles)
    if who != TOWN and not (who == PROPOSAL and on_top):
        return f"the {building.name} is neither the town's nor on top of a proposal pile"
    have = state.players[state.turn_player].stock[FRANC]
    return f"the {building.name} costs {building.price} Francs: you have {have}"
