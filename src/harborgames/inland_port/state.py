"""The position: a frozen value shared structurally between successive states, and what is
being decided in it.

``State.decision`` says what the seat to move decides, one small frozen class per kind of
decision (``None`` once the game is over). A turn runs through them in this order:

* ``MainAction()``: sell any number of one's buildings, then build, use, or pass.
* ``ChooseUse(building, applications)``: the building being used asks how its moves or exchanges
  fall (the sector gave it ``applications``, N).
* ``PayBuildCost(building)`` / ``PayExchangeFood(building, times)``: which goods pay a build's
  Wood/Clay or Food cost, or the Food of ``times`` Wood Trader / Restaurant exchanges (a
  warehouse gives no change, so there may be several ways).
* ``SellOrEnd()``: the main action is done; sell more, or end the turn.

Each kind's rule (its legal actions, their effect, why others are refused) is in the file named
after its part of the rulebook: ``turn.py`` (the main action and the end of it), ``build.py``,
``use.py``; ``turn.py`` joins them into the ``RULEBOOK``.
"""

from __future__ import annotations

import attrs

from ..core.decisions import Forced, forced_field, legal_memo_field
from ..core.rng import Rng
from .data import BUILDINGS, Rules

__all__ = [
    "DECISION_TYPES",
    "ChooseUse",
    "Decision",
    "MainAction",
    "Observation",
    "PayBuildCost",
    "PayExchangeFood",
    "SellOrEnd",
    "State",
    "decision_kind",
    "is_available",
    "sector_age",
    "waiting_for",
]


# -- what is being decided ----------------------------------------------------------------------
@attrs.frozen(slots=True, weakref_slot=False)
class MainAction:
    """The turn's main action is still to come: sell any number, then build, use or pass."""


@attrs.frozen(slots=True, weakref_slot=False)
class ChooseUse:
    """How the use of ``building`` falls: which ``move`` or how many exchanges (``times``)."""

    building: str  # the building's id (its notation name)
    applications: int  # N, from the sector it was used in: how often its main effect applies


@attrs.frozen(slots=True, weakref_slot=False)
class PayBuildCost:
    """Which goods pay the Wood/Clay or Food cost of building ``building``."""

    building: str  # the building's id


@attrs.frozen(slots=True, weakref_slot=False)
class PayExchangeFood:
    """Which food pays for ``times`` exchanges at ``building`` (Wood Trader, Restaurant)."""

    building: str  # the building's id
    times: int  # the exchanges chosen (1..N); their Francs are paid when they are carried out


@attrs.frozen(slots=True, weakref_slot=False)
class SellOrEnd:
    """The main action is done: sell more of one's buildings, or end the turn."""


Decision = MainAction | ChooseUse | PayBuildCost | PayExchangeFood | SellOrEnd
"""What a state waits for (``State.decision``): one small class per kind of decision."""
DECISION_TYPES: tuple[type[Decision], ...] = (MainAction, ChooseUse, PayBuildCost, PayExchangeFood, SellOrEnd)

# The two decisions without fields, shared by every state that waits on them.
MAIN_ACTION, SELL_OR_END = MainAction(), SellOrEnd()


# -- the position -------------------------------------------------------------------------------
@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)
class State:
    """Le Havre: The Inland Port, between two decisions."""

    num_players: int  # always 2
    current_player: int | None  # the seat deciding next; None once the game is over
    round: int  # 0..11 for rounds A..L; 12 once over
    actions_left: int  # main actions still to take in this round, the current one included
    first_player: int  # the seat holding the A-F board, who starts round A
    decision: Decision | None  # what current_player decides (see above); None once over
    francs: tuple[int, int]  # each seat's money
    goods: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]  # fish, clay, wood, grain
    owner: tuple[int, ...]  # per building: the owning seat, or -1 if not built
    placed: tuple[int, ...]  # per building: the round it was last built or used (sector 0 then)
    rules: Rules  # the rule options the game was started with
    rng: Rng  # the seeded stream (used only for the starting player)
    forced: tuple[Forced, ...] = forced_field()  # what the engine took since a player last decided
    legal_memo: tuple[object, ...] | None = legal_memo_field()  # legal actions, once computed


@attrs.frozen(slots=True, weakref_slot=False)
class Observation:
    """What a seat sees: everything (the Inland Port has no hidden information)."""

    player: int
    state: State


# -- readings of the position that several rules share ------------------------------------------
def sector_age(state: State, building: int) -> int:
    """Rounds since the building was built or last used: 0 is sector 0, 4 is "4+"."""
    return state.round - state.placed[building]


def is_available(state: State, building: int) -> bool:
    """The building is in play (its round has come) and not built: it may be built."""
    return state.owner[building] < 0 and BUILDINGS[building].round <= state.round



_KINDS: dict[type[Decision], str] = {
    MainAction: "main action",
    ChooseUse: "choose",
    PayBuildCost: "pay",
    PayExchangeFood: "pay",
    SellOrEnd: "sell or end",
}


def decision_kind(decision: Decision | None) -> str:
    """A word or two for what is being decided, for a status line: ``main action``, ``choose``,
    ``pay``, ``sell or end``, or ``game over``."""
    return "game over" if decision is None else _KINDS[type(decision)]


def waiting_for(decision: Decision | None) -> str | None:
    """What a choice or payment under way is about, in words (``None`` for the main action,
    selling or ending, and the end): ``how to use the Marketplace (N = 4)``."""
    match decision:
        case ChooseUse(building, applications):
            return f"how to use the {_name(building)} (N = {applications})"
        case PayBuildCost(building):
            return f"how to pay for building the {_name(building)}"
        case PayExchangeFood(building, times):
            return f"how to pay the food of {times} exchange{'s' * (times != 1)} at the {_name(building)}"
    return None


def _name(building: str) -> str:
    return next((b.name for b in BUILDINGS if b.id == building), building)
