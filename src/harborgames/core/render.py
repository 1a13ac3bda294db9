"""The parts of ``render`` every game shares: the header line and what the engine took."""

from __future__ import annotations

from collections.abc import Sequence

from .checks import require_state
from .decisions import Forced

__all__ = ["forced_lines", "header", "require_state"]


def header(title: str, where: str, current_player: int | None, phase: str, note: str = "") -> str:
    """``Port Gdańsk, 3 players, round 4: P1 to decide (reroll)`` or ``..., round 9: game over``."""
    status = "game over" if current_player is None else f"P{current_player} to decide ({phase})"
    return f"{title}, {where}: {status}{note}"


def forced_lines(forced: Sequence[Forced]) -> list[str]:
    """One line per decision the engine took, e.g. ``forced: P1 roll → L1 M2 R1``."""
    return [f"forced: {taken}" for taken in forced]
