"""The heuristic bots play Le Havre by: a guess of a seat's end wealth from the rulebook's economy.

Not a rule: ``scores`` and ``winners`` (``scoring.py``) are the rules. This file is what the
``greedy`` bot maximises and what the searches value their cut-off positions with
(docs/bots.md), so it knows the costs the rulebook makes a player carry: the food of every round
still to come, loans, interest, goods that are worth nothing at the end.
"""

from __future__ import annotations

import math

import attrs

from ..core.checks import require_seat
from ..core.params import Weights, weight
from .data import (
    BUILDINGS,
    FOOD_VALUE,
    FRANC,
    GOODS,
    INTEREST,
    LOAN_FRANCS,
    LOAN_PENALTY,
    SHIPPING_FRANCS,
    TURNS_PER_ROUND,
)
from .obligations import food_due_from_now
from .payment import food_worth
from .scoring import wealth, wealths
from .state import State
from .visit import owned

__all__ = ["HAND", "HOLDING", "HeuristicParams", "heuristic"]


@attrs.frozen
class HeuristicParams(Weights):
    """The heuristic's weights, in Francs (``HAND``: the hand-written values; ``harborgames
    tune`` finds others, which the bots read from their shipped sets)."""

    basic_goods: float = weight(1.0, 0.2, 2.5)  # ``HOLDING``'s basic goods, scaled by this
    processed_goods: float = weight(1.0, 0.2, 2.5)  # ``HOLDING``'s processed goods, scaled by this
    # food goods past the food owed: this share of what the Shipping Line pays
    late_food: float = weight(0.5, 0.0, 1.0)
    hoard: float = weight(6.0, 2.0, 12.0)  # goods of one kind counted in full; past it, ``hoarded``
    hoarded: float = weight(0.3, 0.0, 1.0)
    goods_horizon: float = weight(3.0, 1.0, 8.0)  # goods keep their worth until this many rounds are left
    final_goods: float = weight(0.15, 0.0, 0.6)  # goods' worth in the final stage (one action left)
    # Food short at a feeding costs what a loan costs over Francs (7 lost for 4 food: 0.75),
    # times the chance that it comes to a loan: e ** (-rounds until that feeding / short_decay).
    loan_extra: float = weight((LOAN_PENALTY - LOAN_FRANCS) / LOAN_FRANCS, 0.0, 2.0)
    short_decay: float = weight(1.2, 0.3, 4.0)
    short_horizon: float = weight(4.0, 1.0, 8.0)  # feedings further off are left to the future
    fee_rate: float = weight(0.12, 0.0, 0.5)  # visits per other seat per round to one building
    own_use: float = weight(0.5, 0.0, 2.0)  # the owner's own visits, as a share of one other seat's
    fee_horizon: float = weight(8.0, 1.0, 14.0)  # rounds of fees counted at most


HAND = HeuristicParams()
"""The hand-written weights."""


def heuristic(state: State, player: int, params: HeuristicParams = HAND) -> float:
    """A cheap guess, in Francs, of what ``player``'s wealth will be at the end (bots use it).

    Wealth as it stands, then what it will still gain and lose, from the rulebook's economy:

    * **food still to pay**: every remaining round's food demand less the seat's ships' food is
      charged at 1 Franc per food (each Franc pays 1 food), so a ship is worth the food it will
      save in every round left, not only its card value; food goods count their food value
      while it is needed;
    * **the real price of a loan**: food not covered when the round ends becomes loans at 4
      Francs each, 7 lost at the end (``LOAN_PENALTY``): 0.75 more per food short than paying
      in Francs, weighted by how little of the round is left to earn it; food short in the next
      rounds counts less. Any loan also costs 1 Franc of interest every round left;
    * **goods** count at what they will fetch, feed or build (``HOLDING``), less the more of one
      kind a seat hoards (goods are worth nothing at the end) and less as the game runs out;
    * **buildings** earn their owner entry fees from the others and free use: a little per
      round left, on top of their card value.

    Bots make it relative to the other seats themselves. A finished game is its wealth.
    """
    if type(player) is not int or not 0 <= player < state.num_players:
        require_seat(player, state.num_players)  # the boundary's error, naming the seat
    if state.current_player is None:
        return float(wealth(state, player))
    n = state.num_players
    p = state.players[player]
    stock = p.stock
    mine = owned(state, player)
    value = float(wealths(state.rules, (p,), (mine,), False)[0])
    owed = food_due_from_now(state, player)  # this round first
    elapsed = state.turn / TURNS_PER_ROUND  # of the round being played
    # Rounds left as a continuous time, so that nothing the heuristic expects jumps when a round
    # ends: a bot must not gain by putting off its feeding or someone else's.
    time_left = max(0.0, len(owed) - elapsed)
    fed = 1 if owed and _fed(state, player) else 0
    needs = owed[fed:]
    total_need = sum(needs)
    value -= total_need
    food_held = food_worth(stock) - stock[FRANC]
    # Food goods are worth their food while food is still owed; the part past that, what the
    # Shipping Line pays (``late_food``).
    value += min(food_held, total_need)
    spare = (food_held - total_need) / food_held if food_held > total_need else 0.0
    lasting = (
        min(1.0, (time_left + 0.5) / params.goods_horizon) if state.final_turns == 0 else params.final_goods
    )
    goods = 0.0
    hoard = params.hoard
    late = spare * params.late_food
    for good in GOODS:
        count = stock[good]
        if count:
            if FOOD_VALUE[good]:
                worth = late * SHIPPING_FRANCS[good]
            else:
                worth = HOLDING[good] * (params.processed_goods if _PROCESSED[good] else params.basic_goods)
            full = min(count, hoard)
            goods += worth * (full + params.hoarded * (count - full))
    value += lasting * goods
    # Cover the feedings in order with the food and Francs held now; what is missing becomes
    # loans unless it is earned first, the likelier the nearer the feeding (``short_decay``).
    cover = food_held + stock[FRANC]
    for k, need in enumerate(needs):
        short = need - cover
        if short > 0:
            until = k + fed + 1 - elapsed  # rounds until that feeding
            if until > params.short_horizon:
                break
            value -= params.loan_extra * math.exp(-until / params.short_decay) * short
        cover = max(0, cover - need)
    if p.loans:
        value -= INTEREST * time_left
    fees = 0.0
    for building in mine:
        fees += _FEE_WORTH[building]
    value += fees * min(time_left, params.fee_horizon) * params.fee_rate * (n - 1 + params.own_use)
    return value


def _fed(state: State, seat: int) -> bool:
    """Whether ``seat`` has paid the round's food: the round's seven turns are over and the
    feeding, in turn order from the player after the last turn's, has passed it."""
    if state.turn < TURNS_PER_ROUND or state.current_player is None:
        return False
    n = state.num_players
    first = state.turn_player + 1
    return (seat - first) % n < (state.current_player - first) % n


# A heuristic's guess of a token's worth mid-game, in Francs: building goods by the card value
# they build into (a Wharf's 14 from 6 goods, a Brickworks' 14 from 4), energy by what it runs,
# the rest by what the Shipping Line pays, food goods by their food.
# fmt: off
#         fish wood clay iron grain cattle coal hides
HOLDING = (1.0, 1.2, 1.2, 2.0, 1.0, 1.8, 1.5, 0.8,
           2.0, 1.2, 2.2, 5.0, 2.0, 3.0, 3.5, 1.5)
#      smoked charcoal brick steel bread meat coke leather
# fmt: on
# The upgraded goods (the second row of ``HOLDING``), which ``processed_goods`` scales.
_PROCESSED = tuple(i >= len(HOLDING) // 2 for i in range(len(HOLDING)))
# An entry fee's worth in Francs: the cheaper way to pay it (food is bought at 1 Franc).
_FEE_WORTH = tuple(float(min((x for x in (b.fee.food, b.fee.francs) if x), default=0)) for b in BUILDINGS)
