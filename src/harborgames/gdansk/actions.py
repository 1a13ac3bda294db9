"""The decisions of Port Gdańsk: small frozen values whose ``str`` is the notation.

Actions name things the way the table does (goods, sizes and sectors by their rulebook names,
locations by the component file's id, quays by their printed number), so that ``str(action)``
needs no state and a game record reads like a scoresheet. See ``notation.py`` for the grammar.
"""

from __future__ import annotations

import typing

import attrs


@attrs.frozen(slots=True)
class RemoveSector:
    """Two players: the first player picks the colour that sits out (rule option)."""

    sector: str  # a removable sector colour, e.g. "purple"

    def __str__(self) -> str:
        return f"remove {self.sector}"


@attrs.frozen(slots=True)
class PlaceMeeple:
    """Setup: put your meeple on a location of the board."""

    location: str  # a location id from the component file, e.g. "L20"

    def __str__(self) -> str:
        return f"start {self.location}"


@attrs.frozen(slots=True)
class Roll:
    """Start of the turn: roll the three action dice."""

    def __str__(self) -> str:
        return "roll"


@attrs.frozen(slots=True)
class Reroll:
    """Roll these dice again (identical dice, so named by their faces); the rest are set aside."""

    faces: tuple[str, ...]  # face codes such as "L1", "M2", "R1", sorted

    def __str__(self) -> str:
        return "reroll " + " ".join(self.faces)


@attrs.frozen(slots=True)
class Keep:
    """Stop rolling: the dice as they lie decide this turn's dice actions."""

    def __str__(self) -> str:
        return "keep"


@attrs.frozen(slots=True)
class Load:
    """Loading: take one cube from the unloading zone into your cargo space."""

    good: str  # e.g. "containers"

    def __str__(self) -> str:
        return f"load {self.good}"


@attrs.frozen(slots=True)
class Discard:
    """Loading with a full cargo space: return a cube to the unloading zone to make room."""

    good: str

    def __str__(self) -> str:
        return f"discard {self.good}"


@attrs.frozen(slots=True)
class Unload:
    """Unloading in Central Port: return one cube from your cargo space for VP."""

    good: str

    def __str__(self) -> str:
        return f"unload {self.good}"


@attrs.frozen(slots=True)
class Move:
    """Movement: go to a location at most as many connections away as arrows rolled."""

    location: str

    def __str__(self) -> str:
        return f"move {self.location}"


@attrs.frozen(slots=True)
class Recruit:
    """Recruitment: one Worker token per recruitment symbol rolled."""

    def __str__(self) -> str:
        return "recruit"


@attrs.frozen(slots=True)
class Execute:
    """Execute the order whose Order token lies on this quay."""

    quay: int  # the quay's printed number

    def __str__(self) -> str:
        return f"execute {self.quay}"


@attrs.frozen(slots=True)
class HrSwap:
    """HR panel, swap (first half): pick your Influence marker on this quay."""

    quay: int

    def __str__(self) -> str:
        return f"swap {self.quay}"


@attrs.frozen(slots=True)
class HrSwapWith:
    """HR panel, swap (second half): the other player's marker that trades places with yours."""

    player: int  # the other player's seat (0-based)
    quay: int

    def __str__(self) -> str:
        return f"with P{self.player} {self.quay}"


@attrs.frozen(slots=True)
class HrPlace:
    """HR panel, place: one of your Influence markers left beside your board onto a quay another
    player holds."""

    quay: int

    def __str__(self) -> str:
        return f"place {self.quay}"


@attrs.frozen(slots=True)
class Cruise:
    """Serve a cruise ship: pay its workers, take the top card of that pile face down."""

    size: str  # "small", "medium" or "large"

    def __str__(self) -> str:
        return f"cruise {self.size}"


@attrs.frozen(slots=True)
class End:
    """End your turn (any dice actions or additional actions not taken are forgone)."""

    def __str__(self) -> str:
        return "end"


Action = (
    RemoveSector
    | PlaceMeeple
    | Roll
    | Reroll
    | Keep
    | Load
    | Discard
    | Unload
    | Move
    | Recruit
    | Execute
    | HrSwap
    | HrSwapWith
    | HrPlace
    | Cruise
    | End
)

ACTION_TYPES: tuple[type[Action], ...] = typing.get_args(Action)  # the union's classes, in order

# The actions chosen once rolling is over: dice actions, additional actions, and ``end``.
TURN_ACTION_TYPES: tuple[type[Action], ...] = (
    Load,
    Discard,
    Unload,
    Move,
    Recruit,
    Execute,
    HrSwap,
    HrPlace,
    Cruise,
    End,
)

ROLL = Roll()
KEEP = Keep()
RECRUIT = Recruit()
END = End()
