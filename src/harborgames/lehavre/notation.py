"""Reading actions typed by people: ``take wood``, ``enter fishery``, ``buy wharf_1``,
``buy_ship wooden``, ``sell clay_mound``, ``sell_ship R04``, ``repay``, ``loan``,
``pay 2 fish 1 bread`` (``pay nothing``), ``times 3``, ``choose fish wood``, ``build sawmill``,
``build_ship iron`` (``build_ship yacht``), ``give coal``, ``trade fish brick``,
``order keep`` / ``order swap`` (the full game's Marketplace), ``done``, ``end``.

Words are matched ignoring case, and any unambiguous beginning of a name will do (``enter fishe``,
``pay 2 smo``); building names may be written with spaces or underscores. ``str(action)`` is the
canonical form. Text that cannot be read raises ``NotationError`` (an ``IllegalActionError`` and
a ``FormatError``), after the limits every game shares (``core.notation``).
"""

from __future__ import annotations

import re

from ..core.checks import require_state
from ..core.notation import NotationError, match_name, read_number, shown, words_of
from .actions import (
    DONE,
    END,
    KEEP_ORDER,
    LOAN,
    REPAY,
    SWAP_ORDER,
    Action,
    Build,
    BuildShip,
    Buy,
    BuyShip,
    Choose,
    Enter,
    Give,
    Order,
    Pay,
    PayPart,
    Sell,
    SellShip,
    Take,
    Times,
    Trade,
)
from .buildings import PRODUCTS
from .data import BUILDINGS, GOODS, NUM_TOKEN_KINDS, OFFER_SPACES, ROUND_CARDS, SHIP_NAMES, TOKEN_NAMES
from .state import State

GAME = "Le Havre"
_VERBS = (
    "take",
    "enter",
    "buy",
    "buy_ship",
    "sell",
    "sell_ship",
    "repay",
    "loan",
    "pay",
    "pay_part",
    "times",
    "choose",
    "build",
    "build_ship",
    "give",
    "trade",
    "order",
    "done",
    "end",
)
_ON_BUILDING: dict[str, type[Enter | Buy | Sell | Build]] = {
    "enter": Enter,
    "buy": Buy,
    "sell": Sell,
    "build": Build,
}
_BARE: dict[str, Action] = {"repay": REPAY, "loan": LOAN, "done": DONE, "end": END}
_ORDERS = {"keep": KEEP_ORDER, "swap": SWAP_ORDER}


def _normal(text: str) -> str:
    return re.sub(r"[\s\-]+", "_", text.strip().lower().replace("'", "").replace("’", ""))


_BUILDING_NAMES = {**{b.id: b.id for b in BUILDINGS}, **{_normal(b.name): b.id for b in BUILDINGS}}
_GOOD_NAMES = {TOKEN_NAMES[g]: TOKEN_NAMES[g] for g in GOODS}
_TOKEN_NAMES = {name: name for name in TOKEN_NAMES}
_SPACE_NAMES = {TOKEN_NAMES[t]: TOKEN_NAMES[t] for t in OFFER_SPACES}
_PRODUCT_NAMES = {TOKEN_NAMES[t]: TOKEN_NAMES[t] for t in PRODUCTS}
_CARDS = {card.card: card.card for card in ROUND_CARDS}


def _building(words: list[str], verb: str) -> str:
    if not words:
        raise NotationError(f"{verb}: which building?")
    wanted = _normal(" ".join(words))
    if not any(name.startswith(wanted) for name in _BUILDING_NAMES):  # (69 names: not listed)
        raise NotationError(f"no building is called {shown(' '.join(words))}")
    return match_name(wanted, _BUILDING_NAMES, "building")


def _one(words: list[str], verb: str, names: dict[str, str], what: str) -> str:
    if len(words) != 1:
        raise NotationError(f"{verb} takes one {what}, got {shown(' '.join(words))}")
    return match_name(words[0], names, what)


def _tokens(words: list[str]) -> tuple[int, ...]:
    counts = [0] * NUM_TOKEN_KINDS
    if words == ["nothing"]:
        return tuple(counts)
    if not words or len(words) % 2:
        raise NotationError(
            "pay: write counts and token names in pairs, e.g. 'pay 2 fish 1 bread' (or 'pay nothing')"
        )
    for number, name in zip(words[::2], words[1::2], strict=True):
        token = TOKEN_NAMES.index(match_name(name, _TOKEN_NAMES, "token"))
        if counts[token]:
            raise NotationError(f"pay: {TOKEN_NAMES[token]} is given twice")
        counts[token] = read_number(number, "count of tokens", 1)
    return tuple(counts)


def parse_action(state: State, text: str) -> Action:
    """The action the notation ``text`` names (it need not be legal in ``state``)."""
    require_state(state, State, "parse_action", "Le Havre")
    words = words_of(text, GAME)
    verb, rest = match_name(words[0], _VERBS, f"{GAME} action"), words[1:]
    if verb in _ON_BUILDING:
        return _ON_BUILDING[verb](_building(rest, verb))
    if verb in _BARE:
        if rest:
            raise NotationError(f"{verb} takes no arguments, got {shown(' '.join(rest))}")
        return _BARE[verb]
    if verb == "take":
        return Take(_one(rest, verb, _SPACE_NAMES, "Offer space"))
    if verb == "buy_ship":
        return BuyShip(_one(rest, verb, {name: name for name in SHIP_NAMES[:3]}, "ship type"))
    if verb == "build_ship":
        return BuildShip(_one(rest, verb, {name: name for name in (*SHIP_NAMES, "yacht")}, "ship type"))
    if verb == "sell_ship":
        return SellShip(_one([w.upper() for w in rest], verb, _CARDS, "ship card"))
    if verb == "pay":
        return Pay(_tokens(rest))
    if verb == "pay_part":
        if len(rest) != 2:
            raise NotationError("pay_part takes a count and a token, e.g. 'pay_part 3 fish'")
        return PayPart(match_name(rest[1], _TOKEN_NAMES, "token"), read_number(rest[0], "count of tokens"))
    if verb == "times":
        if len(rest) != 1:
            raise NotationError("times takes one number, e.g. 'times 3'")
        return Times(read_number(rest[0], "count"))
    if verb == "choose":
        if not rest:
            raise NotationError("choose: which goods?")
        chosen = {match_name(word, _GOOD_NAMES, "good") for word in rest}
        if len(chosen) != len(rest):
            raise NotationError("choose: each good once")
        return Choose(tuple(name for name in TOKEN_NAMES if name in chosen))
    if verb == "order":
        return _ORDERS[_one(rest, verb, {name: name for name in _ORDERS}, "order (keep or swap)")]
    if verb == "give":
        return Give(_one(rest, verb, _GOOD_NAMES, "good"))
    if len(rest) != 2:  # trade
        raise NotationError("trade takes a good and a product, e.g. 'trade fish brick'")
    return Trade(match_name(rest[0], _GOOD_NAMES, "good"), match_name(rest[1], _PRODUCT_NAMES, "product"))


def public_notation(state: State, action: Action) -> str:
    """``action`` as the other players see it: the Marketplace's return of the two special cards
    is made in secret ("return them in any order"), so its order is not said."""
    if isinstance(action, Order):
        return "order (kept secret)"
    return str(action)
