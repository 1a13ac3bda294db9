"""The action objects ``legal_actions`` hands out, built once, and per-building lookups for the
hot path (bots identify an offered action by identity, which is cheaper than equality)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import compress
from operator import itemgetter

from ..core.update import update
from .actions import Buy, BuyShip, Enter, Sell, SellShip, Take
from .data import (
    BUILDINGS,
    FULL,
    OFFER_SPACES,
    PLAYER_COUNTS,
    ROUND_CARDS,
    SHIP_NAMES,
    SHIP_TYPES,
    SHORT,
    SPECIAL_BUILDINGS,
    TOKEN_NAMES,
    proposal_buildings,
    town_start_buildings,
)
from .state import TOWN, Built, State, new_built, replaced

TAKES = tuple(Take(TOKEN_NAMES[token]) for token in OFFER_SPACES)
ENTERS = tuple(Enter(b.id) for b in BUILDINGS)
BUYS = tuple(Buy(b.id) for b in BUILDINGS)
SELLS = tuple(Sell(b.id) for b in BUILDINGS)
SELL_SHIPS = tuple(SellShip(card.card) for card in ROUND_CARDS)
BUY_SHIPS = tuple(BuyShip(name) for name in SHIP_NAMES)
LOCKED = tuple(b.fee is None or b.locked for b in BUILDINGS)

_NEVER = 10**9  # the price of what cannot be bought
PRICE = tuple(_NEVER if b.price is None else b.price for b in BUILDINGS)
SHIP_PRICE = tuple(_NEVER if t.price is None else t.price for t in SHIP_TYPES)
FEE_FOOD = tuple(b.fee.food for b in BUILDINGS)
FEE_FRANCS = tuple(b.fee.francs for b in BUILDINGS)
_IN_PLAY: dict[tuple[int, str], tuple[int, ...]] = {}


def in_play_buildings(state: State) -> tuple[int, ...]:
    """The buildings that can ever be owned in this game (not back in the box), in index order."""
    return _IN_PLAY[state.num_players, state.rules.variant]


def built_of(state: State) -> Built:
    """What is built in ``state`` (``State.built``), computed from its ``owner``."""
    return _built(state.owner, in_play_buildings(state))


def _built(owner: tuple[int, ...], in_play: tuple[int, ...]) -> Built:
    # Buying and selling change ``owner`` on most turns of a random game: the filter runs in C.
    built = tuple(compress(in_play, map(_IS_BUILT, _owners_getter(in_play)(owner))))
    return _by_owner(owner, built, tuple(b for b in built if not LOCKED[b]))


def _by_owner(owner: tuple[int, ...], built: tuple[int, ...], enterable: tuple[int, ...]) -> Built:
    """``Built`` with the built buildings split by who holds them (one pass; the turn's options
    then look only at the town's for buying and the player's own for selling)."""
    held: list[list[int]] = [[], [], [], [], [], []]  # index 0..4 a seat's, index -1 the town's
    for b in built:
        held[owner[b]].append(b)
    owned = tuple(map(tuple, held[:5]))
    sales = tuple(tuple(map(SELLS.__getitem__, buildings)) for buildings in owned)
    return new_built(owner, built, enterable, owned, sales, *_by_price(tuple(held[TOWN])))


def _by_price(town: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The town's buildings cheapest first (then by index), and their prices."""
    cheapest_first = tuple(sorted(town, key=PRICE.__getitem__))  # a stable sort: index order kept
    return cheapest_first, tuple(map(PRICE.__getitem__, cheapest_first))


def town_affordable(built: Built, francs: int) -> tuple[int, ...]:
    """The town's buildings costing at most ``francs``, in index order."""
    count = bisect_right(built.town_prices, francs)
    if count <= 1:
        return built.town_by_price[:count]
    return tuple(sorted(built.town_by_price[:count]))


def built_entry(state: State) -> Built:
    """``state``'s ``Built``: the one it carries if it is about its ``owner``, else computed."""
    known = state.built
    if known is not None and known.owner is state.owner:
        return known
    return built_of(state)


def with_owner(state: State, owner: tuple[int, ...], *, moved: int | None = None) -> State:
    """``state`` with the buildings' owners ``owner``, and what is built derived from it.
    ``moved``: the one building whose owner changed, if only one did."""
    return update(state, owner=owner, built=built_after(state, owner, moved=moved))


def built_after(state: State, owner: tuple[int, ...], *, moved: int | None) -> Built:
    """What is built once ``state``'s owners become ``owner``. ``moved``: the one building whose
    owner changed, if only one did; where it was built before and after (bought from the town,
    sold to it), the same buildings are built and only two holders' lists change; where it is
    built now (from a proposal pile or the special deck), it joins the lists."""
    if moved is not None and owner[moved] >= TOWN:
        holder = state.owner[moved]
        if holder >= TOWN:
            return _handed_over(built_entry(state), owner, moved, holder)
        return _newly_built(built_entry(state), owner, moved)
    return _built(owner, in_play_buildings(state))


def _handed_over(before: Built, owner: tuple[int, ...], building: int, holder: int) -> Built:
    """``before`` with ``building`` taken from ``holder`` and given to ``owner[building]`` (a
    purchase from the town or a sale to it on most turns: each side written out)."""
    owned, sales = before.owned, before.sales
    by_price, prices = before.town_by_price, before.town_prices
    if holder == TOWN:  # sold by the town
        at = by_price.index(building)
        by_price, prices = by_price[:at] + by_price[at + 1 :], prices[:at] + prices[at + 1 :]
    else:  # the seat's lists, ``SELLS`` of its buildings beside them, without it
        held = owned[holder]
        at = held.index(building)
        owned = replaced(owned, holder, held[:at] + held[at + 1 :])
        offers = sales[holder]
        sales = replaced(sales, holder, offers[:at] + offers[at + 1 :])
    owned, sales, by_price, prices = _given(owned, sales, by_price, prices, building, owner[building])
    return new_built(owner, before.buildings, before.enterable, owned, sales, by_price, prices)


_Ids = tuple[int, ...]  # buildings, in index order (or cheapest first), or prices
_Held = tuple[tuple[int, ...], ...]  # per seat: its buildings
_Sales = tuple[tuple[Sell, ...], ...]  # per seat: the offers to sell its buildings


def _newly_built(before: Built, owner: tuple[int, ...], building: int) -> Built:
    """``before`` with ``building``, not built before, now built and held by ``owner[building]``."""
    enterable = before.enterable if LOCKED[building] else _inserted(before.enterable, building)
    owned, sales, by_price, prices = _given(
        before.owned, before.sales, before.town_by_price, before.town_prices, building, owner[building]
    )
    buildings = _inserted(before.buildings, building)
    return new_built(owner, buildings, enterable, owned, sales, by_price, prices)


def _given(
    owned: _Held, sales: _Sales, by_price: _Ids, prices: _Ids, building: int, taker: int
) -> tuple[_Held, _Sales, _Ids, _Ids]:
    """The holders' lists (``Built``'s owned, sales, town_by_price, town_prices) once
    ``building`` goes to ``taker``: the town, among its buildings of that price in index order,
    or a seat, among its buildings in index order (its offer to sell in the same place)."""
    if taker == TOWN:  # sold to the town, or the town's round-end build
        return owned, sales, *_priced_in(by_price, prices, building)
    held = owned[taker]
    at = bisect_left(held, building)
    offers = sales[taker]
    return (
        replaced(owned, taker, held[:at] + (building,) + held[at:]),  # noqa: RUF005
        replaced(sales, taker, offers[:at] + (SELLS[building],) + offers[at:]),  # noqa: RUF005
        by_price,
        prices,
    )


def _inserted(items: tuple[int, ...], building: int) -> tuple[int, ...]:
    """``items`` (in index order) with ``building`` in its place."""
    at = bisect_left(items, building)
    return items[:at] + (building,) + items[at:]  # noqa: RUF005  (cheaper than unpacking)


def _priced_in(
    by_price: tuple[int, ...], prices: tuple[int, ...], building: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The town's buildings cheapest first and their prices, with ``building`` among those of its
    price in index order."""
    price = PRICE[building]
    at = bisect_left(prices, price)
    end = len(prices)
    while at < end and prices[at] == price and by_price[at] < building:  # a few of each price
        at += 1
    return by_price[:at] + (building,) + by_price[at:], prices[:at] + (price,) + prices[at:]  # noqa: RUF005


_IS_BUILT = TOWN.__le__  # owned by the town (-1) or a seat (0..4)


def _owners_getter(in_play: tuple[int, ...]) -> itemgetter[tuple[int, ...]]:
    return _GETTERS[in_play]


_GETTERS: dict[tuple[int, ...], itemgetter[tuple[int, ...]]] = {}


def _fill_getters() -> None:
    """One getter per player count and variant, made at import (no cache filled during play)."""
    for (num_players, variant), found in _IN_PLAY.items():
        _GETTERS[found] = itemgetter(*found)
        del num_players, variant


def _in_play(num_players: int, variant: str) -> tuple[int, ...]:
    used = {b.id for b in town_start_buildings(num_players, variant)}
    used |= {b.id for b in proposal_buildings(num_players, variant)}
    if variant == FULL:
        used |= {b.id for b in SPECIAL_BUILDINGS}
    return tuple(b for b, building in enumerate(BUILDINGS) if building.id in used)


_IN_PLAY.update({(n, variant): _in_play(n, variant) for n in PLAYER_COUNTS for variant in (SHORT, FULL)})
_fill_getters()
