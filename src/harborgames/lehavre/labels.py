"""Le Havre's words for a UI: every building, ship, round card and good as a card a player can
read (``cards``), and the words on the action buttons (``action_label``), with the small naming
helpers the table and the narration share (``view.py``, ``narration.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ..core.views import Card
from . import data as lh_data
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
from .effect import AmountDue
from .names import display_name, with_article
from .payment import WORTH
from .state import Observation
from .turn import KINDS

__all__ = [
    "action_label",
    "and_list",
    "cards",
    "count_words",
    "good_name",
    "ship_words",
    "tokens_words",
]

Json = dict[str, object]

# -- names ----------------------------------------------------------------------------------------
_NAME = {b.id: display_name(b) for b in lh_data.BUILDINGS}
SHIP_KEYS = tuple(t.name.replace(" ", "_") for t in lh_data.SHIP_TYPES)
"""The card key of each ship type (``wooden_ship`` ... ``luxury_liner``), in ``SHIP_TYPES`` order:
not the notation's ``wooden``/``iron``, which the goods ``iron`` and ``steel`` would share."""
_SHIP_OF_WORD = dict(zip(lh_data.SHIP_NAMES, lh_data.SHIP_TYPES, strict=True))
_CARD_OF = {card.card: card for card in lh_data.ROUND_CARDS}


def good_name(token: int) -> str:
    return lh_data.TOKEN_NAMES[token].replace("_", " ")


def count_words(n: int, token: int) -> str:
    """``1 Franc``, ``3 Francs``, ``2 smoked fish``."""
    if token == lh_data.FRANC:
        return f"{n} Franc{'s' * (n != 1)}"
    return f"{n} {good_name(token)}"


def tokens_words(counts: Sequence[int]) -> str:
    """``2 fish, 1 bread, 3 Francs``: the non-zero counts of a token vector, Francs last."""
    order = [t for t in range(lh_data.NUM_TOKEN_KINDS) if t != lh_data.FRANC] + [lh_data.FRANC]
    parts = [count_words(counts[t], t) for t in order if counts[t]]
    return ", ".join(parts) if parts else "nothing"


def and_list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def ship_words(card: lh_data.RoundCard) -> str:
    """``Lucie, a wooden ship worth 4``."""
    return (
        f"{card.ship_name}, {with_article(lh_data.SHIP_TYPES[card.ship_type].name)} worth {card.ship_value}"
    )


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
        _BOARD,
    )


_BOARD = Card(
    key="board",
    name="The table",
    kind="how to read the table",
    text=(
        "The header: the round and its turn, the round card (R01 ...: `info R01`) with the food "
        "every player owes at the round's end and whether there is a harvest; who decides what.\n"
        "offers: the goods lying on the seven Offer spaces; take one space's goods as your "
        "action.\n"
        "supply tiles: the round's seven Supply tiles, one a turn; `>` marks this turn's, `??` "
        "one still face down; a tile adds its two goods to the Offer spaces, and an interest "
        "symbol makes everyone with loans pay 1 Franc.\n"
        "proposals 1-3: the three Building Proposal piles, their top buildings first (`...`: more "
        "below); a Building Firm or Construction Firm builds a top one.\n"
        "town: the buildings the town owns; entering one costs its fee to the Treasury.\n"
        "special buildings face down: how many are left (the full game), and those seen.\n"
        "ships for sale: each type with the value of the next one and how many are left.\n"
        "Each player: Francs, loans (each costs 7 Francs at the end), wealth (the score so "
        "far), where their person stands, the food due at this round's end (the round card's "
        "demand less what their ships give); then goods, buildings and ships (round card, type, "
        "value).\n"
        "`info NAME` reads a building (`info fishery`), a ship (`info wooden_ship`), a round card "
        "(`info R04`) or a good (`info smoked_fish`)."
    ),
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
        name=display_name(b),
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
        extra["Shipping Line"] = count_words(lh_data.SHIPPING_FRANCS[token], lh_data.FRANC)
    return Card(
        key=name,
        name=good_name(token).capitalize() if token != lh_data.FRANC else "Francs",
        kind=_good_kind(token),
        text=GOOD_TEXTS[name],
        extra=extra,
    )


def _overpaid(tokens: tuple[int, ...], observation: Observation) -> str:
    """`` (3 food for 2 due: no change is given)`` where a way to pay food or energy pays more
    than is due: a good worth more than what is left cannot be split (the payments offered are
    the minimal ones, so a smaller one would not pay enough)."""
    decision = observation.state.decision
    kind = None if decision is None else KINDS[type(decision)].paid_in
    if kind is None:
        return ""
    due = cast(AmountDue, decision).due  # a kind paid in food or energy has its amount due
    paid = sum(n * value for n, value in zip(tokens, WORTH[kind], strict=False))
    return f" ({paid} {kind} for {due} due: no change is given)" if paid > due else ""


# -- the buttons ----------------------------------------------------------------------------------
def action_label(action: Action, observation: Observation) -> str:
    """The words on the button for ``action`` in the position ``observation`` shows its seat (the
    notation is the tooltip): buildings by their printed names, ships by type and value, payments
    by good (``Buy Wharf 1 (14 Francs)``, ``Sell ship: wooden ship (value 2)``, ``Pay 2 fish, 1
    bread``), and the fee that entering costs the seat whose turn it is (``Enter Fishery (fee 1
    food, to P1)``; owners enter free: ``Enter Fishery (yours: no fee)``)."""
    match action:
        case Take(space):
            return f"Take the {'Francs' if space == 'francs' else space.replace('_', ' ')}"
        case Enter(building):
            return f"Enter {_NAME.get(building, building)}{_entry_fee(building, observation)}"
        case Buy(building):
            price = _building_price(building)
            return f"Buy {_NAME.get(building, building)}" + (
                f" ({count_words(price, lh_data.FRANC)})" if price else ""
            )
        case Sell(building):
            worth = _building_value(building)
            return f"Sell {_NAME.get(building, building)}" + (
                f" ({count_words(worth // 2, lh_data.FRANC)})" if worth is not None else ""
            )
        case BuyShip(ship):
            bought = _SHIP_OF_WORD.get(ship)
            if bought is None:
                return f"Buy {ship} ship"
            cost = f" ({bought.price} Francs)" if bought.price is not None else ""
            return f"Buy {with_article(bought.name)}{cost}"
        case SellShip(card):
            round_card = _CARD_OF.get(card)
            if round_card is None:
                return f"Sell ship {card}"
            kind = lh_data.SHIP_TYPES[round_card.ship_type]
            half = count_words(round_card.ship_value // 2, lh_data.FRANC)
            return f"Sell ship: {kind.name} (value {round_card.ship_value}, for {half})"
        case BuildShip(ship):
            built = _SHIP_OF_WORD.get(ship)
            return f"Build {with_article(built.name)}" if built else f"Build {ship} ship"
        case Build(building):
            return f"Build {_NAME.get(building, building)}"
        case Pay(tokens):
            return f"Pay {tokens_words(tokens)}{_overpaid(tokens, observation)}"
        case PayPart(token, count):
            index = lh_data.TOKEN_INDEX.get(token)
            if count == 0:
                return f"Pay no {'Francs' if index == lh_data.FRANC else token.replace('_', ' ')}"
            return (
                f"Pay {count} {token.replace('_', ' ')}"
                if index is None
                else f"Pay {count_words(count, index)}"
            )
        case Times(count):
            return "None" if count == 0 else "Once" if count == 1 else f"{count} times"
        case Choose(goods):
            return "Take " + and_list([g.replace("_", " ") for g in goods])
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


def _entry_fee(key: str, observation: Observation) -> str:
    """`` (fee 1 food, to P1)``: what entering ``key`` costs the seat whose turn it is, as
    ``observation``'s seat reads it. Owners enter free (rulebook, Entry Fee), so the card's
    printed fee is not what its owner pays; the town's fees go to the Treasury, unnamed here."""
    index = lh_data.BUILDING_INDEX.get(key)
    if index is None or lh_data.BUILDINGS[index].locked:
        return ""
    state, viewer = observation.state, observation.player
    fee = lh_data.BUILDINGS[index].fee
    if not (fee.food or fee.francs):
        return " (no fee)"
    payer, owner = state.turn_player, state.owner[index]
    if owner == payer:
        return " (yours: no fee)" if payer == viewer else f" (P{payer}'s own: no fee)"
    words = " or ".join(
        [f"{fee.food} food"] * bool(fee.food) + [count_words(fee.francs, lh_data.FRANC)] * bool(fee.francs)
    )
    to = "" if owner < 0 else ", to you" if owner == viewer else f", to P{owner}"  # < 0: the town's
    return f" (fee {words}{to})"


def _building_price(key: str) -> int | None:
    index = lh_data.BUILDING_INDEX.get(key)
    return None if index is None else lh_data.BUILDINGS[index].price


def _building_value(key: str) -> int | None:
    index = lh_data.BUILDING_INDEX.get(key)
    return None if index is None else lh_data.BUILDINGS[index].value
