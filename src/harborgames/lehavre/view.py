"""How a UI draws Le Havre: the table from one seat's observation, every building, ship and good
as a card, the words on the action buttons and what a round's end told (``harborgames.core.views``).

Everything here reads the observation and the component tables; nothing changes a state. The
round cards, the Building Proposal piles, the ships for sale and every player's stock lie open
in Le Havre, so the table shows them all; the face-down Supply tiles and special buildings are
hidden by ``observe`` already.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import data as lh_data
from .effect import build_cost
from .labels import SHIP_KEYS, action_label, cards
from .names import display_name
from .narration import narrate
from .obligations import feeding
from .observe import HIDDEN, KNOWN_TO_THEM
from .render import describe
from .round_end import food_due, round_cards
from .scoring import wealth as lh_wealth
from .scoring import wealth_parts
from .state import TOWN, Observation, State
from .turn import kind_word

__all__ = ["action_label", "cards", "narrate", "table"]

Json = dict[str, object]


# -- the table ------------------------------------------------------------------------------------
def table(observation: Observation) -> dict[str, object]:
    """The table as the observation's seat sees it, for a UI to draw (JSON-ready).

    Beside the board (offer spaces, supply track, proposal piles with their ``top`` marked, the
    town, the special deck as this seat knows it, the ships for sale with their price and food):
    ``viewer``; ``goods_info`` (each good's food, energy and Shipping Line Francs);
    ``round_cards`` (this round's card and those to come: food, harvest, the town's building,
    the ship); ``prompt`` (what is being decided, in words); and per player ``food`` (this
    round's food due against what covers it), ``energy`` and ``score_parts`` (wealth by source).
    """
    return _lehavre(observation.state, observation.player)


def _building(b: int, state: State) -> Json:
    building = lh_data.BUILDINGS[b]
    cost = build_cost(state.rules, b)
    return {
        "id": building.id,
        "key": building.id,
        "name": display_name(building),
        "value": building.value,
        "price": building.price,
        "cost": None if cost is None else str(cost),
        "fee": "no entry" if building.locked else str(building.fee),
        "locked": building.locked,
        "special": building.special,
        "type": lh_data.BUILDING_TYPE_NAMES[building.type],
        "hammers": building.hammers,
        "fishermen": building.fishermen,
        "bonus": building.bonus,
        "text": building.text,
        "occupants": [seat for seat, p in enumerate(state.players) if p.location == b],
    }


def _tile(tile: int) -> str:
    if tile == HIDDEN:
        return "?"
    supply = lh_data.SUPPLY_TILES[tile]
    text = "+".join(lh_data.TOKEN_NAMES[t] for t in supply.goods)
    return text + (" (interest)" if supply.interest else "")


def _supply_tile(k: int, tile: int, state: State) -> Json:
    supply = None if tile == HIDDEN else lh_data.SUPPLY_TILES[tile]
    return {
        "tile": _tile(tile),
        "goods": None if supply is None else [lh_data.TOKEN_NAMES[t] for t in supply.goods],
        "interest": None if supply is None else supply.interest,
        "current": k == state.turn,
        "played": k < state.turn,
    }


def _special_deck(state: State, viewer: int) -> list[Json]:
    """The face-down special deck, top first, as ``viewer`` knows it: the card where it looked
    with the Marketplace (``None`` elsewhere), and which other seats know the card there."""
    return [
        {
            "position": k + 1,
            "name": lh_data.BUILDINGS[card].name if card >= 0 else None,
            "key": lh_data.BUILDINGS[card].id if card >= 0 else None,
            "known_to": [
                seat
                for seat, seen in enumerate(state.known)
                if seat != viewer and k < len(seen) and seen[k] == KNOWN_TO_THEM
            ],
        }
        for k, card in enumerate(state.specials)
    ]


def _round_card(card: lh_data.RoundCard, number: int, num_players: int) -> Json:
    ship = lh_data.SHIP_TYPES[card.ship_type]
    return {
        "round": number,
        "card": card.card,
        "food": card.food_demand(num_players),
        "harvest": card.harvest,
        "town_builds": lh_data.TOWN_BUILD_NAMES[card.town_build_for(num_players)],
        "ship": f"{ship.name} {card.ship_value}",
        "ship_name": card.ship_name,
        "ship_type": ship.name,
        "ship_key": card.card,
        "ship_value": card.ship_value,
        "ship_food": ship.food[num_players - 1],
    }


def _ship_food(state: State, seat: int) -> int:
    return sum(
        lh_data.SHIP_TYPES[lh_data.ROUND_CARDS[c].ship_type].food[state.num_players - 1]
        for c in state.players[seat].ships
    )


def _worth(stock: Sequence[int], values: Sequence[int], francs: bool = False) -> int:
    return sum(
        n * v for t, (n, v) in enumerate(zip(stock, values, strict=True)) if francs or t != lh_data.FRANC
    )


def _fed(state: State) -> set[int]:
    """During feeding: the seats that have fed already (those before the one paying, in turn
    order from the first)."""
    feed = feeding(state.decision)
    if feed is None:
        return set()
    order = [(feed.first + k) % state.num_players for k in range(state.num_players)]
    return set(order[: order.index(feed.seat)])


def _food(state: State, seat: int, fed: set[int]) -> Json | None:
    """This round's food for ``seat`` against what covers it; None once the rounds are over."""
    cards = round_cards(state.num_players, state.rules.variant)
    if state.current_player is None or state.round >= len(cards):
        return None
    p = state.players[seat]
    demand = cards[state.round].food_demand(state.num_players)
    ships = _ship_food(state, seat)
    feed = feeding(state.decision)
    paying = feed is not None and feed.seat == seat
    due = feed.due if feed is not None and paying else food_due(state, seat)
    goods = _worth(p.stock, lh_data.FOOD_VALUE)
    francs = p.stock[lh_data.FRANC]
    return {
        "demand": demand,
        "ships": ships,
        "due": due,
        "goods": goods,
        "francs": francs,
        "short": max(0, due - goods - francs),
        "status": "fed" if seat in fed else "paying" if paying else "to pay",
    }


def _score_parts(state: State, seat: int) -> list[list[object]]:
    """Wealth by source; the parts add up to the wealth."""
    parts = wealth_parts(state, seat)
    rows: list[list[object]] = [
        ["buildings", parts.buildings],
        ["bonuses", parts.bonuses],
        ["ships", parts.ships],
        ["Francs", parts.francs],
        ["loans", -lh_data.LOAN_PENALTY * parts.loans],
    ]
    return rows


def _player(state: State, seat: int, fed: set[int]) -> Json:
    p = state.players[seat]
    feed = feeding(state.decision)
    return {
        "seat": seat,
        "francs": p.stock[lh_data.FRANC],
        "loans": p.loans,
        "wealth": lh_wealth(state, seat),
        "score_parts": _score_parts(state, seat),
        "location": display_name(lh_data.BUILDINGS[p.location]) if p.location >= 0 else None,
        "location_key": lh_data.BUILDINGS[p.location].id if p.location >= 0 else None,
        "goods": {lh_data.TOKEN_NAMES[t]: n for t, n in enumerate(p.stock) if n and t != lh_data.FRANC},
        "food_value": _worth(p.stock, lh_data.FOOD_VALUE),
        "energy": _worth(p.stock, lh_data.ENERGY_VALUE),
        "buildings": [_building(b, state) for b, who in enumerate(state.owner) if who == seat],
        "ships": [_ship(c, state.num_players) for c in p.ships],
        "food": _food(state, seat, fed),
        "food_due": feed.due if feed is not None and feed.seat == seat else None,
    }


def _ship(card_index: int, num_players: int) -> Json:
    card = lh_data.ROUND_CARDS[card_index]
    kind = lh_data.SHIP_TYPES[card.ship_type]
    return {
        "card": card.card,
        "key": card.card,
        "name": card.ship_name,
        "type": kind.name,
        "type_key": SHIP_KEYS[card.ship_type],
        "value": card.ship_value,
        "food": kind.food[num_players - 1],
        "capacity": kind.capacity,
    }


def _ships_for_sale(state: State) -> list[Json]:
    out: list[Json] = []
    for t, pile in enumerate(state.ship_piles):
        if not pile:
            continue
        kind = lh_data.SHIP_TYPES[t]
        out.append(
            {
                **_ship(pile[0], state.num_players),
                "left": len(pile),
                "word": lh_data.SHIP_NAMES[t],  # the notation's word: buy_ship wooden
                "price": kind.price,
                "build_cost": f"{kind.cost} + {lh_data.SHIP_ENERGY} energy",
                "modernised_wharf": kind.modernised_wharf,
            }
        )
    return out


def _lehavre(state: State, viewer: int) -> Json:
    cards = round_cards(state.num_players, state.rules.variant)
    over = state.current_player is None
    card = None if over or state.round >= len(cards) else cards[state.round]
    fed = _fed(state)
    built = [b for b, who in enumerate(state.owner) if who == TOWN]
    return {
        "kind": "lehavre",
        "viewer": viewer,
        "current_player": state.current_player,
        "turn_player": state.turn_player,
        "variant": state.rules.variant,
        "phase": kind_word(state.decision),
        "prompt": _prompt(state, viewer),
        "rounds": len(cards),
        "round": state.round + 1,
        "turn": min(state.turn + 1, lh_data.TURNS_PER_ROUND),
        "final_turns": state.final_turns,
        "main_done": state.main_done,
        "round_card": None if card is None else _round_card(card, state.round + 1, state.num_players),
        "round_cards": [
            _round_card(c, k + 1, state.num_players)
            for k, c in enumerate(cards)
            if k >= state.round and not over
        ],
        "goods_info": [
            {
                "good": lh_data.TOKEN_NAMES[t],
                "food": lh_data.FOOD_VALUE[t],
                "energy": lh_data.ENERGY_VALUE[t],
                "shipping": lh_data.SHIPPING_FRANCS[t],
                "upgraded": t in lh_data.UPGRADED_GOODS,
            }
            for t in lh_data.TOKEN_KINDS
        ],
        "offers": [
            {"good": lh_data.TOKEN_NAMES[t], "count": n}
            for t, n in zip(lh_data.OFFER_SPACES, state.offers, strict=True)
        ],
        "supply_track": [_supply_tile(k, t, state) for k, t in enumerate(state.tiles)],
        "proposals": [
            [{**_building(b, state), "top": k == 0} for k, b in enumerate(pile)] for pile in state.piles
        ],
        "town": [_building(b, state) for b in built],
        "modernised": [lh_data.BUILDINGS[b].id for b in state.modernised],
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
        "ships_for_sale": _ships_for_sale(state),
        "players": [_player(state, seat, fed) for seat in range(state.num_players)],
    }


# -- what is being decided, in words ----------------------------------------------------------------
def _prompt(state: State, viewer: int) -> str | None:
    """What the seat to move decides, in a sentence to ``viewer`` (None once the game is over):
    ``render.describe``'s words, the header's too, after whom they concern (``You: feeding: 5
    food due (...).``, ``P1: the Joinery: how many wood to sell (...).``)."""
    seat = state.current_player
    if state.decision is None or seat is None:
        return None
    return f"{'You' if seat == viewer else f'P{seat}'}: {describe(state, viewer)}."
