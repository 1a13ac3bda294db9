"""What every text calls a building or a ship: the rule modules' descriptions of a decision,
the buttons and the narration (``labels.py``) alike."""

from __future__ import annotations

from .data import BUILDINGS, Building

__all__ = ["building_name", "display_name", "with_article"]

_SHARED_NAMES = {b.name for b in BUILDINGS if sum(o.name == b.name for o in BUILDINGS) > 1}


def display_name(building: Building) -> str:
    """The printed name, numbered where two cards share it (``Wharf 1``, ``Wharf 2``)."""
    if building.name in _SHARED_NAMES:
        return f"{building.name} {building.id.rsplit('_', 1)[-1]}"
    return building.name


def building_name(building: int) -> str:
    """``display_name`` of the building at index ``building``."""
    return display_name(BUILDINGS[building])


def with_article(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun
