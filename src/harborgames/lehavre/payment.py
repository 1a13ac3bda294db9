"""Paying (rulebook "Entry Fee", "Feeding phase", energy, building goods): which ways are offered.

Food and energy are paid from whatever a player holds, without change; only the minimal ways
are offered (``core.payments``), and when there are more than ``LIST_LIMIT`` of them the payment
is asked one token kind at a time (``Pending.chosen`` holds the counts chosen so far). Building
goods are exact, except that "brick can always be used instead of clay; steel instead of iron".
"""

from __future__ import annotations

from ..core.payments import minimal_payments, next_counts
from ..core.update import elementwise, weighted_sum
from .actions import Pay, PayPart, new_pay
from .data import (
    BREAD,
    BRICK,
    CLAY,
    ENERGY_VALUE,
    FISH,
    FOOD_VALUE,
    FRANC,
    IRON,
    MEAT,
    NUM_TOKEN_KINDS,
    SMOKED_FISH,
    STEEL,
    TOKEN_NAMES,
    WOOD,
    BuildCost,
)

LIST_LIMIT = 40  # more minimal ways than this: ask one token kind at a time
ZERO = (0,) * NUM_TOKEN_KINDS
FOOD, ENERGY = "food", "energy"
WORTH = {FOOD: FOOD_VALUE, ENERGY: ENERGY_VALUE}
FOOD_KINDS = tuple(token for token, value in enumerate(FOOD_VALUE) if value)  # what pays food
ENERGY_KINDS = tuple(token for token, value in enumerate(ENERGY_VALUE) if value)
KINDS = {FOOD: FOOD_KINDS, ENERGY: ENERGY_KINDS}


def francs(amount: int) -> tuple[int, ...]:
    """A token vector of ``amount`` Francs."""
    out = list(ZERO)
    out[FRANC] = amount
    return tuple(out)


# written out over the tokens worth something (food and energy are counted on nearly every decision)
_WORTH_OF = {kind: weighted_sum(values) for kind, values in WORTH.items()}
food_worth = _WORTH_OF[FOOD]
energy_worth = _WORTH_OF[ENERGY]


def worth(stock: tuple[int, ...], kind: str) -> int:
    """Food or energy the stock could pay."""
    return _WORTH_OF[kind](stock)


def amount_ways(
    stock: tuple[int, ...], kind: str, due: int, chosen: tuple[int, ...]
) -> tuple[Pay, ...] | tuple[PayPart, ...]:
    """The offered ways to pay ``due`` food or energy: every minimal way (``Pay``), or, when there
    are too many, the counts of the next token kind (``PayPart``; ``chosen``: the counts of the
    kinds decided so far)."""
    values = WORTH[kind]
    if not chosen:
        ways = minimal_payments(stock, values, due, LIST_LIMIT, kinds=KINDS[kind])
        if ways is not None:
            return tuple(map(new_pay, ways))
    token, counts = next_counts(stock, values, due, list(chosen))
    return tuple(PayPart(TOKEN_NAMES[token], count) for count in counts)


def step_done(stock: tuple[int, ...], kind: str, due: int, chosen: tuple[int, ...]) -> bool:
    """Whether the one-kind-at-a-time payment is complete after ``chosen``."""
    return next_counts(stock, WORTH[kind], due, list(chosen))[0] < 0


def chosen_vector(stock: tuple[int, ...], kind: str, chosen: tuple[int, ...]) -> tuple[int, ...]:
    """The token vector of a payment asked one kind at a time."""
    values = WORTH[kind]
    useful = [i for i in range(NUM_TOKEN_KINDS) if values[i] > 0 and stock[i] > 0]
    out = list(ZERO)
    for token, count in zip(useful, chosen, strict=False):
        out[token] = count
    return tuple(out)


def food_ways(stock: tuple[int, ...], food: int) -> list[tuple[int, ...]]:
    """Every minimal way to pay ``food`` (Francs count 1:1), as token vectors; [] if it cannot."""
    return minimal_payments(stock, FOOD_VALUE, food, kinds=FOOD_KINDS) or []


def fee_ways(stock: tuple[int, ...], food: int, francs_fee: int) -> tuple[Pay, ...]:
    """An entry fee: its food (Francs count 1:1) or, where the card shows "food / Francs", the
    Francs instead; ways that pay more of every token than another are dropped."""
    if not (stock[FISH] or stock[SMOKED_FISH] or stock[BREAD] or stock[MEAT]):
        # Francs only (the common case): the fewest Francs that pay it is the one way.
        due = food if food and (not francs_fee or food < francs_fee) else francs_fee
        return (new_pay(francs(due)),) if stock[FRANC] >= due else ()
    ways = food_ways(stock, food) if food else []
    if francs_fee and stock[FRANC] >= francs_fee:
        ways = _with_francs_way(ways, francs_fee)
    return tuple(map(new_pay, ways))


def _with_francs_way(food_ways: list[tuple[int, ...]], fee: int) -> list[tuple[int, ...]]:
    """The minimal food ways and the way of ``fee`` Francs, without the dominated ones (as
    ``core.payments.non_dominated`` would leave them, in one pass): minimal ways never pay more
    of every token than one another, and the Francs-only way pays at least as much of every
    token as a food way only where that way is Francs alone, no more than ``fee`` of them."""
    cash = francs(fee)
    kept = [way for way in food_ways if way[FRANC] < fee or way == cash]
    if cash not in kept and not any(sum(way) == way[FRANC] for way in kept):
        kept.append(cash)
    return kept


def can_pay_fee(stock: tuple[int, ...], food: int, francs_fee: int) -> bool:
    return (food > 0 and worth(stock, FOOD) >= food) or (francs_fee > 0 and stock[FRANC] >= francs_fee)


def can_afford(stock: tuple[int, ...], cost: BuildCost) -> bool:
    """Whether some way pays the building goods (brick for clay, steel for iron)."""
    return (
        stock[WOOD] >= cost.wood
        and stock[BRICK] >= cost.brick
        and stock[STEEL] >= cost.steel
        and stock[CLAY] + stock[BRICK] >= cost.clay + cost.brick
        and stock[IRON] + stock[STEEL] >= cost.iron + cost.steel
    )


def goods_ways(stock: tuple[int, ...], cost: BuildCost) -> list[tuple[int, ...]]:
    """Every way to pay building goods: clay or brick for each clay, iron or steel for each iron."""
    ways = []
    for bricks in range(cost.clay + 1):
        for steels in range(cost.iron + 1):
            way = list(ZERO)
            way[WOOD] = cost.wood
            way[CLAY] = cost.clay - bricks
            way[BRICK] = cost.brick + bricks
            way[IRON] = cost.iron - steels
            way[STEEL] = cost.steel + steels
            if (
                way[WOOD] <= stock[WOOD]
                and way[CLAY] <= stock[CLAY]
                and way[BRICK] <= stock[BRICK]
                and way[IRON] <= stock[IRON]
                and way[STEEL] <= stock[STEEL]
            ):
                ways.append(tuple(way))
    return ways


subtract = elementwise("-", NUM_TOKEN_KINDS)  # a stock less what is paid
added = elementwise("+", NUM_TOKEN_KINDS)  # a stock with what is received
