"""Entering a building (rulebook "The Buildings"): what every building's effect uses.

An ``Effect`` is a building's behaviour in small named functions: ``can_enter`` ("a player
entering a building must carry out its action": only buildings whose action can be carried out
are offered), ``enter`` (right after the fee: do it, or ask), ``choices``/``choose`` for its own
``CHOOSE`` decisions and ``paid`` for what follows a payment it asked for.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from .actions import Action, Build, Give, Times
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    GOODS,
    TOKEN_NAMES,
    BuildCost,
)
from .payment import energy_worth
from .readings import SOURCE_READINGS
from .state import (
    CHOOSE,
    PAY,
    TURN,
    Pending,
    Rules,
    State,
    with_decision,
    with_main_action_done,
    with_player,
    with_players,
    with_stock,
)

# -- what every effect uses ------------------------------------------------------------------


def me(state: State) -> int:
    """The seat taking the main action (interest and feeding never reach a building)."""
    return state.turn_player


def stock_of(state: State) -> tuple[int, ...]:
    return state.players[state.turn_player].stock


def gain(state: State, seat: int, change: dict[int, int]) -> State:
    """``seat`` receives (or, negative, gives) these tokens."""
    p = state.players[seat]
    stock = list(p.stock)
    for token, count in change.items():
        stock[token] += count
    return with_players(state, with_player(state.players, seat, with_stock(p, tuple(stock))))


def done(state: State) -> State:
    """The main action is over: back to the player's turn."""
    return with_main_action_done(state, TURN, None, True)


def ask(
    state: State, building: int, *, step: int = 0, amount: int = 0, chosen: tuple[int, ...] = ()
) -> State:
    """A ``CHOOSE`` decision of ``building``'s effect."""
    pending = Pending("choose", state.turn_player, building, amount, (), chosen, step)
    return with_decision(state, CHOOSE, pending)


def ask_payment(
    state: State, purpose: str, building: int, *, amount: int = 0, due: tuple[int, ...] = (), step: int = 0
) -> State:
    """A ``PAY`` decision: energy or food (``amount``) or building goods (``due``, a BuildCost
    vector). Energy is the Wind Farm owner's due less its discount (nothing to pay: the lone way,
    paying nothing, is taken by the engine)."""
    if purpose == "energy":
        amount = energy_due(state, state.turn_player, amount)
    pending = Pending(purpose, state.turn_player, building, amount, due, (), step)
    return with_decision(state, PAY, pending)


WIND_FARM = BUILDING_INDEX["wind_farm"]
WIND_FARM_DISCOUNT = 3


def energy_due(state: State, seat: int, energy: int) -> int:
    """The energy ``seat`` pays for ``energy`` in a main action: the Wind Farm's owner "receives a
    3-energy discount (no refund of the difference)"."""
    if state.owner[WIND_FARM] == seat:
        return max(0, energy - WIND_FARM_DISCOUNT)
    return energy


def owned(state: State, seat: int) -> list[int]:
    from .offered import built_buildings  # (offered imports this module's neighbours)

    owner = state.owner
    return [b for b in built_buildings(state) if owner[b] == seat]


def building_type(rules: Rules, building: int) -> int:
    if BUILDINGS[building].id == "hardware_store" and rules.hardware_store_type == "sources":
        value = SOURCE_READINGS[("hardware_store", "type")]
        assert isinstance(value, int)
        return value
    return BUILDINGS[building].type


def build_cost(rules: Rules, building: int) -> BuildCost | None:
    """The building goods, by the rule options (Ironworks and Arts Center costs are disputed)."""
    costs = _COSTS.get((rules.ironworks_cost, rules.arts_center_cost))
    if costs is None:
        costs = _COSTS[rules.ironworks_cost, rules.arts_center_cost] = tuple(
            _read_cost(rules, b) for b in range(len(BUILDINGS))
        )
    return costs[building]


_COSTS: dict[tuple[str, str], tuple[BuildCost | None, ...]] = {}


def _read_cost(rules: Rules, building: int) -> BuildCost | None:
    key = BUILDINGS[building].id
    if (key == "ironworks" and rules.ironworks_cost == "sources") or (
        key == "arts_center" and rules.arts_center_cost == "sources"
    ):
        value = SOURCE_READINGS[(key, "cost")]
        assert isinstance(value, BuildCost)
        return value
    return BUILDINGS[building].cost


def count_type(state: State, seat: int, kind: int) -> int:
    return sum(1 for b in owned(state, seat) if building_type(state.rules, b) == kind)


def hammers(state: State, seat: int) -> int:
    return sum(BUILDINGS[b].hammers for b in owned(state, seat))


def fishermen(state: State, seat: int) -> int:
    return sum(BUILDINGS[b].fishermen for b in owned(state, seat))


def energy_of(stock: tuple[int, ...]) -> int:
    return energy_worth(stock)


def always(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    """``can_enter`` of a building whose action can always be carried out."""
    return True


@attrs.frozen
class Effect:
    can_enter: Callable[[State, int, tuple[int, ...]], bool]  # the seat's stock as it would be
    enter: Callable[[State], State]
    choices: Callable[[State, Pending], tuple[Action, ...]] | None = None
    choose: Callable[[State, Pending, Action], State] | None = None
    paid: Callable[[State, Pending], State] | None = None  # after a payment this effect asked for
    # The action spends or shows Francs (so an entry fee paid in Francs can make it impossible).
    needs_francs: bool = False


def _token(name: str) -> int:
    return TOKEN_NAMES.index(name)


_TIMES = tuple(Times(k) for k in range(0, 200))


def times(count: int) -> Times:
    """The ``Times(count)`` decision, one shared object for the usual counts."""
    return _TIMES[count] if count < len(_TIMES) else Times(count)


def times_range(low: int, high: int) -> tuple[Times, ...]:
    """``times(low) .. times(high)``: every count of a "how many" decision."""
    if high < len(_TIMES):
        return _TIMES[low : high + 1]
    return tuple(times(k) for k in range(low, high + 1))


GIVES = {g: Give(TOKEN_NAMES[g]) for g in GOODS}


BUILDS = {b: Build(BUILDINGS[b].id) for b in range(len(BUILDINGS))}
