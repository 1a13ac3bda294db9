"""What each building does when used: one small function (or pair) per building.

``n`` is the number of applications its sector gives (2, 3 or 4). A building whose use holds a
choice has an ``options`` function listing the choices (``Move`` or ``Times``) and a ``resolve``
function carrying one out. Exchanges that cost food (Wood Trader, Restaurant) name the food per
application; the engine asks how to pay it before ``resolve`` runs.

``EFFECTS`` is the default rule set: a main effect is applied all N times (ruling R13).
``effects(rules)`` gives the registry a game plays with; under ``main_effect_applications=up_to``
it is ``UP_TO_EFFECTS``, the same effects letting the player choose 1..N applications.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import attrs

from .actions import Move, Times
from .data import CLAY, FISH, FOOD, GRAIN, WOOD, Rules
from .warehouse import (
    DOWN,
    DOWN_LEFT,
    PAYMENT_TABLES,
    RIGHT,
    UP,
    UP_LEFT,
    UP_RIGHT,
    Goods,
    distributions,
    gain_cap,
    repeat_gain,
)

Tables = dict[str, tuple[int, ...]]  # gain move tables for the game's rule options
Choice = Move | Times
Options = Callable[[Goods, int, int, Tables], tuple[Choice, ...]]
Resolve = Callable[[Goods, int, int, Choice | None, Tables], tuple[Goods, int]]


@attrs.frozen
class Effect:
    resolve: Resolve  # carry out the use (after the choice and payment, if any)
    options: Options | None = None  # the choices, if the use holds any
    food_per_time: int = 0  # food paid per chosen exchange before ``resolve`` (Times choices)
    optional: bool = False  # its own text already lets the player choose 0..N applications (R11)


def _gain(goods: Goods, good: int, table: tuple[int, ...], times: int) -> Goods:
    moved = list(goods)
    moved[good] = repeat_gain(goods[good], table, times)
    return (moved[0], moved[1], moved[2], moved[3])


def _apply_steps(goods: Goods, counts: tuple[int, ...], table: tuple[int, ...]) -> Goods:
    return (
        repeat_gain(goods[0], table, counts[0]),
        repeat_gain(goods[1], table, counts[1]),
        repeat_gain(goods[2], table, counts[2]),
        repeat_gain(goods[3], table, counts[3]),
    )


def _moves(outcomes: tuple[tuple[int, int, int, int], ...]) -> tuple[Choice, ...]:
    return tuple(Move(*counts) for counts in outcomes)


def _counts(choice: Choice | None) -> tuple[int, int, int, int]:
    assert isinstance(choice, Move)
    return choice.counts


def _times(choice: Choice | None) -> int:
    assert isinstance(choice, Times)
    return choice.count


# -- fixed gains ------------------------------------------------------------------------------
def wood_company(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _gain(goods, WOOD, t[RIGHT], n), francs


def farmland(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    goods = _gain(goods, GRAIN, t[RIGHT], n)
    goods = _gain(goods, WOOD, t[RIGHT], 1)
    return _gain(goods, CLAY, t[RIGHT], 1), francs


def clay_mound(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _gain(goods, CLAY, t[RIGHT], n + 1), francs


def grocery_store(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    # "5 Francs in 4+" is these 4 plus the sector's bonus Franc, which the engine pays to every use.
    goods = _gain(goods, GRAIN, t[RIGHT], 1)
    return _gain(goods, FISH, t[RIGHT], 1), francs + n


def farm(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    # The extra down-left move is netted against the main moves (Building Index): n - 1 up-right.
    return _gain(goods, GRAIN, t[UP_RIGHT], n - 1), francs


def kiln(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _gain(goods, CLAY, t[UP_LEFT], n), francs


def smokehouse(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _gain(goods, FISH, t[UP_LEFT], n), francs


def bakehouse(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _gain(goods, GRAIN, t[UP_LEFT], n), francs


def sawmill(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _gain(goods, WOOD, t[UP_LEFT], n), francs


def building_firm(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _gain(_gain(goods, WOOD, t[RIGHT], n), CLAY, t[RIGHT], n), francs


def church_square(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _gain(_gain(goods, GRAIN, t[RIGHT], n), FISH, t[RIGHT], n), francs


def shipping_line(goods: Goods, francs: int, n: int, _: Choice | None, t: Tables) -> tuple[Goods, int]:
    return goods, francs + 3 * n


# -- one good of two: Hardware Store ----------------------------------------------------------
def hardware_store_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    wood = Move(wood=gain_cap(goods[WOOD], t[RIGHT], n))
    clay = Move(clay=gain_cap(goods[CLAY], t[RIGHT], n))
    return (wood,) if wood == clay else (wood, clay)


def right_steps(goods: Goods, francs: int, n: int, c: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _apply_steps(goods, _counts(c), t[RIGHT]), francs


def up_left_steps(goods: Goods, francs: int, n: int, c: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _apply_steps(goods, _counts(c), t[UP_LEFT]), francs


def up_right_steps(goods: Goods, francs: int, n: int, c: Choice | None, t: Tables) -> tuple[Goods, int]:
    return _apply_steps(goods, _counts(c), t[UP_RIGHT]), francs


# -- steps shared freely among markers: Marketplace, Pier, Craftsmen's Yard --------------------
def marketplace_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    return _moves(distributions(goods, t[RIGHT], n))


def pier_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    return _moves(distributions(goods, t[RIGHT], n + 2))  # the extra: 2 more right-steps


def craftsmens_yard_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    return _moves(distributions(goods, t[UP_LEFT], n + 1))  # the extra: 1 more up-left step


# -- n different markers one step each: Masons' Guild, Guild Hall, Business Office --------------
def _different(movable: list[int], n: int) -> tuple[Choice, ...]:
    # The player names min(n, 4) different counters. A named counter that cannot move stays
    # where it is (the edge rule), so naming stopped counters wastes applications, exactly as
    # steps put on a stopped counter do for the Marketplace. Outcomes are listed, not namings.
    named = min(n, 4)
    stopped = 4 - len(movable)
    choices = []
    for size in range(min(named, len(movable)), max(0, named - stopped) - 1, -1):
        for chosen in combinations(movable, size):
            counts = [0, 0, 0, 0]
            for good in chosen:
                counts[good] = 1
            choices.append(Move(*counts))
    return tuple(choices)


def masons_guild_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    return _different([g for g in range(4) if t[UP_LEFT][goods[g]] != goods[g]], n)


def guild_hall_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    return _different([g for g in range(4) if t[UP_RIGHT][goods[g]] != goods[g]], n)


def business_office_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    # Down-left is a payment-type move: it needs a row and a column below (reference ruling 8i).
    return _different([g for g in range(4) if PAYMENT_TABLES[DOWN_LEFT][goods[g]] >= 0], n)


def business_office(goods: Goods, francs: int, n: int, c: Choice | None, t: Tables) -> tuple[Goods, int]:
    counts = _counts(c)
    table = PAYMENT_TABLES[DOWN_LEFT]
    moved = tuple(table[goods[g]] if counts[g] else goods[g] for g in range(4))
    return (moved[0], moved[1], moved[2], moved[3]), francs + 5 * sum(counts)


# -- optional exchanges: Wood Trader, Restaurant, Fish Market, Weekly Market ---------------------
def wood_trader_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    food = goods[FISH] + goods[GRAIN]
    return tuple(Times(k) for k in range(n + 1) if k <= francs and 2 * k <= food)


def wood_trader(goods: Goods, francs: int, n: int, c: Choice | None, t: Tables) -> tuple[Goods, int]:
    k = _times(c)  # the food was paid already; the Francs are paid here
    return _gain(goods, WOOD, t[UP], k), francs - k


def restaurant_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    food = goods[FISH] + goods[GRAIN]
    return tuple(Times(k) for k in range(n + 1) if k <= food)


def restaurant(goods: Goods, francs: int, n: int, c: Choice | None, t: Tables) -> tuple[Goods, int]:
    return goods, francs + 2 * _times(c)


def fish_market_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    return tuple(Times(k) for k in range(min(n, francs) + 1))


def fish_market(goods: Goods, francs: int, n: int, c: Choice | None, t: Tables) -> tuple[Goods, int]:
    k = _times(c)
    return _gain(goods, FISH, t[UP_RIGHT], k), francs - k


def weekly_market_options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
    # All applications with the same good, each one row down for 4 Francs.
    grain = [Move(grain=k) for k in range(min(n, goods[GRAIN] // 3), 0, -1)]
    fish = [Move(fish=k) for k in range(min(n, goods[FISH] // 3), 0, -1)]
    return (*grain, *fish, Move())


def weekly_market(goods: Goods, francs: int, n: int, c: Choice | None, t: Tables) -> tuple[Goods, int]:
    counts = _counts(c)
    down = PAYMENT_TABLES[DOWN]
    moved = list(goods)
    for good in FOOD:
        for _ in range(counts[good]):
            moved[good] = down[moved[good]]
    return (moved[0], moved[1], moved[2], moved[3]), francs + 4 * sum(counts)


EFFECTS: dict[str, Effect] = {
    "wood_company": Effect(wood_company),
    "farmland": Effect(farmland),
    "clay_mound": Effect(clay_mound),
    "grocery_store": Effect(grocery_store),
    "hardware_store": Effect(right_steps, hardware_store_options),
    "farm": Effect(farm),
    "kiln": Effect(kiln),
    "smokehouse": Effect(smokehouse),
    "bakehouse": Effect(bakehouse),
    "wood_trader": Effect(wood_trader, wood_trader_options, food_per_time=2, optional=True),
    "restaurant": Effect(restaurant, restaurant_options, food_per_time=1, optional=True),
    "marketplace": Effect(right_steps, marketplace_options),
    "fish_market": Effect(fish_market, fish_market_options, optional=True),
    "sawmill": Effect(sawmill),
    "building_firm": Effect(building_firm),
    "church_square": Effect(church_square),
    "weekly_market": Effect(weekly_market, weekly_market_options, optional=True),
    "masons_guild": Effect(up_left_steps, masons_guild_options),
    "business_office": Effect(business_office, business_office_options),
    "shipping_line": Effect(shipping_line),
    "guild_hall": Effect(up_right_steps, guild_hall_options),
    "pier": Effect(right_steps, pier_options),
    "craftsmens_yard": Effect(up_left_steps, craftsmens_yard_options),
}
"""The effect of every building that has one; locked buildings have none."""


# -- R13, main_effect_applications=up_to: the player applies the main effect 1..N times ---------
# The choices are the distinct outcomes of k = 1..N applications (as for every choice here,
# outcomes are listed, not namings). Extras and the 4+ Franc do not depend on k.
def _applications(resolve: Resolve) -> Effect:
    # An effect without a choice of its own asks for k ("times k"), each outcome under its
    # smallest k: from column 0, a third right-step adds nothing, so sector 3 offers times 1, 2.
    def options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
        smallest: dict[tuple[Goods, int], int] = {}
        for k in range(1, n + 1):
            smallest.setdefault(resolve(goods, francs, k, None, t), k)
        return tuple(Times(k) for k in smallest.values())

    def resolve_k(goods: Goods, francs: int, n: int, c: Choice | None, t: Tables) -> tuple[Goods, int]:
        return resolve(goods, francs, _times(c), None, t)

    return Effect(resolve_k, options)


def _most_steps_first(move: Choice) -> tuple[int, ...]:
    counts = _counts(move)
    return (-sum(counts), -counts[0], -counts[1], -counts[2], -counts[3])


def _any_of_moves(effect: Effect, moves: Options) -> Effect:
    # A Move is an outcome (effective steps per counter) whatever k led to it, so ``resolve``
    # stays as it is: the choices for each k are merged, most steps first as ``distributions``.
    def options(goods: Goods, francs: int, n: int, t: Tables) -> tuple[Choice, ...]:
        merged = {move for k in range(1, n + 1) for move in moves(goods, francs, k, t)}
        return tuple(sorted(merged, key=_most_steps_first))

    return attrs.evolve(effect, options=options)


def up_to(effect: Effect) -> Effect:
    """``effect`` with its main effect applied k = 1..N times, k the player's choice (R13)."""
    if effect.optional:
        return effect  # 0..N already (R11)
    if effect.options is None:
        return _applications(effect.resolve)
    return _any_of_moves(effect, effect.options)


UP_TO_EFFECTS: dict[str, Effect] = {key: up_to(effect) for key, effect in EFFECTS.items()}
"""``EFFECTS`` under ``main_effect_applications=up_to``."""


def effects(rules: Rules) -> dict[str, Effect]:
    """The building effects a game with these rule options plays."""
    return EFFECTS if rules.main_effect_applications == "all" else UP_TO_EFFECTS
