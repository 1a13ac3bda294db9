"""A plain-text picture of the table: both warehouses as grids, both wheels, the supply; every
line fits an 80-column terminal (``core.render.WIDTH``)."""

from __future__ import annotations

from ..core.render import fit, forced_lines, header_lines, listing, require_state
from .data import (
    BUILDINGS,
    COLUMNS,
    GOOD_LETTERS,
    NUM_BUILDINGS,
    ROUND_ACTIONS,
    ROUND_LETTERS,
    SECTOR_LABELS,
    TOP_ROW,
)
from .scoring import wealth
from .state import State, decision_kind, is_available, sector_age, waiting_for


def _warehouse(goods: tuple[int, int, int, int]) -> list[str]:
    lines = ["      +0   +1   +2"]
    for row in range(TOP_ROW, -1, -1):
        cells = []
        for col in range(COLUMNS):
            here = "".join(GOOD_LETTERS[g] for g in range(4) if goods[g] == row * COLUMNS + col)
            cells.append(f"{here or '.':<4}")
        lines.append(f"{row * COLUMNS:>4}  " + " ".join(cells).rstrip())
    return lines


def render(state: State, player: int | None = None) -> str:
    """The table; ``player`` is accepted for the common signature (nothing here is hidden)."""
    require_state(state, State, "render", "Inland Port")
    if state.current_player is None:
        top = header_lines("Le Havre: The Inland Port", "after round L", None, decision_kind(state.decision))
    else:
        r = state.round
        where = f"round {ROUND_LETTERS[r]} ({ROUND_ACTIONS[r]} actions, {state.actions_left} left)"
        top = header_lines(
            "Le Havre: The Inland Port", where, state.current_player, decision_kind(state.decision)
        )
    lines = [*top, *forced_lines(state.forced)]
    for p in range(2):
        board = "A-F" if p == state.first_player else "G-L"
        goods = state.goods[p]
        lines.append("")
        francs = f"{state.francs[p]} Franc{'s' * (state.francs[p] != 1)}"
        lines += fit(
            f"Player {p} ({board} board): {francs}, wealth {wealth(state, p)}; "
            + ", ".join(f"{GOOD_LETTERS[g]}={goods[g]}" for g in range(4))
        )
        lines.extend("  " + line for line in _warehouse(goods))
        wheel: dict[str, list[str]] = {label: [] for label in SECTOR_LABELS}
        locked = []
        for b in range(NUM_BUILDINGS):
            if state.owner[b] != p:
                continue
            if BUILDINGS[b].locked:
                locked.append(BUILDINGS[b].name)
            else:
                age = min(max(sector_age(state, b), 0), len(SECTOR_LABELS) - 1)
                wheel[SECTOR_LABELS[age]].append(BUILDINGS[b].name)
        for label, names in wheel.items():
            if names:
                lines += listing(f"  sector {label:>2}: ", names)
        if locked:
            lines += listing("  beside the board: ", locked)
    supply = [
        f"{BUILDINGS[b].name} ({BUILDINGS[b].cost})" for b in range(NUM_BUILDINGS) if is_available(state, b)
    ]
    lines.append("")
    lines += listing("Available: ", supply or ["none"], separator="; ")
    waiting = waiting_for(state.decision)
    if waiting is not None:
        lines += fit(f"Waiting: {waiting}")
    return "\n".join(lines)
