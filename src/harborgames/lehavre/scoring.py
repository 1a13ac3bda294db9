"""Game end and winner (rulebook "Game End and Winner"): wealth.

Wealth is the value of one's buildings and ships, the "+" buildings' bonuses, Francs, minus 7 per
loan not repaid; at the end each player first repays every loan its Francs cover. Goods are worth
nothing (except through the Storehouse). Ties are shared.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..core.checks import require_state
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
    LOAN_REPAYMENT,
    PUBLIC,
    ROUND_CARDS,
    Rules,
)
from .effect import building_type, owned
from .state import Player, State


def bonus(state: State, seat: int, building: int) -> int:
    """The extra value of a "+" building for its owner at game end."""
    key = BUILDINGS[building].id
    mine = owned(state, seat)
    kinds = [building_type(state.rules, b) for b in mine] if key in _BY_TYPE else []
    return _bonus(key, state.players[seat], mine, kinds)


def bonuses(rules: Rules, player: Player, mine: Sequence[int]) -> int:
    """The extra value of every "+" building among ``mine`` (the buildings ``player`` owns), each
    building's type looked up once: ``bonus`` summed over ``mine``, without the state (the
    observation tensor writes every seat's wealth on every call)."""
    plus = [building for building in mine if building in PLUS_BUILDINGS]
    if not plus:
        return 0
    kinds = [building_type(rules, b) for b in mine]
    return sum(_bonus(BUILDINGS[building].id, player, mine, kinds) for building in plus)


def _bonus(key: str, player: Player, mine: Sequence[int], kinds: list[int]) -> int:
    """The rulebook's "+" building ``key``'s bonus for ``player``, who owns ``mine`` (of types
    ``kinds``): the one place the rule is written."""
    if key == "storehouse":  # ½ Franc per goods token, rounded down
        return sum(player.stock[g] for g in GOODS) // 2
    if key == "dock":  # 4 per ship card (the Luxury Yacht "counts as an Iron ship")
        return 4 * (len(player.ships) + (LUXURY_YACHT in mine))
    if key == "town_hall":  # 4 per public building (itself too), 2 per craftsman's building
        return 4 * kinds.count(PUBLIC) + 2 * kinds.count(CRAFTSMAN)
    if key == "bank":  # 3 per industrial building, 2 per economic building (itself too)
        return 3 * kinds.count(INDUSTRIAL) + 2 * kinds.count(ECONOMIC)
    if key == "business_park":  # 2 per industrial building
        return 2 * kinds.count(INDUSTRIAL)
    if key == "guildhouse":  # 2 per economic building (itself too)
        return 2 * kinds.count(ECONOMIC)
    return 0


LUXURY_YACHT = BUILDING_INDEX["luxury_yacht"]
PLUS_BUILDINGS = frozenset(index for index, b in enumerate(BUILDINGS) if b.bonus)
"""The "+" buildings, with a bonus at game end (``bonus``); every other building's is 0."""
_BY_TYPE = frozenset({"town_hall", "bank", "business_park", "guildhouse"})  # count buildings by type


@attrs.frozen(slots=True, weakref_slot=False)
class WealthParts:
    """A seat's wealth by source: the score breakdown ``render`` and the tables show."""

    buildings: int  # the printed values of the buildings owned
    bonuses: int  # the "+" buildings' extra value (Storehouse, Dock, Town Hall, Bank, ...)
    ships: int  # the printed values of the ships owned
    francs: int  # Francs held, after the loans repaid at the end
    repaid_at_end: int  # loans repaid at game end (5 Francs each), 0 before the end
    loans: int  # loans left outstanding (7 Francs deducted each)
    total: int  # the wealth (``wealth``), which the parts add up to


def repaid_at_end(player: Player) -> int:
    """The loans ``player`` repays when the game ends: every one its Francs cover.

    "May be repaid at any time … At game end, deduct 7 Francs for each outstanding loan." Repaying
    costs 5 Francs and saves 7, so it is never worse; a player who gains Francs after its last
    decision (entry fees paid to it in the final stage) still repays, and no choice is offered.
    """
    return min(player.loans, player.stock[FRANC] // LOAN_REPAYMENT)


def end_repayments(state: State, seat: int) -> int:
    """The loans ``seat`` repays (``repaid_at_end``) once the game is over; 0 before."""
    return 0 if state.current_player is not None else repaid_at_end(state.players[seat])


def wealths(
    rules: Rules, players: Sequence[Player], owned_by_seat: Sequence[Sequence[int]], over: bool
) -> list[int]:
    """Each seat's wealth, from the buildings it owns (``owned_by_seat``, by seat; extra rows are
    ignored) and whether the game is ``over`` (then the loans its Francs cover are repaid first):
    the one place the rule is written, in the form its busiest callers need, without the state
    (the observation tensor writes every seat's wealth on every call, the heuristic one seat's
    thousands of times per search decision)."""
    found = []
    for seat, p in enumerate(players):
        mine = owned_by_seat[seat]
        worth = p.stock[FRANC] - LOAN_PENALTY * p.loans
        if over and p.loans:  # each loan repaid: 5 Francs paid, 7 not deducted
            worth += (LOAN_PENALTY - LOAN_REPAYMENT) * repaid_at_end(p)
        if mine:
            worth += sum(map(_VALUE, mine))
            if not PLUS_BUILDINGS.isdisjoint(mine):
                worth += bonuses(rules, p, mine)
        if p.ships:
            worth += sum(map(_SHIP_VALUE, p.ships))
        found.append(worth)
    return found


_VALUE = [b.value for b in BUILDINGS].__getitem__
_SHIP_VALUE = [card.ship_value for card in ROUND_CARDS].__getitem__


def wealth_parts(state: State, seat: int) -> WealthParts:
    """``seat``'s wealth by source (what ``render`` prints at game over), whose ``total`` is
    ``wealth``: the loans its Francs cover are repaid once the game is over (docs/rules R1)."""
    p = state.players[seat]
    mine = owned(state, seat)
    repaid = end_repayments(state, seat)
    return WealthParts(
        buildings=sum(map(_VALUE, mine)),
        bonuses=bonuses(state.rules, p, mine),
        ships=sum(map(_SHIP_VALUE, p.ships)),
        francs=p.stock[FRANC] - LOAN_REPAYMENT * repaid,
        repaid_at_end=repaid,
        loans=p.loans - repaid,
        total=wealth(state, seat),
    )


def wealth(state: State, seat: int) -> int:
    """Buildings, bonuses, ships and Francs, less 7 per loan outstanding (at the end: after every
    loan the Francs cover is repaid)."""
    over = state.current_player is None
    return wealths(state.rules, (state.players[seat],), (owned(state, seat),), over)[0]


def scores(state: State) -> tuple[int, ...]:
    """Each player's wealth (final once the game is over; the standing before that)."""
    require_state(state, State, "scores", "Le Havre")
    mine = [owned(state, seat) for seat in range(state.num_players)]
    return tuple(wealths(state.rules, state.players, mine, state.current_player is None))


def winners(state: State) -> tuple[int, ...]:
    """The richest players (ties shared); empty before the end."""
    require_state(state, State, "winners", "Le Havre")
    if state.current_player is not None:
        return ()
    return winners_by(scores(state))
