"""A plain-text picture of the table: both warehouses as grids, both wheels, the supply; every
line fits an 80-column terminal (``core.render.WIDTH``)."""

from __future__ import annotations

from ..core.render import fit, forced_lines, header_lines, listing, require_state
from .data import (
    BUILDINGS,
    COLUMNS,
    GOOD_LETTERS,
    GOOD_NAMES,
    NUM_BUILDINGS,
    ROUND_ACTIONS,
    ROUND_LETTERS,
    SECTOR_LABELS,
    TOP_ROW,
)
from .decisions import decision_kind, waiting_for
from .scoring import wealth
from .state import State, is_available, sector_age


def _warehouse(goods: tuple[int, int, int, int]) -> list[str]:
    lines = ["      +0   +1   +2"]
    for row in range(TOP_ROW, -1, -1):
        cells = []
        for col in range(COLUMNS):
            here = "".join(GOOD_LETTERS[g] for g in range(4) if goods[g] == row * COLUMNS + col)
            cells.append(f"{here or '.':<4}")
        lines.append(f"{row * COLUMNS:>4}  " + " ".join(cells).rstrip())
    return lines


LEGEND = (
    "F Fish, C Clay, W Wood, G Grain: each good's marker in the warehouse; its count is the row "
    "plus the column (+0 +1 +2). Sector N: N uses of the building's effect (4+: and 1 Franc); "
    "`info board` tells more"
)
"""The key to the symbols of the table, printed under its header."""


def _header(state: State) -> list[str]:
    if state.current_player is None:
        return header_lines("Le Havre: The Inland Port", "after round L", None, decision_kind(state.decision))
    r = state.round
    where = f"round {ROUND_LETTERS[r]} ({ROUND_ACTIONS[r]} actions, {state.actions_left} left)"
    return header_lines(
        "Le Havre: The Inland Port", where, state.current_player, decision_kind(state.decision)
    )


def _player_line(state: State, p: int, who: str) -> list[str]:
    """``Player 0 (G-L board): 3 Francs, wealth 3; Fish 4, Clay 3, Wood 2, Grain 1``."""
    board = "A-F" if p == state.first_player else "G-L"
    francs = f"{state.francs[p]} Franc{'s' * (state.francs[p] != 1)}"
    goods = ", ".join(f"{GOOD_NAMES[g].capitalize()} {state.goods[p][g]}" for g in range(4))
    return fit(f"{who} ({board} board): {francs}, wealth {wealth(state, p)}; {goods}")


def _buildings(state: State, p: int) -> list[str]:
    """``sector 2: Farm, Kiln`` for each sector holding one of ``p``'s buildings, then the
    locked ones beside the board."""
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
    lines = [
        line for label, names in wheel.items() if names for line in listing(f"  sector {label:>2}: ", names)
    ]
    if locked:
        lines += listing("  beside the board: ", locked)
    return lines


def render(state: State, player: int | None = None) -> str:
    """The table; ``player`` is accepted for the common signature (nothing here is hidden)."""
    require_state(state, State, "render", "Inland Port")
    lines = [*_header(state), *forced_lines(state.forced), *fit(LEGEND)]
    for p in range(2):
        goods = state.goods[p]
        lines.append("")
        lines += _player_line(state, p, f"Player {p}")
        lines.extend("  " + line for line in _warehouse(goods))
        lines += _buildings(state, p)
    supply = [
        f"{BUILDINGS[b].name} ({BUILDINGS[b].cost})" for b in range(NUM_BUILDINGS) if is_available(state, b)
    ]
    lines.append("")
    lines += listing("Available: ", supply or ["none"], separator="; ")
    waiting = waiting_for(state.decision)
    if waiting is not None:
        lines += fit(f"Waiting: {waiting}")
    return "\n".join(lines)


def render_seat(state: State, player: int) -> str:
    """What a terminal of 24 lines shows above the decision: the header, ``player``'s own goods,
    Francs and buildings, the opponent in a line, the buildings for sale. ``render`` draws the
    whole table (the warehouses as grids)."""
    require_state(state, State, "render_seat", "Inland Port")
    other = 1 - player
    built = sum(1 for who in state.owner if who == other)
    lines = [*_header(state), *_player_line(state, player, f"You, P{player}"), *_buildings(state, player)]
    lines += _player_line(state, other, f"P{other}")
    lines[-1] += f"; {built} building{'s' * (built != 1)}"
    lines = [part for line in lines for part in fit(line)]
    supply = [BUILDINGS[b].name for b in range(NUM_BUILDINGS) if is_available(state, b)]
    lines += listing("For sale: ", supply or ["none"])
    waiting = waiting_for(state.decision)
    if waiting is not None:
        lines += fit(f"Waiting: {waiting}")
    return "\n".join(lines)
