"""Game end and winner (rulebook "Game End and Winner"): wealth.

Wealth is the value of one's buildings and ships, the "+" buildings' bonuses, Francs, minus 7 per
loan not repaid. Goods are worth nothing (except through the Storehouse). Ties are shared.
"""

from __future__ import annotations

from ..core.outcome import winners_by
from .data import (
    BUILDING_INDEX,
    BUILDINGS,
    CRAFTSMAN,
    ECONOMIC,
    FRANC,
    GOODS,
    INDUSTRIAL,
    LOAN_PENALTY,
    PUBLIC,
    ROUND_CARDS,
)
from .state import State
from .visit import building_type, owned


def bonus(state: State, seat: int, building: int) -> int:
    """The extra value of a "+" building for its owner at game end."""
    key = BUILDINGS[building].id
    mine = owned(state, seat)

    def count(kind: int) -> int:
        return sum(1 for b in mine if building_type(state.rules, b) == kind)

    if key == "storehouse":  # ½ Franc per goods token, rounded down
        return sum(state.players[seat].stock[g] for g in GOODS) // 2
    if key == "dock":  # 4 per ship card (the Luxury Yacht "counts as an Iron ship")
        return 4 * (len(state.players[seat].ships) + (LUXURY_YACHT in mine))
    if key == "town_hall":  # 4 per public building (itself too), 2 per craftsman's building
        return 4 * count(PUBLIC) + 2 * count(CRAFTSMAN)
    if key == "bank":  # 3 per industrial building, 2 per economic building (itself too)
        return 3 * count(INDUSTRIAL) + 2 * count(ECONOMIC)
    if key == "business_park":  # 2 per industrial building
        return 2 * count(INDUSTRIAL)
    if key == "guildhouse":  # 2 per economic building (itself too)
        return 2 * count(ECONOMIC)
    return 0


LUXURY_YACHT = BUILDING_INDEX["luxury_yacht"]


def wealth(state: State, seat: int) -> int:
    p = state.players[seat]
    mine = owned(state, seat)
    buildings = sum(BUILDINGS[b].value + bonus(state, seat, b) for b in mine)
    ships = sum(ROUND_CARDS[card].ship_value for card in p.ships)
    return buildings + ships + p.stock[FRANC] - LOAN_PENALTY * p.loans


def scores(state: State) -> tuple[int, ...]:
    """Each player's wealth (final once the game is over; the standing before that)."""
    return tuple(wealth(state, seat) for seat in range(state.num_players))


def winners(state: State) -> tuple[int, ...]:
    """The richest players (ties shared); empty before the end."""
    if state.current_player is not None:
        return ()
    return winners_by(scores(state))
