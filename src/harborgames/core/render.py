"""The parts of ``render`` every game shares: the header line, what the engine took, and lines
that fit an 80-column terminal."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from .checks import require_state
from .decisions import Forced

__all__ = ["WIDTH", "fit", "forced_lines", "header", "header_lines", "listing", "require_state"]

WIDTH = 80  # the columns of a terminal nobody has resized: every line of a table fits in it


def header(title: str, where: str, current_player: int | None, phase: str, note: str = "") -> str:
    """``Port Gdańsk, 3 players, round 4: P1 to decide (reroll)`` or ``..., round 9: game over``."""
    return f"{title}, {where}: {_status(current_player, phase)}{note}"


def header_lines(title: str, where: str, current_player: int | None, phase: str, note: str = "") -> list[str]:
    """``header`` on one line if it fits in ``WIDTH`` columns, else broken before what is
    decided, or before who decides:

    >>> header_lines("Le Havre: The Inland Port", "round E (5 actions, 5 left)", 0, "main action")
    ['Le Havre: The Inland Port, round E (5 actions, 5 left): P0 to decide', '  (main action)']
    >>> header_lines("Le Havre", "round 12 of 20, the round's end (card R12: food 13, harvest)", 4, "turn")
    ["Le Havre, round 12 of 20, the round's end (card R12: food 13, harvest):", '  P4 to decide (turn)']
    """
    top = header(title, where, current_player, phase, note)
    if len(top) <= WIDTH:
        return [top]
    if current_player is not None:
        who = f"{title}, {where}: P{current_player} to decide"
        if len(who) <= WIDTH:
            return [who, *fit(f"  ({phase}){note}")]
    return [*fit(f"{title}, {where}:"), *fit(f"  {_status(current_player, phase)}{note}")]


def _status(current_player: int | None, phase: str) -> str:
    return "game over" if current_player is None else f"P{current_player} to decide ({phase})"


def forced_lines(forced: Sequence[Forced]) -> list[str]:
    """One line per decision the engine took, e.g. ``forced: P1 roll → L1 M2 R1``."""
    return [f"forced: {taken}" for taken in forced]


def listing(label: str, items: Iterable[str], *, indent: str = "    ", separator: str = ", ") -> list[str]:
    """``label`` and ``items`` joined by ``separator``, as lines of at most ``WIDTH`` columns,
    broken between items (an item is never split unless it alone is wider than a line).

    >>> listing("town: ", ["building_firm_1", "building_firm_2", "construction_firm"] * 2)
    ['town: building_firm_1, building_firm_2, construction_firm, building_firm_1,', \
'    building_firm_2, construction_firm']
    """
    lines: list[str] = []
    line = label
    start = True  # nothing after the label or the indent yet
    items = list(items)
    for k, item in enumerate(items):
        text = item + (separator.rstrip() if k < len(items) - 1 else "")
        gap = "" if start else " " * (len(separator) - len(separator.rstrip()))
        if not start and len(line) + len(gap) + len(text) > WIDTH:
            lines.append(line)
            line, gap = indent, ""
        line += gap + text
        start = False
    lines.append(line)
    return [part for whole in lines for part in fit(whole, indent=indent)]


def fit(line: str, *, indent: str = "    ") -> list[str]:
    """``line`` as lines of at most ``WIDTH`` columns, broken at spaces, the later lines indented
    (a word wider than a line is cut): the last guard of every table a terminal shows."""
    if len(line) <= WIDTH:
        return [line]
    lead = line[: len(line) - len(line.lstrip(" "))]
    return textwrap.wrap(
        line,
        WIDTH,
        initial_indent="",
        subsequent_indent=lead + indent,
        break_on_hyphens=False,
        drop_whitespace=True,
    ) or [line[:WIDTH]]
