"""Each game's table as plain JSON with names filled in, for the page to draw.

Built only from the observation of one seat (``observe``'s result), never from the state, so
the page cannot show what that seat may not know. The observation JSON holds indices into the
game's component tables; this resolves them (building names, costs, quay names, dice faces)
once in Python rather than copying every table into JavaScript.
"""

from __future__ import annotations

from typing import Any

from ..gdansk import data as gdansk_data
from ..gdansk import state as gdansk_state
from ..gdansk.scoring import final_points
from ..inland_port import data as ip_data
from ..inland_port import state as ip_state
from ..inland_port.scoring import wealth as ip_wealth
from ..inland_port.state import decision_kind, is_available, sector_age, waiting_for
from ..lehavre import data as lh_data
from ..lehavre import state as lh_state
from ..lehavre.decisions import Feed, kind_word
from ..lehavre.observe import HIDDEN, KNOWN_TO_THEM
from ..lehavre.round_end import food_due
from ..lehavre.scoring import wealth as lh_wealth

__all__ = ["table"]


def table(game: str, observation: object) -> dict[str, Any]:
    """The table of ``game`` as the observation's seat sees it; ``{"kind": game, ...}``."""
    if game == "inland_port" and isinstance(observation, ip_state.Observation):
        return _inland_port(observation.state)
    if game == "gdansk" and isinstance(observation, gdansk_state.Observation):
        return _gdansk(observation)
    if game == "lehavre" and isinstance(observation, lh_state.Observation):
        return _lehavre(observation.state, observation.player)
    return {"kind": "unknown"}


# -- Le Havre: The Inland Port ------------------------------------------------------------------
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


# -- Port Gdańsk --------------------------------------------------------------------------------
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


# -- Le Havre -----------------------------------------------------------------------------------
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
        "supply_track": [
            {"tile": _tile(t), "current": k == state.turn} for k, t in enumerate(state.tiles)
        ],
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
