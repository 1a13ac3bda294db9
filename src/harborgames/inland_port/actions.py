"""The decisions a player makes, one small frozen class each; ``str(action)`` is the notation.

A turn is: any number of ``Sell``; one main action (``Build`` or ``Use``, or ``Pass`` when neither
is possible); then, if the main action holds choices, a ``Move``, ``Times`` or ``Pay`` decision or
two; then any number of ``Sell`` and ``End``.
"""

from __future__ import annotations

import typing

import attrs

from .data import GOOD_LETTERS


def _goods_text(counts: tuple[int, int, int, int]) -> str:
    parts = [f"{GOOD_LETTERS[g]}{n}" for g, n in enumerate(counts) if n]
    return " ".join(parts) if parts else "none"


@attrs.frozen(slots=True)
class Build:
    """Pay a building's cost and place it in sector 0 of one's own wheel."""

    building: str

    def __str__(self) -> str:
        return f"build {self.building}"


@attrs.frozen(slots=True)
class Use:
    """Use a built building in a sector above 0 (an opponent's costs 1 Franc to its owner)."""

    building: str

    def __str__(self) -> str:
        return f"use {self.building}"


@attrs.frozen(slots=True)
class Sell:
    """Sell one of one's own buildings for half its value, before or after the main action."""

    building: str

    def __str__(self) -> str:
        return f"sell {self.building}"


@attrs.frozen(slots=True)
class Pass:
    """The main action when no building can be built or used (reference §6: a stand-in rule)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True)
class End:
    """End the turn (offered after the main action while there is something left to sell)."""

    def __str__(self) -> str:
        return "end"


@attrs.frozen(slots=True)
class _PerGood:
    """A number for each good, in the warehouse's order (fish, clay, wood, grain)."""

    fish: int = 0
    clay: int = 0
    wood: int = 0
    grain: int = 0

    @property
    def counts(self) -> tuple[int, int, int, int]:
        return (self.fish, self.clay, self.wood, self.grain)


@attrs.frozen(slots=True)
class Move(_PerGood):
    """How a use's moves fall on the markers: effective steps per good."""

    def __str__(self) -> str:
        return f"move {_goods_text(self.counts)}"


@attrs.frozen(slots=True)
class Times:
    """How often to apply an exchange (Wood Trader, Restaurant, Fish Market, Weekly Market), or,
    with the rule option ``main_effect_applications=up_to``, any main effect."""

    count: int

    def __str__(self) -> str:
        return f"times {self.count}"


@attrs.frozen(slots=True)
class Pay(_PerGood):
    """Which goods pay a cost: goods given up per good, overpayment included."""

    def __str__(self) -> str:
        return f"pay {_goods_text(self.counts)}"

    def taken_from(self, goods: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """The warehouse ``goods`` after this payment."""
        return (goods[0] - self.fish, goods[1] - self.clay, goods[2] - self.wood, goods[3] - self.grain)


def paid(before: tuple[int, int, int, int], after: tuple[int, int, int, int]) -> Pay:
    """The payment that takes a warehouse from ``before`` to ``after`` (goods given up per good)."""
    return Pay(before[0] - after[0], before[1] - after[1], before[2] - after[2], before[3] - after[3])


Action = Build | Use | Sell | Pass | End | Move | Times | Pay
ACTION_TYPES: tuple[type[Action], ...] = typing.get_args(Action)  # the union's classes, in order
