"""The action objects ``legal_actions`` hands out, built once, and per-building lookups for the
hot path (bots identify an offered action by identity, which is cheaper than equality)."""

from __future__ import annotations

from itertools import compress
from operator import itemgetter

from .actions import Buy, BuyShip, Enter, Sell, SellShip, Take
from .construction import SHIP_NAMES
from .data import (
    BUILDINGS,
    FULL,
    OFFER_SPACES,
    ROUND_CARDS,
    SHIP_TYPES,
    SPECIAL_BUILDINGS,
    TOKEN_NAMES,
    proposal_buildings,
    town_start_buildings,
)
from .state import TOWN, State

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
    key = (state.num_players, state.rules.variant)
    found = _IN_PLAY.get(key)
    if found is None:
        used = {b.id for b in town_start_buildings(*key)} | {b.id for b in proposal_buildings(*key)}
        if state.rules.variant == FULL:
            used |= {b.id for b in SPECIAL_BUILDINGS}
        found = _IN_PLAY[key] = tuple(b for b, building in enumerate(BUILDINGS) if building.id in used)
    return found


class _LastBuilt:
    """The last ``built_buildings`` answer, kept while the same ``owner`` tuple comes back (it is
    shared by successive states until a building changes hands)."""

    __slots__ = ("built", "owner")

    def __init__(self) -> None:
        self.owner: tuple[int, ...] = ()
        self.built: tuple[int, ...] = ()


# An instance, not the class: writing a class's attributes invalidates the interpreter's caches
# of that class on every write.
_LAST_BUILT = _LastBuilt()


def built_buildings(state: State) -> tuple[int, ...]:
    """The buildings owned by the town or a player, in index order: the only ones that can be
    entered, bought from the town or sold (the full game has 69 cards, most of them in piles,
    face down or out of the game)."""
    last = _LAST_BUILT
    owner = state.owner
    if last.owner is owner:
        return last.built
    in_play = in_play_buildings(state)
    # Buying and selling change ``owner`` on most turns of a random game: the filter runs in C.
    built = tuple(compress(in_play, map(_IS_BUILT, _owners_getter(in_play)(owner))))
    last.owner, last.built = owner, built
    return built


def carry_built(before: tuple[int, ...], after: tuple[int, ...]) -> None:
    """``after`` differs from ``before`` only by a built building changing hands (bought from
    the town, sold to it): the same buildings are built, so a kept answer for ``before`` holds
    for ``after`` too. (Trading calls this; it changes ``owner`` on most turns of a random game.)"""
    last = _LAST_BUILT
    if last.owner is before:
        last.owner = after


_IS_BUILT = TOWN.__le__  # owned by the town (-1) or a seat (0..4)
_GETTERS: dict[tuple[int, ...], itemgetter[tuple[int, ...]]] = {}


def _owners_getter(in_play: tuple[int, ...]) -> itemgetter[tuple[int, ...]]:
    getter = _GETTERS.get(in_play)
    if getter is None:
        getter = _GETTERS[in_play] = itemgetter(*in_play)
    return getter
