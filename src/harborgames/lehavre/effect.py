"""What every building's action uses (rulebook "The Buildings"): the ``Effect`` of a building and
the small steps its rules are written in.

An ``Effect`` says what happens when a building is entered: ``can_enter`` ("a player entering a
building must carry out its action": only buildings whose action can be carried out are
offered) and ``enter`` (right after the fee: do it, or ask a decision). The decisions a building
asks are ``decisions.py`` classes, each declared as a ``kind.Kind`` beside the building
(``buildings.py``, ``specials.py``, ``construction.py``, ...; here: ``PayEnergy``, which several
buildings ask), and ``visit.py`` assembles them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, TypeVar

import attrs

from ..core.checks import StateChecks
from ..core.decisions import Rule
from ..core.update import update, update_generic
from .actions import Action, Build, Give, Pay, PayPart, Times
from .data import (
    BRICK,
    BUILDING_INDEX,
    BUILDINGS,
    CLAY,
    ENERGY_VALUE,
    GOODS,
    IRON,
    STEEL,
    TOKEN_NAMES,
    WOOD,
    BuildCost,
    Rules,
)
from .decisions import TURN, Decision, PayEnergy
from .explain import payment_refused
from .kind import Kind, Phase
from .names import building_name
from .offered import built_entry
from .payment import ENERGY, amount_ways, chosen_vector, energy_worth, step_done
from .readings import SOURCE_READINGS
from .state import Player, State, pay_tokens, with_decision, with_player, with_players, with_stock

D = TypeVar("D", bound=Decision)


def me(state: State) -> int:
    """The seat taking the main action (interest and feeding never reach a building)."""
    return state.turn_player


def stock_of(state: State) -> tuple[int, ...]:
    return state.players[state.turn_player].stock


def gain(state: State, seat: int, change: dict[int, int]) -> State:
    """``seat`` receives (or, negative, gives) these tokens."""
    return with_players(state, _players_gaining(state, seat, change))


def _players_gaining(state: State, seat: int, change: dict[int, int]) -> tuple[Player, ...]:
    """The players once ``seat`` has received ``change`` (``gain`` without the copy)."""
    p = state.players[seat]
    stock = list(p.stock)
    for token, count in change.items():
        stock[token] += count
    return with_player(state.players, seat, with_stock(p, tuple(stock)))


def done(state: State) -> State:
    """The main action is over: back to the player's turn."""
    return update(state, decision=TURN, main_done=True)


def done_gaining(state: State, seat: int, change: dict[int, int]) -> State:
    """``done(gain(state, seat, change))`` in one state copy (most buildings end so)."""
    players = _players_gaining(state, seat, change)
    return update(state, players=players, decision=TURN, main_done=True)


def ask(state: State, decision: Decision) -> State:
    """The turn's player decides ``decision`` next (a building's choice or payment)."""
    return with_decision(state, decision=decision)


WIND_FARM = BUILDING_INDEX["wind_farm"]
WIND_FARM_DISCOUNT = 3


def energy_due(state: State, seat: int, energy: int) -> int:
    """The energy ``seat`` pays for ``energy`` in a main action: the Wind Farm's owner "receives a
    3-energy discount (no refund of the difference)"."""
    if state.owner[WIND_FARM] == seat:
        return max(0, energy - WIND_FARM_DISCOUNT)
    return energy


def owned(state: State, seat: int) -> list[int]:
    """``seat``'s buildings, in index order."""
    return list(built_entry(state).owned[seat])


def building_type(rules: Rules, building: int) -> int:
    if BUILDINGS[building].id == "hardware_store" and rules.hardware_store_type == "sources":
        value = SOURCE_READINGS[("hardware_store", "type")]
        assert isinstance(value, int)
        return value
    return BUILDINGS[building].type


def _read_cost(ironworks: str, arts_center: str, building: int) -> BuildCost | None:
    key = BUILDINGS[building].id
    if (key == "ironworks" and ironworks == "sources") or (key == "arts_center" and arts_center == "sources"):
        value = SOURCE_READINGS[(key, "cost")]
        assert isinstance(value, BuildCost)
        return value
    return BUILDINGS[building].cost


# The building goods per (Ironworks cost option, Arts Center cost option), made at import.
BUILD_COSTS: dict[tuple[str, str], tuple[BuildCost | None, ...]] = {
    (ironworks, arts_center): tuple(_read_cost(ironworks, arts_center, b) for b in range(len(BUILDINGS)))
    for ironworks in ("rulebook", "sources")
    for arts_center in ("rulebook", "sources")
}


def build_cost(rules: Rules, building: int) -> BuildCost | None:
    """The building goods, by the rule options (Ironworks and Arts Center costs are disputed)."""
    return BUILD_COSTS[rules.ironworks_cost, rules.arts_center_cost][building]


def count_type(state: State, seat: int, kind: int) -> int:
    return sum(1 for b in owned(state, seat) if building_type(state.rules, b) == kind)


def hammers(state: State, seat: int) -> int:
    return sum(map(HAMMERS.__getitem__, built_entry(state).owned[seat]))


def fishermen(state: State, seat: int) -> int:
    return sum(map(FISHERMEN.__getitem__, built_entry(state).owned[seat]))


HAMMERS = tuple(b.hammers for b in BUILDINGS)
FISHERMEN = tuple(b.fishermen for b in BUILDINGS)


def energy_of(stock: tuple[int, ...]) -> int:
    return energy_worth(stock)


ENERGY_GOODS = frozenset(g for g in GOODS if ENERGY_VALUE[g])
BUILDING_GOODS = frozenset((WOOD, CLAY, BRICK, IRON, STEEL))


def always(state: State, seat: int, stock: tuple[int, ...]) -> bool:
    """``can_enter`` of a building whose action can always be carried out."""
    return True


@attrs.frozen
class Effect:
    """A building's action as it is entered (its own decisions are rules of their classes)."""

    can_enter: Callable[[State, int, tuple[int, ...]], bool]  # the seat's stock as it would be
    enter: Callable[[State], State]  # right after the fee: do it, or ask a decision
    # The action spends or shows Francs (so an entry fee paid in Francs can make it impossible).
    needs_francs: bool = False
    # The tokens of the stock ``can_enter`` reads (None: any). An entry fee paid in food takes
    # only food tokens and Francs, so where the check reads none of them, a fee that can be paid
    # leaves the action possible and the ways to pay it need not be tried one by one.
    # (tests/lehavre/test_entering.py checks each declaration against the check itself.)
    reads: frozenset[int] | None = None


def token(name: str) -> int:
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


# -- paying food or energy ---------------------------------------------------------------------
class AmountDue(Protocol):
    """A payment of food or energy: ``due``, and the counts ``chosen`` so far kind by kind."""

    @property
    def due(self) -> int: ...

    @property
    def chosen(self) -> tuple[int, ...]: ...


def amount_rule(
    kind: str,
    seat: Callable[[State, D], int],
    paid: Callable[[State, D], State],
) -> Rule[State, D, Action]:
    """The rule of a decision paying ``due`` food or energy (``kind``) without change: every
    minimal way, or one token kind at a time when there are too many (``payment.py``); then
    ``paid``. ``seat``: who pays. The decision class must satisfy ``AmountDue``."""

    def legal(state: State, decision: D) -> tuple[Action, ...]:
        owed: AmountDue = decision  # type: ignore[assignment]  # the classes given have due and chosen
        return amount_ways(state.players[seat(state, decision)].stock, kind, owed.due, owed.chosen)

    def perform(state: State, decision: D, action: Action) -> State:
        owed: AmountDue = decision  # type: ignore[assignment]
        payer = seat(state, decision)
        if isinstance(action, PayPart):
            stock = state.players[payer].stock
            chosen = (*owed.chosen, action.count)
            if not step_done(stock, kind, owed.due, chosen):
                return with_decision(state, decision=update_generic(decision, chosen=chosen))
            action = Pay(chosen_vector(stock, kind, chosen))
            decision = update_generic(decision, chosen=())
        assert isinstance(action, Pay)
        return paid(pay_tokens(state, payer, action.tokens), decision)

    def due(decision: D) -> str:
        owed: AmountDue = decision  # type: ignore[assignment]
        return f"{owed.due} {kind}"

    return Rule(legal, perform, payment_refused(due))


def turn_seat(state: State, decision: object) -> int:
    """The seat paying for a building's action: the turn's player."""
    return state.turn_player


# -- a building's action that costs energy (the Ironworks' extra iron, the Shipping Line's ships,
# the Kiln, the Steelworks) -------------------------------------------------------------------------
def ask_energy(state: State, building: int, energy: int) -> State:
    """The turn's player pays ``energy`` for ``building``'s action (less the Wind Farm's
    discount); what follows is the building's ``EnergyPaid``."""
    return ask(state, PayEnergy(building, energy_due(state, me(state), energy)))


@attrs.frozen
class EnergyPaid:
    """What follows paying the energy at a building that asks for it, and the most goods (a
    cattle counted twice) that brings (``limits.py``)."""

    then: Callable[[State], State]
    goods: int


def paying_energy(paid: Mapping[int, EnergyPaid]) -> Kind[PayEnergy]:
    """``PayEnergy``'s kind, given what follows the energy at each building that asks for it
    (``visit.py`` joins the standard and the special buildings')."""

    def after(state: State, decision: PayEnergy) -> State:
        return paid[decision.building].then(state)

    def describe(state: State, decision: PayEnergy, viewer: int | None) -> str:
        return f"the {building_name(decision.building)}: {decision.due} energy"

    def check(check: StateChecks, state: State, decision: PayEnergy) -> None:
        check.require(decision.building in paid, f"{BUILDINGS[decision.building].id} asks for no energy")

    def left(state: State, decision: PayEnergy) -> tuple[int, int]:
        follows = paid.get(decision.building)
        return (0 if follows is None else follows.goods), 0

    return Kind(
        PayEnergy,
        amount_rule(ENERGY, turn_seat, after),
        describe,
        phase=Phase.PAY,
        check=check,
        left=left,
        paid_in=ENERGY,
    )
