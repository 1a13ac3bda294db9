"""How a UI draws the Inland Port: the table from one seat's observation, every building's card,
the words on the action buttons and what a round's end told (``harborgames.core.views``)."""

from __future__ import annotations

from typing import Any

from ..core.views import Card
from . import data as ip_data
from . import state as ip_state
from .actions import Action
from .scoring import wealth as ip_wealth
from .state import Observation, decision_kind, is_available, sector_age, waiting_for

__all__ = ["action_label", "cards", "narrate", "table"]


def table(observation: Observation) -> dict[str, object]:
    """The table as the observation's seat sees it, for a UI to draw (JSON-ready)."""
    return _inland_port(observation.state)


def cards() -> tuple[Card, ...]:
    """Every building as a card: name, cost, value (its function text comes with issue 20)."""
    return tuple(
        Card(
            key=b.id,
            name=b.name,
            kind="building",
            text="",
            cost=str(b.cost),
            value="" if b.value is None else str(b.value),
            extra={"enters in round": b.letter},
        )
        for b in ip_data.BUILDINGS
    )


def action_label(action: Action) -> str:
    """The words on the button for ``action`` (its notation is the tooltip)."""
    return str(action)


def narrate(before: Observation, after: Observation) -> tuple[str, ...]:
    """What happened between two observations of one seat that it did not choose itself."""
    return ()


def _inland_port(state: ip_state.State) -> dict[str, Any]:
    players = []
    for seat in range(2):
        wheel: dict[str, list[str]] = {label: [] for label in ip_data.SECTOR_LABELS}
        beside = []
        for b, building in enumerate(ip_data.BUILDINGS):
            if state.owner[b] != seat:
                continue
            if building.locked:
                beside.append(building.name)
            else:
                age = min(max(sector_age(state, b), 0), len(ip_data.SECTOR_LABELS) - 1)
                wheel[ip_data.SECTOR_LABELS[age]].append(building.name)
        players.append(
            {
                "seat": seat,
                "board": "A-F" if seat == state.first_player else "G-L",
                "francs": state.francs[seat],
                "wealth": ip_wealth(state, seat),
                "goods": dict(zip(ip_data.GOOD_NAMES, state.goods[seat], strict=True)),
                "wheel": [{"sector": label, "buildings": names} for label, names in wheel.items()],
                "beside": beside,
            }
        )
    over = state.current_player is None
    return {
        "kind": "inland_port",
        "round": None if over else ip_data.ROUND_LETTERS[state.round],
        "round_actions": None if over else ip_data.ROUND_ACTIONS[state.round],
        "actions_left": state.actions_left,
        "phase": decision_kind(state.decision),
        "columns": ip_data.COLUMNS,
        "top_row": ip_data.TOP_ROW,
        "letters": dict(zip(ip_data.GOOD_NAMES, ip_data.GOOD_LETTERS, strict=True)),
        "players": players,
        "available": [
            {"key": b.id, "name": b.name, "cost": str(b.cost)}
            for i, b in enumerate(ip_data.BUILDINGS)
            if is_available(state, i)
        ],
        "pending": waiting_for(state.decision),
    }
