"""What is being decided in the Inland Port (``State.decision``): one small frozen class per kind
of decision (``None`` once the game is over). A turn runs through them in this order:

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

import typing

import attrs

from .data import BUILDINGS

__all__ = [
    "DECISION_TYPES",
    "MAIN_ACTION",
    "SELL_OR_END",
    "ChooseUse",
    "Decision",
    "MainAction",
    "PayBuildCost",
    "PayExchangeFood",
    "SellOrEnd",
    "decision_kind",
    "waiting_for",
]

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
DECISION_TYPES: tuple[type[Decision], ...] = typing.get_args(Decision)  # the union's classes, in order

# The two decisions without fields, shared by every state that waits on them.
MAIN_ACTION, SELL_OR_END = MainAction(), SellOrEnd()


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
