"""The exchanging special buildings (rulebook "Special Buildings": "Exchange 1 meat + 1 bread up
to 4 times for 6 Francs each pair", the Bakery, the Tavern, ...): one table of what each gives
and receives (``EXCHANGES``), and one decision, how many times (``Times``)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..core.checks import StateChecks
from ..core.decisions import Rule
from .actions import Action, Times
from .data import (
    BREAD,
    BUILDING_INDEX,
    BUILDINGS,
    CHARCOAL,
    FISH,
    FRANC,
    GRAIN,
    HIDES,
    LEATHER,
    MEAT,
    SMOKED_FISH,
    WOOD,
)
from .decisions import ExchangeTimes
from .effect import Effect, ask, done_gaining, me, stock_of, times_range
from .explain import not_a_choice
from .kind import Kind
from .names import building_name
from .state import State

__all__ = ["DINER_SOURCES", "EXCHANGES", "EXCHANGE_TIMES", "EXCHANGING_EFFECTS", "Exchange", "exchange_of"]


# -- exchanges: give the inputs k times, receive the outputs k times -----------------------------
@attrs.frozen
class Exchange:
    """``inputs`` for ``outputs``, at most ``limit`` times per visit (None: any number)."""

    inputs: Mapping[int, int]
    outputs: Mapping[int, int]
    limit: int | None


def _times_possible(stock: tuple[int, ...], exchange: Exchange) -> int:
    most = min(stock[good] // count for good, count in exchange.inputs.items())
    return most if exchange.limit is None else min(most, exchange.limit)


EXCHANGES: dict[str, Exchange] = {
    # "Exchange 1 meat + 1 bread up to 4 times for 6 Francs each pair."
    "baguette_shop": Exchange({MEAT: 1, BREAD: 1}, {FRANC: 6}, 4),
    # "Exchange up to 6 bread for 3 Francs each."
    "bakery": Exchange({BREAD: 1}, {FRANC: 3}, 6),
    # "Exchange pairs of 1 hide + 1 leather for 7 Francs each."
    "clothing_industry": Exchange({HIDES: 1, LEATHER: 1}, {FRANC: 7}, None),
    # "Exchange 1 wood + 1 smoked fish + 1 bread up to 3 times for 8 Francs each set." (rule option)
    "diner": Exchange({WOOD: 1, SMOKED_FISH: 1, BREAD: 1}, {FRANC: 8}, 3),
    # "Exchange up to 7 fish for 2 Francs each (not smoked fish)."
    "fish_market": Exchange({FISH: 1}, {FRANC: 2}, 7),
    # "Exchange any smoked fish for 3 Francs each."
    "fish_restaurant": Exchange({SMOKED_FISH: 1}, {FRANC: 3}, None),
    # "Exchange 1 wood + 1 meat up to 4 times for 5 Francs each pair."
    "forest_hut": Exchange({WOOD: 1, MEAT: 1}, {FRANC: 5}, 4),
    # "Exchange pairs of leather + wood for 6 Francs each."
    "furniture_factory": Exchange({LEATHER: 1, WOOD: 1}, {FRANC: 6}, None),
    # "Exchange 1 bread + 1 grain up to 3 times for 5 Francs each pair."
    "patisserie": Exchange({BREAD: 1, GRAIN: 1}, {FRANC: 5}, 3),
    # "Exchange up to 4 grain for 2 Francs each."
    "schnaps_distillery": Exchange({GRAIN: 1}, {FRANC: 2}, 4),
    # "Exchange 1 meat + 1 charcoal up to 4 times for 6 Francs each pair."
    "steakhouse": Exchange({MEAT: 1, CHARCOAL: 1}, {FRANC: 6}, 4),
    # "Exchange 1 wood + 1 grain up to 4 times for 3 Francs each pair."
    "tavern": Exchange({WOOD: 1, GRAIN: 1}, {FRANC: 3}, 4),
}
# The sources' Diner (rule option diner=sources): up to 6 sets for 3 Francs each.
DINER_SOURCES = Exchange({WOOD: 1, SMOKED_FISH: 1, BREAD: 1}, {FRANC: 3}, 6)


def exchange_of(state: State, key: str) -> Exchange:
    if key == "diner" and state.rules.diner == "sources":
        return DINER_SOURCES
    return EXCHANGES[key]


def _exchanger(key: str) -> Effect:
    building = BUILDING_INDEX[key]
    # One exchange needs each input once (the same goods under both Diner readings): asked of
    # every built exchanger on every turn, so the check is plain comparisons.
    needs = tuple(EXCHANGES[key].inputs.items())
    assert key != "diner" or needs == tuple(DINER_SOURCES.inputs.items())

    def can_enter(state: State, seat: int, stock: tuple[int, ...]) -> bool:
        for good, count in needs:  # noqa: SIM110  (a loop: no generator per call)
            if stock[good] < count:
                return False
        return True

    return Effect(
        can_enter, lambda state: ask(state, ExchangeTimes(building)), reads=frozenset(EXCHANGES[key].inputs)
    )


def _exchange_legal(state: State, decision: ExchangeTimes) -> tuple[Action, ...]:
    most = _times_possible(stock_of(state), exchange_of(state, BUILDINGS[decision.building].id))
    return times_range(1, most)


def _exchange(state: State, decision: ExchangeTimes, action: Action) -> State:
    assert isinstance(action, Times)
    exchange = exchange_of(state, BUILDINGS[decision.building].id)
    change = {good: -count * action.count for good, count in exchange.inputs.items()}
    for good, count in exchange.outputs.items():
        change[good] = change.get(good, 0) + count * action.count
    return done_gaining(state, me(state), change)


def _exchange_why(state: State, decision: ExchangeTimes, action: Action) -> str:
    return not_a_choice(state, decision.building, action)


def _describe_exchange(state: State, decision: ExchangeTimes, viewer: int | None) -> str:
    return f"the {building_name(decision.building)}: how many times ({BUILDINGS[decision.building].text})"


_EXCHANGERS = frozenset(BUILDING_INDEX[key] for key in EXCHANGES)


def _check_exchanger(check: StateChecks, state: State, decision: ExchangeTimes) -> None:
    check.require(decision.building in _EXCHANGERS, f"{BUILDINGS[decision.building].id} makes no exchanges")


EXCHANGE_FRANCS_PER_GOOD = 8  # no exchange pays more Francs per good given


def _exchange_left(state: State, decision: ExchangeTimes) -> tuple[int, int]:
    return 0, EXCHANGE_FRANCS_PER_GOOD * sum(stock_of(state)[:FRANC])


EXCHANGE_TIMES = Kind(
    ExchangeTimes,
    Rule(_exchange_legal, _exchange, _exchange_why),
    _describe_exchange,
    check=_check_exchanger,
    left=_exchange_left,
)


EXCHANGING_EFFECTS = {key: _exchanger(key) for key in EXCHANGES}
"""The exchanging buildings' actions (``specials.py`` lists them with the others)."""
