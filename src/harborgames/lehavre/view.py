"""How a UI draws Le Havre: the table from one seat's observation, every building, ship and good
as a card, the words on the action buttons and what a round's end told (``harborgames.core.views``).

Everything here reads the observation and the component tables; nothing changes a state. The
round cards, the Building Proposal piles, the ships for sale and every player's supply lie open
in Le Havre, so the table shows them all; the face-down Supply tiles and special buildings are
hidden by ``observe`` already.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.views import Card
from . import data as lh_data
from . import decisions as lh_decisions
from .actions import (
    Action,
    Build,
    BuildShip,
    Buy,
    BuyShip,
    Choose,
    Done,
    End,
    Enter,
    Give,
    Loan,
    Order,
    Pay,
    PayPart,
    Repay,
    Sell,
    SellShip,
    Take,
    Times,
    Trade,
)
from .card_texts import GOOD_TEXTS, SHIP_TEXTS
from .decisions import Feed, PayFee, PayInterest, kind_word
from .effect import build_cost
from .observe import HIDDEN, KNOWN_TO_THEM
from .round_end import FEEDLOT, food_due, round_cards
from .scoring import wealth as lh_wealth
from .scoring import wealth_parts
from .state import OUT, PROPOSAL, SPECIAL_DECK, TOWN, Observation, State

__all__ = ["action_label", "cards", "narrate", "table"]

Json = dict[str, object]

# -- names ----------------------------------------------------------------------------------------
_SHARED_NAMES = {b.name for b in lh_data.BUILDINGS if sum(o.name == b.name for o in lh_data.BUILDINGS) > 1}


def _display_name(building: lh_data.Building) -> str:
    """The printed name, numbered where two cards share it (``Wharf 1``, ``Wharf 2``)."""
    if building.name in _SHARED_NAMES:
        return f"{building.name} {building.id.rsplit('_', 1)[-1]}"
    return building.name


_NAME = {b.id: _display_name(b) for b in lh_data.BUILDINGS}
SHIP_KEYS = tuple(t.name.replace(" ", "_") for t in lh_data.SHIP_TYPES)
"""The card key of each ship type (``wooden_ship`` ... ``luxury_liner``), in ``SHIP_TYPES`` order:
not the notation's ``wooden``/``iron``, which the goods ``iron`` and ``steel`` would share."""
_SHIP_OF_WORD = dict(zip(lh_data.SHIP_NAMES, lh_data.SHIP_TYPES, strict=True))
_CARD_OF = {card.card: card for card in lh_data.ROUND_CARDS}


def _good(token: int) -> str:
    return lh_data.TOKEN_NAMES[token].replace("_", " ")


def _count(n: int, token: int) -> str:
    """``1 Franc``, ``3 Francs``, ``2 smoked fish``."""
    if token == lh_data.FRANC:
        return f"{n} Franc{'s' * (n != 1)}"
    return f"{n} {_good(token)}"


def _tokens(counts: Sequence[int]) -> str:
    """``2 fish, 1 bread, 3 Francs``: the non-zero counts of a token vector, Francs last."""
    order = [t for t in range(lh_data.NUM_TOKEN_KINDS) if t != lh_data.FRANC] + [lh_data.FRANC]
    parts = [_count(counts[t], t) for t in order if counts[t]]
    return ", ".join(parts) if parts else "nothing"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _ship_words(card: lh_data.RoundCard) -> str:
    """``Lucie, a wooden ship worth 4``."""
    return f"{card.ship_name}, {_a(lh_data.SHIP_TYPES[card.ship_type].name)} worth {card.ship_value}"


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


# -- the cards ------------------------------------------------------------------------------------
def cards() -> tuple[Card, ...]:
    """Every card a player may want to read, each under the word the notation uses for it: the
    buildings (``fishery``), the ship types (``wooden_ship``; the notation's ``buy_ship wooden``),
    each ship card by its round card (``R04``: the ship on the back, the round on the front) and
    each good (``fish``, ``smoked_fish``, ``francs``)."""
    return (
        *(_building_card(b) for b in lh_data.BUILDINGS),
        *(_ship_type_card(t) for t in range(len(lh_data.SHIP_TYPES))),
        *(_ship_card(card) for card in lh_data.ROUND_CARDS),
        *(_good_card(token) for token in lh_data.TOKEN_KINDS),
    )


def _building_card(b: lh_data.Building) -> Card:
    extra: dict[str, str] = {"type": lh_data.BUILDING_TYPE_NAMES[b.type]}
    if b.price is not None and b.price != b.value:
        extra["price"] = f"{b.price} Francs"
    elif b.price is None:
        extra["price"] = "cannot be bought"
    if b.hammers or b.fishermen:
        extra["symbols"] = ", ".join(
            f"{n} {word}{'s' * (n != 1)}"
            for n, word in ((b.hammers, "hammer"), (b.fishermen, "fisherman"))
            if n
        ).replace("fishermans", "fishermen")
    if b.locked:
        extra["entry"] = "no action: cannot be entered"
    if b.bonus:
        extra["bonus"] = "adds value at the game's end"
    return Card(
        key=b.id,
        name=_display_name(b),
        kind="special building" if b.special else "building",
        text=b.text,
        cost="cannot be built" if b.cost is None else str(b.cost),
        fee="" if b.locked else str(b.fee),
        value=str(b.value),
        extra=extra,
    )


def _per_count(values: Sequence[int | None]) -> str:
    """``5 / 4 / 3 / 2 / 1`` for 1 to 5 players (``–`` where the card has no line)."""
    return " / ".join("–" if v is None else str(v) for v in values)


def _ship_type_card(ship_type: int) -> Card:
    kind = lh_data.SHIP_TYPES[ship_type]
    values = sorted({c.ship_value for c in lh_data.ROUND_CARDS if c.ship_type == ship_type})
    return Card(
        key=SHIP_KEYS[ship_type],
        name=kind.name.capitalize(),
        kind="ship",
        text=SHIP_TEXTS[kind.name],
        cost=f"{kind.cost} + {lh_data.SHIP_ENERGY} energy",
        value=", ".join(map(str, values)),
        extra={
            "price": "cannot be bought" if kind.price is None else f"{kind.price} Francs",
            "food per round, 1–5 players": _per_count(kind.food),
            "ships at the Shipping Line": f"{kind.capacity} goods",
            "cards": str(kind.cards),
        },
    )


def _ship_card(card: lh_data.RoundCard) -> Card:
    kind = lh_data.SHIP_TYPES[card.ship_type]
    builds = [None if b is None else lh_data.TOWN_BUILD_NAMES[b] for b in card.town_build]
    return Card(
        key=card.card,
        name=f"{card.ship_name} ({card.card})",
        kind=kind.name,
        text=f"The ship on the back of round card {card.card}. {SHIP_TEXTS[kind.name]}",
        cost=f"{kind.cost} + {lh_data.SHIP_ENERGY} energy",
        value=str(card.ship_value),
        extra={
            "price": "cannot be bought" if kind.price is None else f"{kind.price} Francs",
            "food per round, 1–5 players": _per_count(kind.food),
            "round card front": "harvest" if card.harvest else "no harvest",
            "food due, 1–5 players": _per_count(card.food),
            "the town builds, 1–5 players": " / ".join("–" if b is None else b for b in builds),
        },
    )


def _good_kind(token: int) -> str:
    if token == lh_data.FRANC:
        return "money"
    return "upgraded good" if token in lh_data.UPGRADED_GOODS else "good"


def _good_card(token: int) -> Card:
    name = lh_data.TOKEN_NAMES[token]
    extra = {"food": str(lh_data.FOOD_VALUE[token]), "energy": str(lh_data.ENERGY_VALUE[token])}
    if token != lh_data.FRANC:
        extra["Shipping Line"] = _count(lh_data.SHIPPING_FRANCS[token], lh_data.FRANC)
    return Card(
        key=name,
        name=_good(token).capitalize() if token != lh_data.FRANC else "Francs",
        kind=_good_kind(token),
        text=GOOD_TEXTS[name],
        extra=extra,
    )


# -- the buttons ----------------------------------------------------------------------------------
def action_label(action: Action) -> str:
    """The words on the button for ``action`` (its notation is the tooltip): buildings by their
    printed names, ships by type and value, payments by good (``Enter Fishery``, ``Buy Wharf 1
    (14 Francs)``, ``Sell ship: wooden ship (value 2)``, ``Pay 2 fish, 1 bread``)."""
    match action:
        case Take(space):
            return f"Take the {'Francs' if space == 'francs' else space.replace('_', ' ')}"
        case Enter(building):
            return f"Enter {_NAME.get(building, building)}"
        case Buy(building):
            price = _building_price(building)
            return f"Buy {_NAME.get(building, building)}" + (
                f" ({_count(price, lh_data.FRANC)})" if price else ""
            )
        case Sell(building):
            worth = _building_value(building)
            return f"Sell {_NAME.get(building, building)}" + (
                f" ({_count(worth // 2, lh_data.FRANC)})" if worth is not None else ""
            )
        case BuyShip(ship):
            bought = _SHIP_OF_WORD.get(ship)
            if bought is None:
                return f"Buy {ship} ship"
            cost = f" ({bought.price} Francs)" if bought.price is not None else ""
            return f"Buy {_a(bought.name)}{cost}"
        case SellShip(card):
            round_card = _CARD_OF.get(card)
            if round_card is None:
                return f"Sell ship {card}"
            kind = lh_data.SHIP_TYPES[round_card.ship_type]
            half = _count(round_card.ship_value // 2, lh_data.FRANC)
            return f"Sell ship: {kind.name} (value {round_card.ship_value}, for {half})"
        case BuildShip(ship):
            built = _SHIP_OF_WORD.get(ship)
            return f"Build {_a(built.name)}" if built else f"Build {ship} ship"
        case Build(building):
            return f"Build {_NAME.get(building, building)}"
        case Pay(tokens):
            return f"Pay {_tokens(tokens)}"
        case PayPart(token, count):
            index = lh_data.TOKEN_INDEX.get(token)
            if count == 0:
                return f"Pay no {'Francs' if index == lh_data.FRANC else token.replace('_', ' ')}"
            return (
                f"Pay {count} {token.replace('_', ' ')}" if index is None else f"Pay {_count(count, index)}"
            )
        case Times(count):
            return "None" if count == 0 else "Once" if count == 1 else f"{count} times"
        case Choose(goods):
            return "Take " + _and([g.replace("_", " ") for g in goods])
        case Give(good):
            return f"Hand over 1 {good.replace('_', ' ')}"
        case Trade(good, product):
            return f"Trade 1 {good.replace('_', ' ')} for 1 {product.replace('_', ' ')}"
        case Order(swap):
            return "Swap the two cards" if swap else "Keep their order"
        case Repay():
            return f"Repay a loan ({lh_data.LOAN_REPAYMENT} Francs)"
        case Loan():
            return "Pay all you have, borrow the rest"
        case Done():
            return "Done"
        case End():
            return "End the turn"
    return str(action)


def _building_price(key: str) -> int | None:
    index = lh_data.BUILDING_INDEX.get(key)
    return None if index is None else lh_data.BUILDINGS[index].price


def _building_value(key: str) -> int | None:
    index = lh_data.BUILDING_INDEX.get(key)
    return None if index is None else lh_data.BUILDINGS[index].value


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
        "name": _display_name(building),
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
    decision = state.decision
    if not isinstance(decision, Feed):
        return set()
    order = [(decision.first + k) % state.num_players for k in range(state.num_players)]
    return set(order[: order.index(decision.seat)])


def _food(state: State, seat: int, fed: set[int]) -> Json | None:
    """This round's food for ``seat`` against what covers it; None once the rounds are over."""
    cards = round_cards(state.num_players, state.rules.variant)
    if state.current_player is None or state.round >= len(cards):
        return None
    p = state.players[seat]
    demand = cards[state.round].food_demand(state.num_players)
    ships = _ship_food(state, seat)
    due = food_due(state, seat)
    decision = state.decision
    paying = isinstance(decision, Feed) and decision.seat == seat
    if paying:
        assert isinstance(decision, Feed)
        due = decision.due
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
    decision = state.decision
    return {
        "seat": seat,
        "francs": p.stock[lh_data.FRANC],
        "loans": p.loans,
        "wealth": lh_wealth(state, seat),
        "score_parts": _score_parts(state, seat),
        "location": _display_name(lh_data.BUILDINGS[p.location]) if p.location >= 0 else None,
        "location_key": lh_data.BUILDINGS[p.location].id if p.location >= 0 else None,
        "goods": {lh_data.TOKEN_NAMES[t]: n for t, n in enumerate(p.stock) if n and t != lh_data.FRANC},
        "food_value": _worth(p.stock, lh_data.FOOD_VALUE),
        "energy": _worth(p.stock, lh_data.ENERGY_VALUE),
        "buildings": [_building(b, state) for b, who in enumerate(state.owner) if who == seat],
        "ships": [_ship(c, state.num_players) for c in p.ships],
        "food": _food(state, seat, fed),
        "food_due": decision.due if isinstance(decision, Feed) and decision.seat == seat else None,
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
_UPGRADES = {
    "bakehouse": "grain to bake into bread",
    "smokehouse": "fish to smoke",
    "charcoal_kiln": "wood to turn into charcoal",
    "abattoir": "cattle to slaughter",
    "brickworks": "clay to fire into brick",
    "tannery": "hides to tan",
    "steel_mill": "iron to make into steel",
    "cokery": "coal to turn into coke",
}


def _prompt(state: State, viewer: int) -> str | None:
    """What the seat to move decides, in a sentence (None once the game is over), to ``viewer``."""
    d = state.decision
    seat = state.current_player
    if d is None or seat is None:
        return None
    who = "You" if seat == viewer else f"P{seat}"
    whose = "Your" if seat == viewer else f"P{seat}'s"

    def name(b: int) -> str:
        return _display_name(lh_data.BUILDINGS[b])

    match d:
        case lh_decisions.Turn():
            if state.final_turns:
                return f"{whose} final action: take an Offer space or enter any building (occupied ones too)."
            if state.main_done:
                return f"{who}: buy, sell or repay, then end the turn."
            return (
                f"{whose} turn: buy or sell if you like, then the main action: take an Offer "
                "space or enter a building."
            )
        case PayInterest():
            return f"{who}: {lh_data.INTEREST} Franc interest is due (the Supply tile's interest symbol)."
        case Feed(due=due):
            return (
                f"{who}: {due} food to pay for the round (Francs count 1 each); short of it, sell or borrow."
            )
        case PayFee(building):
            owner = state.owner[building]
            to = "the Treasury" if owner == TOWN else f"P{owner}"
            return f"The entry fee of the {name(building)}: {lh_data.BUILDINGS[building].fee}, to {to}."
        case lh_decisions.HarborWatchTarget():
            return "Harbor Watch: which occupied building to move into?"
        case lh_decisions.ChooseBuilding(building, built):
            again = " (another one)" if built else ""
            return f"{name(building)}: which top proposal to build{again}?"
        case lh_decisions.BuildGoods(target=target):
            return f"Pay the building goods of the {name(target)}: {build_cost(state.rules, target)}."
        case lh_decisions.ChooseShip(wharf):
            return f"{name(wharf)}: which ship to build?"
        case lh_decisions.PayShipGoods(ship_type=ship_type):
            kind = lh_data.SHIP_TYPES[ship_type]
            return f"Pay the goods of {_a(kind.name)}: {kind.cost}."
        case lh_decisions.PayShipEnergy(ship_type=ship_type, due=due):
            return f"Pay {due} energy for the {lh_data.SHIP_TYPES[ship_type].name}."
        case lh_decisions.UpgradeGoods(building):
            what = _UPGRADES.get(lh_data.BUILDINGS[building].id, "goods to upgrade")
            return f"{name(building)}: how many {what}?"
        case lh_decisions.PayUpgradeEnergy(building, goods, due):
            return f"Pay {due} energy to upgrade {goods} at the {name(building)}."
        case lh_decisions.PayEnergy(building, due):
            return f"Pay {due} energy for the {name(building)}."
        case lh_decisions.JoineryWood():
            return "Joinery: how many wood to sell (1, 2 or 3 for 5, 6 or 7 Francs)?"
        case lh_decisions.IronworksExtra():
            return "Ironworks: pay 6 energy for a fourth iron?"
        case lh_decisions.MarketplaceGoods():
            return "Marketplace: which different standard goods to take?"
        case lh_decisions.MarketplaceLook():
            return "Marketplace: put the two special buildings back as they were, or swapped?"
        case lh_decisions.ShippingLoad(shipped):
            return f"Shipping Line: the next good to ship ({shipped} loaded so far)."
        case lh_decisions.OfficeSteel(given):
            return f"Business Office: the next good toward a steel ({given} of 4 given)."
        case lh_decisions.OfficeExchange():
            return "Business Office: exchange one good for a charcoal, a leather or a brick?"
        case lh_decisions.BridgeSell():
            return "Bridge over the Seine: the next good to sell."
        case lh_decisions.ExchangeTimes(building):
            return f"{name(building)}: how many times? ({lh_data.BUILDINGS[building].text})"
        case lh_decisions.FurrieryHides():
            return "Furriery: how many hides to exchange for bread?"
        case lh_decisions.FurrieryLeather():
            return "Furriery: how many leather to sell for 5 Francs each?"
        case lh_decisions.CoalTraderChoose():
            return "Coal Trader: a charcoal for 1 food, or a coal for 2 food?"
        case lh_decisions.CoalTraderCharcoal():
            return "Coal Trader: how many charcoal (1 food each)?"
        case lh_decisions.CoalTraderCoal():
            return "Coal Trader: how many coal (2 food each)?"
        case lh_decisions.CoalTraderPay():
            return f"Pay {d.due} food to the Coal Trader."
        case lh_decisions.HaulagePair():
            return "Haulage Firm: which two adjacent Offer spaces to empty?"
        case lh_decisions.TownSquareGoods():
            return "Town Square: which different upgraded goods to take?"
    return None


# -- what happened --------------------------------------------------------------------------------
def narrate(before: Observation, after: Observation) -> tuple[str, ...]:
    """What happened between two observations of one seat that it did not choose itself: a
    round's end (the harvest, what each player paid for feeding, or the loans it took, the
    town's new building, the new ship, the next round's card or the final stage), interest paid
    when a Supply tile shows the symbol, another seat entering one of this seat's buildings, and
    the final wealth.

    Every seat's feeding and interest is told, this seat's own too, so that the lines of one
    round's end read as its whole summary. What the engine paid for a seat with one way to pay
    is read from ``State.forced``; what the deciding seat chose, from its supply.
    """
    old, new, viewer = before.state, after.state, after.player
    if old.current_player is None:
        return ()
    lines = _fees_received(old, new, viewer)
    cards = round_cards(old.num_players, old.rules.variant)
    round_over = old.round < len(cards) and not isinstance(old.decision, Feed) and _feeding_reached(old, new)
    fed = _fed_seats(old, new, round_over) if old.round < len(cards) else []
    owing = _interest_seats(old, new)
    settled = _Settlements(old, new, [seat for seat, _ in fed], owing)
    if round_over:
        card = cards[old.round]
        demand = card.food_demand(old.num_players)
        lines.append(
            f"Round {old.round + 1} of {len(cards)} is over: {demand} food each, less what ships provide."
        )
        lines.append(_harvest(old, new, viewer) if card.harvest else "No harvest this round.")
        if demand == 0:
            lines.append("No food to pay this round.")
    if fed and cards[old.round].food_demand(old.num_players):
        lines += [_fed_line(settled, seat, due, viewer) for seat, due in fed]
    if old.round < len(cards) and new.round > old.round:
        lines += _town_and_ship(old, new, cards[old.round], cards)
    lines += [_interest_line(settled, seat, viewer) for seat in owing]
    if new.current_player is None:
        lines.append(_final(new, viewer))
    return tuple(lines)


def _who(seat: int, viewer: int) -> str:
    return "You" if seat == viewer else f"P{seat}"


def _fees_received(old: State, new: State, viewer: int) -> list[str]:
    """Another seat entered one of this seat's buildings, and the entry fee it paid. The fee is
    read off this seat's supply when the step stayed inside that turn (no round's end, no loan
    of this seat's): then only the fee brings food or Francs to it."""
    mover = old.current_player
    if mover is None or mover == viewer:
        return []
    where = new.players[mover].location
    if where < 0 or where == old.players[mover].location or old.owner[where] != viewer:
        return []
    building = lh_data.BUILDINGS[where]
    name = _display_name(building)
    stayed = (new.round, new.turn) == (old.round, old.turn) and (
        new.players[viewer].loans == old.players[viewer].loans
    )
    gained = [
        max(0, a - b) if lh_data.FOOD_VALUE[t] else 0
        for t, (a, b) in enumerate(zip(new.players[viewer].stock, old.players[viewer].stock, strict=True))
    ]
    if stayed and any(gained):
        return [f"P{mover} entered your {name} and paid you {_tokens(gained)}."]
    if building.fee == lh_data.FREE:
        return [f"P{mover} entered your {name} (no entry fee)."]
    return [f"P{mover} entered your {name} (entry fee {building.fee})."]


def _proceeds(old: State, new: State, seat: int) -> int:
    """The Francs ``seat`` received in this step for buildings and ships it sold (half their
    value, rounded down): a seat short of food may sell, and the payment follows in one step."""
    buildings = sum(
        lh_data.BUILDINGS[b].value // 2
        for b, (was, now) in enumerate(zip(old.owner, new.owner, strict=True))
        if was == seat and now == TOWN
    )
    kept = list(new.players[seat].ships)
    ships = 0
    for card in old.players[seat].ships:
        if card in kept:
            kept.remove(card)
        else:
            ships += lh_data.ROUND_CARDS[card].ship_value // 2
    return buildings + ships


def _in_order(first: int, n: int) -> list[int]:
    return [(first + k) % n for k in range(n)]


def _before(order: list[int], seat: int) -> list[int]:
    """The seats of ``order`` before ``seat`` (all of them if it is not there: a step that did
    not go forward, such as two observations given the other way round)."""
    return order[: order.index(seat)] if seat in order else []


def _feeding_reached(old: State, new: State) -> bool:
    """This step went past the round's last turn: into feeding, or through the round's end."""
    return new.round > old.round or (isinstance(new.decision, Feed) and new.round == old.round)


def _fed_seats(old: State, new: State, round_over: bool) -> list[tuple[int, int]]:
    """The seats whose feeding was settled in this step, in turn order, with the food each owed
    (0: its ships provide it all, and it was skipped)."""
    n = old.num_players
    if isinstance(old.decision, Feed):
        first, start = old.decision.first, old.decision.seat
    elif round_over:
        first = start = (old.turn_player + 1) % n
    else:
        return []
    order = _in_order(first, n)
    order = order[order.index(start) :]
    if isinstance(new.decision, Feed) and new.round == old.round:
        order = _before(order, new.decision.seat)  # that seat and those after it still pay
    feeding = old.decision
    return [
        (seat, feeding.due if isinstance(feeding, Feed) and feeding.seat == seat else food_due(old, seat))
        for seat in order
    ]


def _interest_seats(old: State, new: State) -> list[int]:
    """The seats whose interest was settled in this step, in turn order: every seat with loans
    when a turn began on the interest tile (or repaying its last loan instead)."""
    n = old.num_players
    if isinstance(old.decision, PayInterest):
        start, first = old.decision.seat, old.turn_player
    else:
        started = (new.round, new.turn) != (old.round, old.turn) and new.final_turns == 0
        if not started or new.current_player is None or isinstance(new.decision, Feed):
            return []
        tile = new.tiles[new.turn]
        if tile < 0 or not lh_data.SUPPLY_TILES[tile].interest:
            return []
        start = first = new.turn_player
    order = _in_order(first, n)
    order = order[order.index(start) :]
    same_turn = (new.round, new.turn) == (old.round, old.turn)
    if isinstance(new.decision, PayInterest) and (same_turn or not isinstance(old.decision, PayInterest)):
        order = _before(order, new.decision.seat)  # that seat and those after it still pay
    return [seat for seat in order if new.players[seat].loans or old.players[seat].loans]


class _Settlements:
    """How each seat's feeding and interest of this step were paid: the engine's notation where
    it paid (a seat with one way to pay, ``State.forced``), else the deciding seat's own choice,
    read from its supply. The forced payments are matched from the last back: interest (a
    turn's start) comes after feeding (a round's end), each seat once."""

    def __init__(self, old: State, new: State, fed: Sequence[int], owing: Sequence[int]) -> None:
        self.old, self.new = old, new
        entries = list(new.forced)
        limit = len(entries)

        def take(seat: int) -> str | None:
            """The seat's last forced action before ``limit``; a payment asked kind by kind
            (``pay_part``) is joined with its earlier parts into one ``pay``."""
            nonlocal limit
            for index in range(limit - 1, -1, -1):
                if entries[index].player == seat:
                    limit = index
                    break
            else:
                return None
            if not entries[limit].action.startswith("pay_part "):
                return entries[limit].action
            parts = [entries[limit].action]
            while (
                limit
                and entries[limit - 1].player == seat
                and entries[limit - 1].action.startswith("pay_part ")
            ):
                limit -= 1
                parts.append(entries[limit].action)
            return "pay " + " ".join(
                part.split(" ", 1)[1] for part in reversed(parts) if not part.startswith("pay_part 0 ")
            )

        self.interest = {seat: self._interest_how(seat, take(seat)) for seat in reversed(owing)}
        self.feeding = {seat: take(seat) for seat in reversed(fed)}

    def _interest_how(self, seat: int, forced: str | None) -> str:
        was, now = self.old.players[seat].loans, self.new.players[seat].loans
        if forced is not None:
            return "loan" if forced == "loan" else "paid"
        if now == 0 and was > 0:
            return "repaid"
        return "loan" if now > was else "paid"

    def francs_and_loans_after_feeding(self, seat: int) -> tuple[int, int]:
        """``seat``'s Francs and loans once fed, before this step's interest."""
        p = self.new.players[seat]
        francs, loans = p.stock[lh_data.FRANC], p.loans
        how = self.interest.get(seat)
        if how == "paid":
            francs += lh_data.INTEREST
        elif how == "loan":
            francs -= lh_data.LOAN_FRANCS - lh_data.INTEREST
            loans -= 1
        return francs, loans


def _interest_line(settled: _Settlements, seat: int, viewer: int) -> str:
    who = _who(seat, viewer)
    how = settled.interest[seat]
    if how == "repaid":
        return f"{who} repaid the last loan: no interest to pay."
    if how == "loan":
        return f"{who} had no Franc for the interest: took a loan to pay it."
    return f"{who} paid {lh_data.INTEREST} Franc interest."


def _paid_tokens(notation: str) -> tuple[int, ...]:
    """The counts a ``pay`` notation names (``pay 2 fish 1 francs``)."""
    words = notation.split()[1:]
    counts = [0] * lh_data.NUM_TOKEN_KINDS
    for count, name in zip(words[::2], words[1::2], strict=True):
        counts[lh_data.TOKEN_INDEX[name]] += int(count)
    return tuple(counts)


def _harvest(old: State, new: State, viewer: int) -> str:
    """Who received grain and cattle. Nothing else changes grain or cattle between the harvest
    and the next decision (feeding takes only food), so the counts after it tell the gains."""
    gains = []
    for seat in range(old.num_players):
        grain = new.players[seat].stock[lh_data.GRAIN]
        cattle = new.players[seat].stock[lh_data.CATTLE]
        got_grain = 1 if grain >= 2 else 0
        if new.owner[FEEDLOT] == seat:
            if cattle == 8:  # 6 cattle and 2, or 7 and 1
                got_cattle = 1 if old.players[seat].stock[lh_data.CATTLE] >= 7 else 2
            else:
                got_cattle = 2 if 4 <= cattle <= 7 else 1 if cattle >= 9 else 0
        else:
            got_cattle = 1 if cattle >= 3 else 0
        got = [f"{k} {word}" for k, word in ((got_grain, "grain"), (got_cattle, "cattle")) if k]
        if got:
            gets = "get" if seat == viewer else "gets"
            gains.append(f"{_who(seat, viewer)} {gets} {' and '.join(got)}")
    if not gains:
        return "Harvest: nobody has the 1 grain or 2 cattle it takes to breed."
    return "Harvest: " + "; ".join(gains) + "."


def _fed_line(settled: _Settlements, seat: int, due: int, viewer: int) -> str:
    who = _who(seat, viewer)
    if due == 0:
        return f"{who}: the ships provide all the food."
    old, new = settled.old, settled.new
    forced = settled.feeding.get(seat)
    chose = isinstance(old.decision, Feed) and old.decision.seat == seat  # its own step: read its supply
    if forced is not None and forced.startswith("pay ") and not chose:
        return f"{who} paid {due} food: {_tokens(_paid_tokens(forced))}."
    francs, loans = settled.francs_and_loans_after_feeding(seat)
    borrowed = loans - old.players[seat].loans
    if forced == "loan" or borrowed > 0:
        # A loan pays everything one has; the loans' Francs cover the rest, the change is kept.
        worth = due - (lh_data.LOAN_FRANCS * borrowed - francs)
        loans_taken = f"{borrowed} loan{'s' * (borrowed != 1)}"
        if worth <= 0:
            return f"{who} owed {due} food, had nothing to pay it with and took {loans_taken}."
        return f"{who} owed {due} food, had {worth} food's worth: paid it all and took {loans_taken}."
    before = old.players[seat].stock
    paid = [
        max(0, b - a) if lh_data.FOOD_VALUE[t] and t != lh_data.FRANC else 0
        for t, (b, a) in enumerate(zip(before, new.players[seat].stock, strict=True))
    ]
    paid[lh_data.FRANC] = max(0, before[lh_data.FRANC] + _proceeds(old, new, seat) - francs)
    return f"{who} paid {due} food: {_tokens(paid)}."


def _town_and_ship(
    old: State, new: State, card: lh_data.RoundCard, cards: Sequence[lh_data.RoundCard]
) -> list[str]:
    n = old.num_players
    lines: list[str] = []
    build = card.town_build_for(n)
    arrived = [
        b
        for b, (was, now) in enumerate(zip(old.owner, new.owner, strict=True))
        if now == TOWN and was in (PROPOSAL, OUT, SPECIAL_DECK)
    ]
    names = [_display_name(lh_data.BUILDINGS[b]) for b in arrived]
    if build == lh_data.STANDARD_BUILD:
        lines.append(
            f"The town builds the {_and(names)} (the lowest sort number on top of the proposals)."
            if names
            else "The town would build, but the proposal piles are empty."
        )
    elif build == lh_data.SPECIAL_BUILD:
        lines.append(
            f"The town turns up a special building: the {_and(names)}."
            if names
            else "The town would turn up a special building, but none is left."
        )
    else:
        lines.append("The town builds nothing this round.")
    kind = lh_data.SHIP_TYPES[card.ship_type]
    price = "it cannot be bought" if kind.price is None else f"{kind.price} Francs to buy"
    food = kind.food[n - 1]
    lines.append(f"A new ship: {_ship_words(card)} ({food} food a round, {price}), on top of its pile.")
    if new.round < len(cards):
        coming = cards[new.round]
        builds = {
            lh_data.NO_BUILD: "builds nothing",
            lh_data.STANDARD_BUILD: "builds a standard building",
            lh_data.SPECIAL_BUILD: "turns up a special building",
        }[coming.town_build_for(n)]
        lines.append(
            f"Round {new.round + 1} of {len(cards)}: {coming.food_demand(n)} food at its end, "
            f"{'a harvest' if coming.harvest else 'no harvest'}; the town {builds}; "
            f"then the ship {_ship_words(coming)}, arrives."
        )
    else:
        lines.append(
            "The final stage: each player takes one final action (any building may be entered, "
            "occupied or not); then wealth decides."
        )
    return lines


def _final(state: State, viewer: int) -> str:
    totals = [lh_wealth(state, seat) for seat in range(state.num_players)]
    best = max(totals)
    won = [seat for seat, total in enumerate(totals) if total == best]
    shown = ", ".join(f"P{seat} {total}" for seat, total in enumerate(totals))
    outcome = f"{_who(won[0], viewer)} win{'s' * (won[0] != viewer)}" if len(won) == 1 else "a tie"
    return f"The game is over: wealth {shown}; {outcome}."
