"""A kind of decision as one unit: its rule, and what every other layer needs of it.

Each decision class (``decisions.py``) is declared once, as a :class:`Kind`, beside the rule of
the rulebook that asks it (``turn.py``, ``obligations.py``, ``visit.py``, ``effect.py``,
``construction.py``, ``buildings.py``, ``upgrading.py``, ``specials.py``). ``turn.py`` joins the
declarations into ``KINDS``; the Rulebook, the words (``render.py``, ``labels.py``, ``view.py``),
the loading checks (``codec.py``, ``limits.py``) and the tensor (``tensor.py``) look a decision's
kind up there by its class, so none of them names a decision class. ``docs/adding-a-building.md``
walks through declaring one.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Generic, TypeVar

import attrs

from ..core.checks import StateChecks
from ..core.decisions import Rule
from .actions import Action
from .decisions import Decision
from .state import State

__all__ = ["Kind", "Phase", "at_most", "no_check", "no_fees", "nothing_held", "nothing_left", "said"]

D = TypeVar("D", bound=Decision)


class Phase(StrEnum):
    """Which part of the game a decision belongs to, in a word for people (``render``'s header,
    the web table's ``phase``)."""

    TURN = "turn"  # the turn's player's own decisions around the main action
    INTEREST = "interest"  # a seat with loans pays interest
    FEEDING = "feeding"  # a seat pays the round's food
    PAY = "pay"  # goods for a building's action (a fee, energy, building goods, food)
    CHOOSE = "choose"  # a building's own choice

    @property
    def of_a_building(self) -> bool:
        """Asked inside a building's action, at the building the turn's player entered."""
        return self in (Phase.PAY, Phase.CHOOSE)


def no_check(check: StateChecks, state: State, decision: object) -> None:
    """A kind that a loaded document may hold wherever the common checks allow it."""


def nothing_left(state: State, decision: object) -> tuple[int, int]:
    """The rest of the action brings no more goods or Francs than it takes."""
    return 0, 0


def no_fees(decision: object) -> tuple[int, int]:
    """No other seat receives a fee in the rest of the action."""
    return 0, 0


def nothing_held(decision: object) -> int:
    return 0


def said(text: str) -> Callable[[State, object, int | None], str]:
    """The description of a kind that always reads the same."""
    return lambda state, decision, viewer: text


def at_most(goods: int, francs: int) -> Callable[[State, object], tuple[int, int]]:
    """``left`` of a kind whose rest of the action brings at most these, whatever the state."""
    return lambda state, decision: (goods, francs)


@attrs.frozen(slots=True, weakref_slot=False)
class Kind(Generic[D]):
    """Everything the layers need of one decision class ``D``, declared beside its rule."""

    decision: type[D]
    rule: Rule[State, D, Action]  # its options, their effect, why an action is refused
    # What the seat to move decides, without its subject, in the words ``viewer`` reads (a fee
    # paid to it is paid "to you"): the header's ``P0 to decide (...)``, the table's prompt.
    describe: Callable[[State, D, int | None], str]
    phase: Phase = Phase.CHOOSE
    # The building asking it, where the class has no ``building`` or ``wharf`` field to say so.
    at: str | None = None
    # What a loaded document holding it must also satisfy, beyond what ``codec.py`` checks of
    # every kind of its phase (for a building's decision: asked in the main action, at the
    # building where the turn's player's disc stands, one with an action).
    check: Callable[[StateChecks, State, D], None] = no_check
    # For ``limits.py``: the most goods (a cattle counted twice) and Francs the rest of the
    # action brings the seat taking it, never more than its decision before it left; ...
    left: Callable[[State, D], tuple[int, int]] = nothing_left
    # ... or the building's whole action is still to come (its fee, the Harbor Watch's target) ...
    action_to_come: bool = False
    # ... and the entry fees other seats may still receive in it, with the Francs besides.
    fees_to_others: Callable[[D], tuple[int, int]] = no_fees
    # Goods given up so far that the goods room still counts as the seat's (the Bridge's).
    held: Callable[[D], int] = nothing_held
    # The payment's unit ("food" or "energy") where it pays an amount without change.
    paid_in: str | None = None
    # The field the observation tensor writes as its own one-hot (``tensor_layout.py``).
    slot: str | None = None
