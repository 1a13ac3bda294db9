"""Why an action is refused: the rule it breaks, in words (``Rulebook`` calls this only for an
action that is not legal)."""

from __future__ import annotations

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
    Times,
)
from .buildings import UPGRADES, Upgrade
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    FRANC,
    TOKEN_NAMES,
)
from .offered import LOCKED
from .payment import (
    can_pay_fee,
)
from .state import (
    CHOOSE,
    FEEDING,
    INTEREST,
    PAY,
    PROPOSAL,
    TOWN,
    State,
)
from .visit import energy_due, energy_of


def explain(state: State, action: Action) -> str:
    """Which rule forbids ``action`` here (called only when it is not legal)."""
    phase = state.phase
    if phase in (PAY, FEEDING) and isinstance(action, (Pay, PayPart)):
        return f"{action} is not a way to pay what is due ({_due_text(state)})"
    if phase == INTEREST and not isinstance(action, (Pay, Sell, SellShip, Loan, Repay)):
        return f"{action} must wait: a player with loans pays 1 Franc interest first"
    if phase == FEEDING and not isinstance(action, (Pay, PayPart, Sell, SellShip, Loan)):
        return f"{action} must wait: the round's food is being paid"
    if phase == CHOOSE and state.pending is not None:
        name = BUILDINGS[state.pending.building].name
        upgrade = UPGRADES.get(BUILDINGS[state.pending.building].id)
        if upgrade is not None and isinstance(action, Times):
            return _why_not_upgrade(state, name, upgrade, action.count)
        return f"{action} is not a choice of the {name} now"
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


def _due_text(state: State) -> str:
    pending = state.pending
    if pending is None:
        return "nothing"
    if state.phase == FEEDING:
        return f"{pending.amount} food"
    if pending.purpose == "energy":
        return f"{pending.amount} energy"
    if pending.purpose == "fee":
        return f"the entry fee {BUILDINGS[pending.building].fee}"
    return "building goods"


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


def _why_not_upgrade(state: State, name: str, upgrade: Upgrade, count: int) -> str:
    """E.g. "the Steel Mill needs 15 energy for 3 iron (5 per iron): you have 7 energy"."""
    seat = state.turn_player
    stock = state.players[seat].stock
    source = TOKEN_NAMES[upgrade.source]
    if count < 1:
        return f"the {name} upgrades at least 1 {source}"
    if upgrade.limit is not None and count > upgrade.limit:
        return f"the {name} upgrades at most {upgrade.limit} {source}"
    if count > stock[upgrade.source]:
        return f"the {name} cannot upgrade {count} {source}: you have {stock[upgrade.source]}"
    energy = energy_due(state, seat, upgrade.energy(count))
    return f"the {name} needs {energy} energy for {count} {source}: you have {energy_of(stock)} energy"
