"""The integer action ids of Le Havre (``docs/rl/lehavre.md``), one configuration's ``ActionSpace``.

Nearly every decision names something from the component tables (an Offer space, a building, a
ship type, a round card's ship, a good, a set of goods from a card's fixed list), so it gets a
*fixed* id, the same in every position and at every player count of a variant. Three kinds are
open-ended and use slot blocks ("the k-th offered action of that class"): ``Pay`` (the list of
non-dominated ways, at most ``payment.LIST_LIMIT``), and ``PayPart`` and ``Times``, whose counts are
limited only by the goods a player holds (tokens are unlimited in the rules).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from itertools import combinations

from ..core.encoding import ActionSpace, Slot
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
    Pay,
    PayPart,
    Sell,
    SellShip,
    Take,
    Times,
    Trade,
)
from .buildings import MARKET_MAX, PRODUCTS
from .data import (
    FULL,
    GOODS,
    OFFER_SPACES,
    ROUND_CARDS,
    SHIP_NAMES,
    SPECIAL_BUILDINGS,
    STANDARD_BUILDINGS,
    STANDARD_GOODS,
    TOKEN_NAMES,
)
from .info import INFO
from .payment import LIST_LIMIT
from .specials import COAL_TRADER_CHOICES, HAULAGE_CHOICES, TOWN_SQUARE_GOODS
from .state import State
from .turn import legal_actions

__all__ = ["DEFAULT_PLAYERS", "PAY_PART_CAPACITY", "TIMES_CAPACITY", "action_space", "variant_buildings"]

DEFAULT_PLAYERS = 2  # as ``new_game``

# -- the action ids ---------------------------------------------------------------------------------
# Slot capacities. The rules bound neither count (goods tokens are unlimited, docs/rules/lehavre.md
# I6), so these are generous bounds, far above anything seen: ``Times`` offers at most one count per
# good held + 1 (0..wood at the Charcoal Kiln, 0..grain at the Bakehouse, ...), ``PayPart`` at most
# min(held, due / worth) + 1 counts of one token, where food due is at most 35 (the largest food
# demand on a round card) and energy due grows with the goods upgraded. The most seen at once in
# random and goods-hoarding playouts: 39 counts for Times, 7 for PayPart (tests/lehavre/
# test_encoding.py checks random playouts stay under half); a position beyond the bound makes
# ``ActionSpace`` raise IllegalActionError naming it, rather than give two actions one id.
TIMES_CAPACITY = 100
PAY_PART_CAPACITY = 100


def variant_buildings(variant: str) -> tuple[str, ...]:
    """The building names a variant can use, in ``data.BUILDINGS`` order (the short game has no
    special buildings), so a building's position here is its index in a state."""
    chosen = STANDARD_BUILDINGS + (SPECIAL_BUILDINGS if variant == FULL else ())
    return tuple(b.id for b in chosen)


def _choices(variant: str) -> tuple[Choose, ...]:
    """Every ``Choose`` a card can offer, from the cards' fixed lists, duplicates once: the
    Marketplace's sets of different standard goods, then (full game) the Coal Trader's product,
    the Town Square's sets of upgraded goods and the Haulage Firm's adjacent Offer spaces."""
    found: dict[Choose, None] = {}
    for size in range(2, MARKET_MAX + 1):
        for goods in combinations(STANDARD_GOODS, size):
            found[Choose(tuple(TOKEN_NAMES[g] for g in goods))] = None
    if variant == FULL:
        found.update(dict.fromkeys(COAL_TRADER_CHOICES))
        for size in range(1, len(TOWN_SQUARE_GOODS) + 1):
            for goods in combinations(TOWN_SQUARE_GOODS, size):
                found[Choose(tuple(TOKEN_NAMES[g] for g in goods))] = None
        found.update(dict.fromkeys(HAULAGE_CHOICES))
    return tuple(found)


def _catalogue(variant: str) -> Iterator[Action]:
    """The fixed actions in id order, kind by kind in ``actions.ACTION_TYPES`` order, each kind in
    its data table's order (never set or hash order: the ids must not move between runs)."""
    names = variant_buildings(variant)
    yield from (Take(TOKEN_NAMES[token]) for token in OFFER_SPACES)
    yield from (Enter(name) for name in names)
    yield from (Buy(name) for name in names)
    yield from (BuyShip(name) for name in SHIP_NAMES)
    yield from (Sell(name) for name in names)
    yield from (SellShip(card.card) for card in ROUND_CARDS)
    yield REPAY
    yield LOAN
    yield from _choices(variant)
    yield from (Build(name) for name in names)
    yield from (BuildShip(name) for name in SHIP_NAMES)
    if variant == FULL:
        yield BuildShip("yacht")  # the Luxury Yacht swapped for an iron ship at a Wharf
    yield from (Give(TOKEN_NAMES[g]) for g in GOODS)
    yield from (Trade(TOKEN_NAMES[g], TOKEN_NAMES[p]) for g in GOODS for p in PRODUCTS)
    if variant == FULL:  # the Marketplace's look at the special deck
        yield KEEP_ORDER
        yield SWAP_ORDER
    yield DONE
    yield END


_SLOTS = (
    Slot(Pay, LIST_LIMIT, "the k-th listed way to pay; longer lists are asked one token kind at a time"),
    Slot(PayPart, PAY_PART_CAPACITY, "the k-th offered count of the token being paid"),
    Slot(Times, TIMES_CAPACITY, "the k-th offered count (how many goods to upgrade, sell, ...)"),
)


@functools.cache
def action_space(
    num_players: int = DEFAULT_PLAYERS, variant: str | None = None
) -> ActionSpace[State, Action]:
    """The ids of one configuration (the same for every player count of a variant)."""
    chosen = INFO.check_configuration(num_players, variant)
    if variant is None or num_players != DEFAULT_PLAYERS:
        return action_space(DEFAULT_PLAYERS, chosen)  # one shared object per variant
    return ActionSpace(_catalogue(chosen), _SLOTS, legal_actions)
