"""Shipping goods (rulebook: the Shipping Line, and the goods a ship can ship): the goods go one
at a time for their Francs, then 3 energy per ship used."""

from __future__ import annotations

from ..core.checks import StateChecks
from ..core.decisions import Rule
from .actions import DONE, Action, Give
from .data import (
    BUILDING_INDEX,
    ENERGY_VALUE,
    FRANC,
    GOODS,
    ROUND_CARDS,
    SHIP_ENERGY,
    SHIP_TYPES,
    SHIPPING_FRANCS,
)
from .decisions import ShippingLoad
from .effect import (
    GIVES,
    Effect,
    EnergyPaid,
    ask,
    ask_energy,
    done,
    energy_due,
    energy_of,
    gain,
    me,
    stock_of,
    token,
)
from .explain import choice_refused
from .kind import Kind
from .state import State

__all__ = [
    "SHIPPED",
    "SHIPPING_LINE",
    "SHIPPING_LINE_EFFECT",
    "SHIPPING_LOAD",
    "shipping_capacities",
    "ships_used",
]


# -- the Shipping Line: its goods for Francs, 3 energy per ship used --------------------------------
# "Pay 3 energy for each ship used to ship goods": the goods are chosen first, one at a time, and
# the energy follows from the ships that carry them (paid from goods not shipped, so the order of
# the two steps changes nothing the player holds at the end).
def shipping_capacities(state: State, seat: int) -> list[int]:
    """Goods each of the player's ships can ship, largest first (Luxury liners ship nothing)."""
    types = [ROUND_CARDS[card].ship_type for card in state.players[seat].ships]
    return sorted((SHIP_TYPES[t].capacity for t in types if SHIP_TYPES[t].capacity), reverse=True)


def _energy_leaving_a_good(stock: tuple[int, ...], energy: int) -> bool:
    """Whether ``energy`` can be paid while a good is kept back to ship (3 wood and nothing else
    pay a ship's energy but leave nothing to load: the action could not be carried out)."""
    total = energy_of(stock)
    return any(stock[g] and total - ENERGY_VALUE[g] >= energy for g in GOODS)


def _shipping_can(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    energy = energy_due(state, seat, SHIP_ENERGY)
    return bool(shipping_capacities(state, seat)) and _energy_leaving_a_good(stock, energy)


def ships_used(capacities: list[int], goods: int) -> int:
    """The fewest ships that carry ``goods``, filled largest first: the ships "used to ship goods"
    whose energy is paid."""
    carried = 0
    for used, capacity in enumerate(capacities, start=1):
        carried += capacity
        if carried >= goods:
            return used
    return len(capacities)


def _shipping_enter(state: State) -> State:
    return ask(state, ShippingLoad())


def _shipping_gives(state: State, shipped: int) -> tuple[Action, ...]:
    """The goods that can be loaded as the next one: room is left on the ships, and the energy of
    the ships then used can still be paid from what stays behind."""
    seat = me(state)
    capacities = shipping_capacities(state, seat)
    if shipped >= sum(capacities):
        return ()
    stock = stock_of(state)
    energy = energy_due(state, seat, SHIP_ENERGY * ships_used(capacities, shipped + 1))
    total = energy_of(stock)
    return tuple(GIVES[g] for g in GOODS if stock[g] and total - ENERGY_VALUE[g] >= energy)


def _shipping_choices(state: State, decision: ShippingLoad) -> tuple[Action, ...]:
    # the ships' energy is paid once the loading is over
    gives = _shipping_gives(state, decision.shipped)
    return (*gives, DONE) if decision.shipped else gives


def _shipping_choose(state: State, decision: ShippingLoad, action: Action) -> State:
    if isinstance(action, Give):
        good = token(action.good)
        state = gain(state, me(state), {good: -1, FRANC: SHIPPING_FRANCS[good]})
        shipped = decision.shipped + 1
        if _shipping_gives(state, shipped):
            return ask(state, ShippingLoad(shipped))
    else:
        shipped = decision.shipped
    ships = ships_used(shipping_capacities(state, me(state)), shipped)
    return ask_energy(state, SHIPPING_LINE, SHIP_ENERGY * ships)


SHIPPING_LINE = BUILDING_INDEX["shipping_line"]


def _describe_shipping(state: State, decision: ShippingLoad, viewer: int | None) -> str:
    return f"the Shipping Line: the next good to ship ({decision.shipped} loaded so far)"


def _check_shipping(check: StateChecks, state: State, decision: ShippingLoad) -> None:
    room = sum(shipping_capacities(state, state.turn_player))
    check.within("the goods shipped so far", decision.shipped, 0, room)


def _shipping_left(state: State, decision: ShippingLoad) -> tuple[int, int]:
    room = sum(shipping_capacities(state, state.turn_player)) - decision.shipped
    return 0, max(SHIPPING_FRANCS) * max(0, room)


SHIPPING_LOAD = Kind(
    ShippingLoad,
    Rule(_shipping_choices, _shipping_choose, choice_refused("shipping_line")),
    _describe_shipping,
    at="shipping_line",
    check=_check_shipping,
    left=_shipping_left,
)


SHIPPING_LINE_EFFECT = Effect(_shipping_can, _shipping_enter)
SHIPPED = EnergyPaid(done, goods=0)  # what follows the ships' energy: nothing, the goods went first
