"""How a UI draws Port Gdańsk: the table from one seat's observation, the components as cards,
the words on the action buttons and what happened between two views (``harborgames.core.views``)."""

from __future__ import annotations

from typing import Any

from ..core.views import Card
from . import data as gdansk_data
from . import state as gdansk_state
from .actions import Action
from .scoring import final_points

__all__ = ["action_label", "cards", "narrate", "table"]


def table(observation: gdansk_state.Observation) -> dict[str, object]:
    """The table as the observation's seat sees it, for a UI to draw (JSON-ready)."""
    return _gdansk(observation)


def cards() -> tuple[Card, ...]:
    """The components a player may read about (filled in with issue 20)."""
    return ()


def action_label(action: Action) -> str:
    """The words on the button for ``action`` (its notation is the tooltip)."""
    return str(action)


def narrate(before: gdansk_state.Observation, after: gdansk_state.Observation) -> tuple[str, ...]:
    """What happened between two observations of one seat that it did not choose itself."""
    return ()


def _cubes(counts: tuple[int, ...]) -> dict[str, int]:
    return {gdansk_data.GOODS[g]: n for g, n in enumerate(counts) if n}


def _good(good: int) -> str | None:
    return gdansk_data.GOODS[good] if good >= 0 else None


def _gdansk(obs: gdansk_state.Observation) -> dict[str, Any]:
    c = obs.rules.components
    locations = []
    for index, name in enumerate(c.location_ids):
        quays = []
        for q in c.location_quays[index]:
            token = obs.tokens[q]
            quays.append(
                {
                    "number": q + 1,
                    "name": c.quay_name[q],
                    "sector": gdansk_data.SECTORS[c.quay_sector[q]],
                    "order": None
                    if token < 0
                    else {
                        "id": c.token_ids[token],
                        "requires": _cubes(c.token_requires[token]),
                        "vp": c.token_vp[token],
                        "bonus": _good(c.token_bonus[token]),
                    },
                    "markers": [s for s, p in enumerate(obs.players) if p.markers >> q & 1],
                }
            )
        locations.append(
            {
                "id": name,
                "central_port": index == c.central_port,
                "quays": quays,
                "meeples": [s for s, p in enumerate(obs.players) if p.location == index],
            }
        )
    edges = [
        [c.location_ids[a], c.location_ids[b]]
        for a in range(len(c.location_ids))
        for b in range(a + 1, len(c.location_ids))
        if c.distance[a][b] == 1
    ]
    players = []
    for seat, p in enumerate(obs.players):
        hidden = seat != obs.player and any(vp < 0 for _, vp in p.cruise)
        players.append(
            {
                "seat": seat,
                "first": seat == obs.first_player,
                "track": p.score,
                "final_points": None if hidden else final_points(p, c),
                "location": c.location_ids[p.location] if p.location >= 0 else None,
                "hold": _cubes(p.hold),
                "workers": p.workers,
                "markers_in_stock": p.markers_left,
                "markers_on_board": [q + 1 for q in range(gdansk_data.NUM_QUAYS) if p.markers >> q & 1],
                "bonus": _cubes(p.bonus),
                "orders": [c.token_ids[t] for t in p.tokens],
                "port_cards": [
                    {"quay": q + 1, "sector": gdansk_data.SECTORS[c.quay_sector[q]]} for q in p.cards
                ],
                "cruise_ships": [
                    {"size": gdansk_data.CRUISE_SIZES[size], "vp": None if vp < 0 else vp}
                    for size, vp in p.cruise
                ],
            }
        )
    turn = obs.turn
    return {
        "kind": "gdansk",
        "round": obs.round,
        "phase": "over" if obs.decision is None else str(obs.decision),
        "end_triggered": obs.end_triggered,
        "components": c.data_status,
        "locations": locations,
        "edges": edges,
        "supply": _cubes(obs.supply),
        "deck_size": obs.deck_size,
        "central_port_open": obs.central_port_open,
        "order_stack": {
            "size": obs.token_stack_size,
            "top": c.token_ids[obs.token_stack_top] if obs.token_stack_top >= 0 else None,
        },
        "boxed_orders": [c.token_ids[t] for t in obs.boxed_tokens],
        "removed_sector": gdansk_data.SECTORS[obs.removed_sector] if obs.removed_sector >= 0 else None,
        "cruise_piles": dict(zip(gdansk_data.CRUISE_SIZES, obs.cruise_pile_sizes, strict=True)),
        "dice": {
            "faces": [c.face_codes[f] for f in turn.dice],
            "rolls": turn.rolls,
            "loading": turn.load,
            "movement": turn.move,
            "recruitment": turn.recruit,
        },
        "hr_panel": {"swap_cost": c.hr_swap_cost, "place_cost": c.hr_place_cost},
        "players": players,
    }
