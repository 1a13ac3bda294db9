"""How a UI draws Le Havre: the table from one seat's observation, every building and ship as a
card, the words on the action buttons and what a round's end told (``harborgames.core.views``)."""

from __future__ import annotations

from typing import Any

from ..core.views import Card
from . import data as lh_data
from . import state as lh_state
from .actions import Action
from .decisions import Feed, kind_word
from .observe import HIDDEN, KNOWN_TO_THEM
from .round_end import food_due
from .scoring import wealth as lh_wealth
from .state import Observation

__all__ = ["action_label", "cards", "narrate", "table"]


def table(observation: Observation) -> dict[str, object]:
    """The table as the observation's seat sees it, for a UI to draw (JSON-ready)."""
    return _lehavre(observation.state, observation.player)


def cards() -> tuple[Card, ...]:
    """Every building as a card: name, cost, fee, value and the rulebook's text."""
    return tuple(
        Card(
            key=b.id,
            name=b.name,
            kind="special building" if b.special else "building",
            text=b.text,
            cost="" if b.cost is None else str(b.cost),
            fee=str(b.fee),
            value=str(b.value),
        )
        for b in lh_data.BUILDINGS
    )


def action_label(action: Action) -> str:
    """The words on the button for ``action`` (its notation is the tooltip)."""
    return str(action)


def narrate(before: Observation, after: Observation) -> tuple[str, ...]:
    """What happened between two observations of one seat that it did not choose itself."""
    return ()


def _tile(tile: int) -> str:
    if tile == HIDDEN:
        return "?"
    supply = lh_data.SUPPLY_TILES[tile]
    text = "+".join(lh_data.TOKEN_NAMES[t] for t in supply.goods)
    return text + (" (interest)" if supply.interest else "")


def _building(b: int, state: lh_state.State) -> dict[str, Any]:
    building = lh_data.BUILDINGS[b]
    return {
        "id": building.id,
        "name": building.name,
        "value": building.value,
        "cost": None if building.cost is None else str(building.cost),
        "fee": str(building.fee),
        "special": building.special,
        "text": building.text,
        "occupants": [seat for seat, p in enumerate(state.players) if p.location == b],
    }


def _special_deck(state: lh_state.State, viewer: int) -> list[dict[str, Any]]:
    """The face-down special deck, top first, as ``viewer`` knows it: the card where it looked
    with the Marketplace (``None`` elsewhere), and which other seats know the card there."""
    return [
        {
            "position": k + 1,
            "name": lh_data.BUILDINGS[card].name if card >= 0 else None,
            "known_to": [
                seat
                for seat, seen in enumerate(state.known)
                if seat != viewer and k < len(seen) and seen[k] == KNOWN_TO_THEM
            ],
        }
        for k, card in enumerate(state.specials)
    ]


def _lehavre(state: lh_state.State, viewer: int) -> dict[str, Any]:
    cards = lh_data.round_cards(state.num_players, state.rules.variant)
    over = state.current_player is None
    card = None if over or state.round >= len(cards) else cards[state.round]
    players = []
    for seat, p in enumerate(state.players):
        players.append(
            {
                "seat": seat,
                "francs": p.stock[lh_data.FRANC],
                "loans": p.loans,
                "wealth": lh_wealth(state, seat),
                "location": lh_data.BUILDINGS[p.location].name if p.location >= 0 else None,
                "goods": {
                    lh_data.TOKEN_NAMES[t]: n for t, n in enumerate(p.stock) if n and t != lh_data.FRANC
                },
                "buildings": [_building(b, state) for b, who in enumerate(state.owner) if who == seat],
                "ships": [
                    {
                        "card": lh_data.ROUND_CARDS[s].card,
                        "type": lh_data.SHIP_TYPES[lh_data.ROUND_CARDS[s].ship_type].name,
                        "value": lh_data.ROUND_CARDS[s].ship_value,
                    }
                    for s in p.ships
                ],
                "food_due": food_due(state, seat)
                if isinstance(state.decision, Feed) and state.decision.seat == seat
                else None,
            }
        )
    return {
        "kind": "lehavre",
        "variant": state.rules.variant,
        "phase": kind_word(state.decision),
        "rounds": len(cards),
        "round": state.round + 1,
        "turn": state.turn + 1,
        "final_turns": state.final_turns,
        "round_card": None
        if card is None
        else {
            "card": card.card,
            "food": card.food_demand(state.num_players),
            "harvest": card.harvest,
            "ship": f"{lh_data.SHIP_TYPES[card.ship_type].name} {card.ship_value}",
            "ship_name": card.ship_name,
            "town_builds": lh_data.TOWN_BUILD_NAMES[card.town_build_for(state.num_players)],
        },
        "offers": [
            {"good": lh_data.TOKEN_NAMES[t], "count": n}
            for t, n in zip(lh_data.OFFER_SPACES, state.offers, strict=True)
        ],
        "supply_track": [{"tile": _tile(t), "current": k == state.turn} for k, t in enumerate(state.tiles)],
        "proposals": [[_building(b, state) for b in pile] for pile in state.piles],
        "town": [_building(b, state) for b, who in enumerate(state.owner) if who == lh_state.TOWN],
        "specials": {
            "face_down": len(state.specials),
            "seen": [lh_data.BUILDINGS[b].name for b in state.specials if b >= 0],
            "deck": _special_deck(state, viewer),
            "seen_by_others": sum(
                card == KNOWN_TO_THEM
                for seat, seen in enumerate(state.known)
                if seat != viewer
                for card in seen
            ),
        },
        "ships_for_sale": [
            {
                "type": lh_data.SHIP_TYPES[t].name,
                "value": lh_data.ROUND_CARDS[pile[0]].ship_value,
                "left": len(pile),
            }
            for t, pile in enumerate(state.ship_piles)
            if pile
        ],
        "players": players,
    }
