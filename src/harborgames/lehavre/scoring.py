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
    ENERGY_VALUE,
    FOOD_VALUE,
    FRANC,
    GOODS,
    INDUSTRIAL,
    LOAN_PENALTY,
    PUBLIC,
    ROUND_CARDS,
    SHIP_TYPES,
    SHIPPING_FRANCS,
)
from .payment import food_worth
from .round_end import food_due, round_cards
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


def heuristic(state: State, player: int) -> float:
    """A cheap value for bots: wealth, plus what goods and ships are worth before the end.

    Goods count at about half what they fetch or feed (``HOLDING``); each ship counts the food it
    will still save; food owed this round and not held counts against (a loan covers 4 food for
    7 Francs at the end). Bots make it relative to the other seats themselves. A finished game
    is its wealth.
    """
    if state.current_player is None:
        return float(wealth(state, player))
    p = state.players[player]
    value = float(wealth(state, player))
    value += sum(count * worth for count, worth in zip(p.stock[:FRANC], HOLDING, strict=True))
    rounds_left = max(0, len(round_cards(state.num_players, state.rules.variant)) - state.round - 1)
    n = state.num_players
    value += 0.5 * rounds_left * sum(SHIP_TYPES[ROUND_CARDS[c].ship_type].food[n - 1] for c in p.ships)
    if state.final_turns == 0 and state.round < len(round_cards(n, state.rules.variant)):
        short = food_due(state, player) - food_worth(p.stock)
        if short > 0:
            value -= 0.75 * short
    return value


# A heuristic's guess of a token's worth mid-game, in Francs: about half the most it fetches at the
# Shipping Line or feeds, or a third of the energy it gives.
HOLDING = tuple(
    round(max(SHIPPING_FRANCS[g] / 2, FOOD_VALUE[g] * 0.8, ENERGY_VALUE[g] / 3), 2) for g in GOODS
)
