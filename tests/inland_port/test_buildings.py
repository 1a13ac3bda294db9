"""One test (or a few) per building of the Building Index (seed 000), named after it, plus the
rules every building shares: costs, the wheel, using an opponent's building, selling, the forced
sale, and refused actions.

Every test plays through the public API (``legal_actions``, ``apply``, ``parse_action``) from a
position set up by ``positions.position``. Goods are written (fish, clay, wood, grain); a count is
its warehouse square: row value ``3 * (n // 3)``, column ``n % 3`` (columns 0, 1, 2). So 7 is the
square (6, 1), and a marker in column 2 cannot move right. Expected numbers are worked out by hand
from the rulebook, not taken from the engine.
"""

from __future__ import annotations

import attrs
import pytest

from harborgames import inland_port as ip
from harborgames.core.errors import IllegalActionError
from harborgames.inland_port import (
    Build,
    ChooseUse,
    MainAction,
    PayBuildCost,
    PayExchangeFood,
    SellOrEnd,
    State,
    apply,
    legal_actions,
    parse_action,
    scores,
)
from harborgames.inland_port.data import BUILDINGS, MAX_GOODS
from tests.inland_port.positions import BUILDING_INDEX, SECTOR_AGE, legal, play, position

START = (4, 3, 2, 1)  # fish (3,1), clay (3,0), wood (0,2), grain (0,1)
BONUS = {"2": 0, "3": 0, "4": 0, "4+": 1}  # the "4+" sector's Franc for the user


def entry_round(key: str) -> int:
    return BUILDINGS[BUILDING_INDEX[key]].round


def setup(
    key: str,
    sector: str,
    *,
    goods: tuple[int, int, int, int] = START,
    francs: int = 3,
    owner: int = 0,
    player: int = 0,
    options: dict[str, str] | None = None,
) -> State:
    """``player`` to move, ``key`` owned by ``owner`` in ``sector`` (the earliest round it can be)."""
    return position(
        round=entry_round(key) + SECTOR_AGE[sector],
        player=player,
        goods={player: goods},
        francs={player: francs},
        wheel={key: (owner, sector)},
        options=options,
    )


def use(key: str, sector: str, **kwargs: object) -> State:
    """The position after ``use key`` (it may still wait for a choice or a payment)."""
    return play(setup(key, sector, **kwargs), f"use {key}")  # type: ignore[arg-type]


def assert_used(state: State, key: str) -> None:
    """The use is complete: the building sits in its owner's sector 0 and the turn is in its tail."""
    assert state.placed[BUILDING_INDEX[key]] == state.round
    assert state.decision == SellOrEnd()
    assert legal(state)[-1] == "end"


def assert_build(
    key: str,
    *,
    wood: int = 0,
    clay: int = 0,
    food: int = 0,
    francs: int = 0,
    value: int | None = None,
) -> None:
    """Building ``key`` takes exactly this cost (food from any mix of fish and grain); one less
    of any part is refused; the building then lies in sector 0; it is worth ``value`` at the end.
    """
    when = entry_round(key)
    goods_sets = [(0, clay, wood, 0)]
    if food:
        goods_sets = [(food, 0, 0, 0), (0, 0, 0, food), (food - food // 2, 0, 0, food // 2)]
    for goods in goods_sets:
        before = position(round=when, goods={0: goods}, francs={0: francs})
        assert f"build {key}" in legal(before)
        after = play(before, f"build {key}")
        assert after.goods[0] == (0, 0, 0, 0)
        assert after.francs[0] == 0
        assert after.owner[BUILDING_INDEX[key]] == 0
        assert after.placed[BUILDING_INDEX[key]] == when  # sector 0
        assert legal(after) == [f"sell {key}", "end"]
    shortfalls = []
    if wood:
        shortfalls.append(((0, clay, wood - 1, 0), francs))
    if clay:
        shortfalls.append(((0, clay - 1, wood, 0), francs))
    if food:
        shortfalls.append(((food - 1 - (food - 1) // 2, 0, 0, (food - 1) // 2), francs))
    if francs:
        shortfalls.append(((0, clay, wood, 0), francs - 1))
    for goods, money in shortfalls:
        short = position(round=when, goods={0: goods}, francs={0: money})
        assert f"build {key}" not in legal(short)
        with pytest.raises(IllegalActionError, match=f"{BUILDINGS[BUILDING_INDEX[key]].name} costs"):
            apply(short, parse_action(short, f"build {key}"))
    if value is not None:
        owned = position(round=11, goods={0: (0, 0, 0, 0)}, francs={0: 0}, built={key: (0, 11)})
        assert scores(owned)[0] == value


def assert_not_before_its_letter(key: str) -> None:
    if entry_round(key) == 0:
        return
    early = position(round=entry_round(key) - 1, goods={0: (17, 17, 17, 17)}, francs={0: 99})
    assert f"build {key}" not in legal(early)
    with pytest.raises(
        IllegalActionError, match=f"enters the game in round {BUILDINGS[BUILDING_INDEX[key]].letter}"
    ):
        apply(early, parse_action(early, f"build {key}"))


# =============================================================================================
# A-Buildings
# =============================================================================================
def test_wood_company_cost_and_value() -> None:
    assert_build("wood_company", clay=2, value=10)


@pytest.mark.parametrize(
    ("sector", "wood", "expected"),
    [
        ("2", 0, 2),  # (0,0) -> (0,2)
        ("3", 3, 5),  # (3,0) -> (3,2); the third step is lost at the row's end
        ("4", 7, 8),  # (6,1) -> (6,2); three steps lost
        ("4+", 2, 2),  # already at the row's end: nothing gained, still the bonus Franc
    ],
)
def test_wood_company_moves_wood_right(sector: str, wood: int, expected: int) -> None:
    state = use("wood_company", sector, goods=(4, 3, wood, 1))
    assert state.goods[0] == (4, 3, expected, 1)
    assert state.francs[0] == 3 + BONUS[sector]
    assert_used(state, "wood_company")


def test_farmland_cost_and_value() -> None:
    assert_build("farmland", francs=1, value=4)


@pytest.mark.parametrize(
    ("sector", "goods", "expected"),
    [
        ("2", (4, 3, 0, 0), (4, 4, 1, 2)),  # grain 2 right; wood and clay 1 each
        ("3", (4, 3, 0, 1), (4, 4, 1, 2)),  # grain (0,1): one step, two lost
        ("4+", (4, 5, 2, 3), (4, 5, 2, 5)),  # wood and clay at their row's end: only grain moves
    ],
)
def test_farmland_moves_grain_right_and_wood_and_clay_once(
    sector: str, goods: tuple[int, int, int, int], expected: tuple[int, int, int, int]
) -> None:
    state = use("farmland", sector, goods=goods)
    assert state.goods[0] == expected
    assert state.francs[0] == 3 + BONUS[sector]
    assert_used(state, "farmland")


def test_clay_mound_cost_and_value() -> None:
    assert_build("clay_mound", francs=3, value=6)


@pytest.mark.parametrize(
    ("sector", "clay", "expected"),
    [
        ("2", 0, 2),  # 2 + 1 steps from (0,0): two fit
        ("3", 4, 5),  # (3,1): 3 + 1 steps, one fits
        ("4+", 8, 8),  # (6,2): nothing fits; bonus Franc only
    ],
)
def test_clay_mound_moves_clay_right_one_more(sector: str, clay: int, expected: int) -> None:
    state = use("clay_mound", sector, goods=(4, clay, 2, 1))
    assert state.goods[0] == (4, expected, 2, 1)
    assert state.francs[0] == 3 + BONUS[sector]
    assert_used(state, "clay_mound")


def test_grocery_store_cost_and_value() -> None:
    assert_build("grocery_store", wood=2, value=6)


@pytest.mark.parametrize(
    ("sector", "earned"),
    [("2", 2), ("3", 3), ("4", 4), ("4+", 5)],  # "5 in 4+": 4 plus the sector's Franc, not 6
)
def test_grocery_store_collects_francs_and_moves_grain_and_fish(sector: str, earned: int) -> None:
    state = use("grocery_store", sector, goods=(3, 3, 2, 1))
    assert state.goods[0] == (4, 3, 2, 2)
    assert state.francs[0] == 3 + earned
    assert_used(state, "grocery_store")


def test_grocery_store_fish_and_grain_at_the_row_end_stay() -> None:
    state = use("grocery_store", "3", goods=(5, 3, 2, 8))
    assert state.goods[0] == (5, 3, 2, 8)
    assert state.francs[0] == 6


def test_hardware_store_cost_and_value() -> None:
    assert_build("hardware_store", wood=1, clay=2, value=12)


def test_hardware_store_moves_wood_or_clay_not_both() -> None:
    # Sector 4 from (4,3,0,1): wood (0,0) and clay (3,0) can each take 2 of the 4 steps.
    state = use("hardware_store", "4", goods=(4, 3, 0, 1))
    assert state.decision == ChooseUse("hardware_store", 4)
    assert legal(state) == ["move W2", "move C2"]  # never split, e.g. not "move W1 C1"
    with pytest.raises(IllegalActionError, match="not a choice Hardware Store allows"):
        apply(state, parse_action(state, "move W1 C1"))
    wood = play(state, "move W2")
    assert wood.goods[0] == (4, 3, 2, 1)
    clay = play(state, "move C2")
    assert clay.goods[0] == (4, 5, 0, 1)
    assert_used(clay, "hardware_store")


def test_hardware_store_choosing_a_stuck_marker_gains_nothing() -> None:
    # Sector 2; wood already at its row's end, clay (3,1) has room for one step.
    state = use("hardware_store", "2", goods=(4, 4, 2, 1))
    assert legal(state) == ["move none", "move C1"]
    assert play(state, "move none").goods[0] == (4, 4, 2, 1)
    # both stuck: the only outcome is applied at once
    stuck = use("hardware_store", "4+", goods=(4, 5, 2, 1))
    assert stuck.goods[0] == (4, 5, 2, 1)
    assert stuck.francs[0] == 4
    assert_used(stuck, "hardware_store")


# =============================================================================================
# B-Buildings
# =============================================================================================
def test_farm_cost_and_value() -> None:
    assert_not_before_its_letter("farm")
    assert_build("farm", wood=2, clay=2, value=12)


@pytest.mark.parametrize(
    ("sector", "grain", "expected"),
    [
        ("2", 0, 4),  # 2 up-right - 1 down-left = 1 up-right: (0,0) -> (3,1)
        ("3", 0, 8),  # net 2 up-right: (0,0) -> (3,1) -> (6,2)
        ("4", 0, 8),  # net 3: the third is lost at column 2
        ("4+", 1, 5),  # net 3 from (0,1): (3,2), then lost
        ("3", 2, 2),  # column 2: no up-right step fits, and the netted down-left is not paid
    ],
)
def test_farm_moves_grain_up_right_netted(sector: str, grain: int, expected: int) -> None:
    state = use("farm", sector, goods=(4, 3, 2, grain))
    assert state.goods[0] == (4, 3, 2, expected)
    assert state.francs[0] == 3 + BONUS[sector]
    assert_used(state, "farm")


def test_kiln_cost_and_value() -> None:
    assert_build("kiln", wood=1, clay=1, value=8)


@pytest.mark.parametrize(
    ("sector", "clay", "expected"),
    [
        ("2", 2, 6),  # (0,2) -> (3,1) -> (6,0)
        ("3", 5, 9),  # (3,2) -> (6,1) -> (9,0); the third step is lost at column 0
        ("4+", 3, 3),  # (3,0): up-left leaves the grid, the step is lost (diagonal_edge=step_lost)
    ],
)
def test_kiln_moves_clay_up_left(sector: str, clay: int, expected: int) -> None:
    state = use("kiln", sector, goods=(4, clay, 2, 1))
    assert state.goods[0] == (4, expected, 2, 1)
    assert state.francs[0] == 3 + BONUS[sector]
    assert_used(state, "kiln")


def test_kiln_per_axis_edge_option_keeps_the_up_part() -> None:
    # diagonal_edge=per_axis: up-left from column 0 becomes a plain up step (+3).
    state = use("kiln", "3", goods=(4, 5, 2, 1), options={"diagonal_edge": "per_axis"})
    assert state.goods[0] == (4, 12, 2, 1)  # (3,2) -> (6,1) -> (9,0) -> (12,0)


def test_smokehouse_cost_and_value() -> None:
    assert_build("smokehouse", clay=1, value=8)


@pytest.mark.parametrize(
    ("sector", "fish", "expected"),
    [("2", 4, 6), ("4", 8, 12), ("3", 0, 0)],  # (3,1)->(6,0); (6,2)->(9,1)->(12,0); column 0 stays
)
def test_smokehouse_moves_fish_up_left(sector: str, fish: int, expected: int) -> None:
    state = use("smokehouse", sector, goods=(fish, 3, 2, 1))
    assert state.goods[0] == (expected, 3, 2, 1)
    assert_used(state, "smokehouse")


# =============================================================================================
# C-Buildings
# =============================================================================================
def test_bakehouse_cost_and_value() -> None:
    assert_build("bakehouse", clay=2, value=10)


@pytest.mark.parametrize(
    ("sector", "grain", "expected"), [("2", 2, 6), ("3", 1, 3), ("4+", 11, 15)]
)  # (0,2)->(3,1)->(6,0); (0,1)->(3,0) then lost; (9,2)->(12,1)->(15,0)
def test_bakehouse_moves_grain_up_left(sector: str, grain: int, expected: int) -> None:
    state = use("bakehouse", sector, goods=(4, 3, 2, grain))
    assert state.goods[0] == (4, 3, 2, expected)
    assert state.francs[0] == 3 + BONUS[sector]
    assert_used(state, "bakehouse")


def test_wood_trader_cost_and_value() -> None:
    assert_build("wood_trader", wood=1, value=8)


def test_wood_trader_pays_a_franc_and_two_food_per_wood_up() -> None:
    # Sector 3, 3 Francs, 5 food: at most 2 exchanges (2 food each).
    state = use("wood_trader", "3", goods=(4, 3, 2, 1))
    assert legal(state) == ["times 0", "times 1", "times 2"]
    paying = play(state, "times 2")
    # 4 food from fish (3,1) and grain (0,1), no change: both exact ways are offered
    assert paying.decision == PayExchangeFood("wood_trader", 2)
    assert sorted(legal(paying)) == ["pay F3 G1", "pay F4"]
    done = play(paying, "pay F3 G1")
    assert done.goods[0] == (1, 3, 8, 0)  # wood (0,2) -> (3,2) -> (6,2)
    assert done.francs[0] == 1
    assert_used(done, "wood_trader")


def test_wood_trader_limited_by_francs_and_none_chosen() -> None:
    state = use("wood_trader", "4", goods=(10, 3, 2, 10), francs=1)
    assert legal(state) == ["times 0", "times 1"]
    nothing = play(state, "times 0")
    assert nothing.goods[0] == (10, 3, 2, 10)
    assert nothing.francs[0] == 1
    assert_used(nothing, "wood_trader")


def test_wood_trader_4_plus_franc_pays_for_the_exchange() -> None:
    state = use("wood_trader", "4+", goods=(6, 3, 2, 0), francs=0)
    assert legal(state) == ["times 0", "times 1"]  # the bonus Franc arrives before the costs
    done = play(state, "times 1")  # 2 food from (6,0): only a down-step, overpaying 1
    assert done.goods[0] == (3, 3, 5, 0)
    assert done.francs[0] == 0


def test_wood_trader_up_step_in_the_top_row_is_lost_but_paid() -> None:
    top = MAX_GOODS - 2  # column 0 of the top row (stand-in constant, read from data)
    state = use("wood_trader", "2", goods=(2, 3, top, 0), francs=1)
    done = play(state, "times 1")
    assert done.goods[0] == (0, 3, top, 0)
    assert done.francs[0] == 0


# =============================================================================================
# D-Buildings
# =============================================================================================
def test_restaurant_cost_and_value() -> None:
    assert_build("restaurant", wood=1, clay=1, value=8)


@pytest.mark.parametrize(
    ("sector", "goods", "times", "expected_goods", "earned"),
    [
        ("2", (1, 3, 2, 1), 2, (0, 3, 2, 0), 4),
        ("3", (5, 3, 2, 0), 3, (2, 3, 2, 0), 6),  # (3,2) -> (0,2): one down-step, exact
        ("4+", (6, 3, 2, 0), 1, (3, 3, 2, 0), 2),  # 1 food from (6,0): a down-step, overpay 2
    ],
)
def test_restaurant_sells_food_for_two_francs(
    sector: str,
    goods: tuple[int, int, int, int],
    times: int,
    expected_goods: tuple[int, int, int, int],
    earned: int,
) -> None:
    state = use("restaurant", sector, goods=goods)
    food = goods[0] + goods[3]
    assert legal(state) == [f"times {k}" for k in range(min(4 if sector == "4+" else int(sector), food) + 1)]
    done = play(state, f"times {times}")
    assert done.goods[0] == expected_goods
    assert done.francs[0] == 3 + earned + BONUS[sector]
    assert_used(done, "restaurant")


def test_restaurant_with_no_food_earns_nothing() -> None:
    state = use("restaurant", "3", goods=(0, 3, 2, 0))
    assert state.francs[0] == 3  # "times 0" is the only choice and is applied at once
    assert_used(state, "restaurant")


def test_marketplace_cost_and_value() -> None:
    assert_not_before_its_letter("marketplace")
    assert_build("marketplace", food=6, value=10)


def test_marketplace_shares_right_steps_freely() -> None:
    # Sector 2, every marker in column 0: the 2 steps go to any markers, the same one twice too.
    state = use("marketplace", "2", goods=(3, 3, 3, 3))
    assert sorted(legal(state)) == sorted(
        [
            "move F2",
            "move C2",
            "move W2",
            "move G2",
            "move F1 C1",
            "move F1 W1",
            "move F1 G1",
            "move C1 W1",
            "move C1 G1",
            "move W1 G1",
        ]
    )
    done = play(state, "move F1 G1")
    assert done.goods[0] == (4, 3, 3, 4)
    assert_used(done, "marketplace")


def test_marketplace_steps_on_a_marker_at_the_row_end_are_lost() -> None:
    # Wood (0,2) is at its row's end: a step given to it is lost, so fewer moves can result.
    state = use("marketplace", "2", goods=START)
    assert sorted(legal(state)) == sorted(
        ["move F1 C1", "move F1 G1", "move C2", "move C1 G1", "move F1", "move C1", "move G1", "move none"]
    )
    assert play(state, "move C2").goods[0] == (4, 5, 2, 1)


def test_marketplace_4_plus_four_steps_and_the_franc() -> None:
    state = use("marketplace", "4+", goods=(0, 0, 0, 0))
    done = play(state, "move F2 W2")
    assert done.goods[0] == (2, 0, 2, 0)
    assert done.francs[0] == 4


# =============================================================================================
# E-Buildings
# =============================================================================================
def test_fish_market_cost_and_value() -> None:
    assert_build("fish_market", wood=3, value=10)


def test_fish_market_pays_a_franc_per_fish_up_right() -> None:
    state = use("fish_market", "3", goods=(0, 3, 2, 1), francs=3)
    assert legal(state) == ["times 0", "times 1", "times 2", "times 3"]
    done = play(state, "times 2")
    assert done.goods[0] == (8, 3, 2, 1)  # (0,0) -> (3,1) -> (6,2)
    assert done.francs[0] == 1
    assert_used(done, "fish_market")


def test_fish_market_a_step_past_column_2_is_lost_but_paid() -> None:
    state = use("fish_market", "2", goods=(4, 3, 2, 1), francs=2)
    done = play(state, "times 2")
    assert done.goods[0] == (8, 3, 2, 1)  # (3,1) -> (6,2), the second step is lost
    assert done.francs[0] == 0


def test_fish_market_4_plus_franc_pays_for_a_step() -> None:
    state = use("fish_market", "4+", goods=(0, 3, 2, 1), francs=0)
    assert legal(state) == ["times 0", "times 1"]
    done = play(state, "times 1")
    assert done.goods[0] == (4, 3, 2, 1)
    assert done.francs[0] == 0


def test_sawmill_cost_and_value() -> None:
    assert_build("sawmill", clay=4, value=16)


@pytest.mark.parametrize(
    ("sector", "wood", "expected"), [("2", 2, 6), ("4+", 5, 9), ("3", 6, 6)]
)  # (0,2)->(3,1)->(6,0); (3,2)->(6,1)->(9,0) then lost; (6,0) stays
def test_sawmill_moves_wood_up_left(sector: str, wood: int, expected: int) -> None:
    state = use("sawmill", sector, goods=(4, 3, wood, 1))
    assert state.goods[0] == (4, 3, expected, 1)
    assert state.francs[0] == 3 + BONUS[sector]
    assert_used(state, "sawmill")


# =============================================================================================
# F-Buildings
# =============================================================================================
def test_building_firm_cost_and_value() -> None:
    assert_build("building_firm", wood=2, clay=3, value=16)


@pytest.mark.parametrize(
    ("sector", "goods", "expected"),
    [
        ("2", (4, 3, 0, 1), (4, 5, 2, 1)),
        ("4", (4, 4, 2, 1), (4, 5, 2, 1)),  # clay (3,1) one step; wood at the end
        ("4+", (4, 6, 9, 1), (4, 8, 11, 1)),
    ],
)
def test_building_firm_moves_wood_and_clay_right(
    sector: str, goods: tuple[int, int, int, int], expected: tuple[int, int, int, int]
) -> None:
    state = use("building_firm", sector, goods=goods)
    assert state.goods[0] == expected
    assert state.francs[0] == 3 + BONUS[sector]
    assert_used(state, "building_firm")


def test_church_square_cost_and_value() -> None:
    assert_build("church_square", food=8, value=14)


@pytest.mark.parametrize(
    ("sector", "goods", "expected"),
    [
        ("3", (3, 3, 2, 0), (5, 3, 2, 2)),
        ("2", (5, 3, 2, 7), (5, 3, 2, 8)),  # fish at the end; grain one step
        ("4+", (9, 3, 2, 12), (11, 3, 2, 14)),
    ],
)
def test_church_square_moves_grain_and_fish_right(
    sector: str, goods: tuple[int, int, int, int], expected: tuple[int, int, int, int]
) -> None:
    state = use("church_square", sector, goods=goods)
    assert state.goods[0] == expected
    assert state.francs[0] == 3 + BONUS[sector]
    assert_used(state, "church_square")


# =============================================================================================
# G-Buildings
# =============================================================================================
def test_weekly_market_cost_and_value() -> None:
    assert_build("weekly_market", food=10, value=16)


def test_weekly_market_grain_or_fish_down_for_four_francs_always_the_same() -> None:
    # Sector 2; grain (9,1) can go down 3 rows, fish (6,1) 2; never a mix of the two.
    state = use("weekly_market", "2", goods=(7, 3, 2, 10))
    assert sorted(legal(state)) == sorted(["move G2", "move G1", "move F2", "move F1", "move none"])
    with pytest.raises(IllegalActionError, match="not a choice Weekly Market allows"):
        apply(state, parse_action(state, "move F1 G1"))
    done = play(state, "move G2")
    assert done.goods[0] == (7, 3, 2, 4)
    assert done.francs[0] == 3 + 8
    assert_used(done, "weekly_market")


def test_weekly_market_4_plus_limited_by_rows_and_bonus() -> None:
    state = use("weekly_market", "4+", goods=(14, 3, 2, 4))
    assert sorted(legal(state)) == sorted(
        ["move F4", "move F3", "move F2", "move F1", "move G1", "move none"]
    )
    done = play(state, "move F4")
    assert done.goods[0] == (2, 3, 2, 4)  # (12,2) -> (0,2)
    assert done.francs[0] == 3 + 16 + 1
    nothing = play(state, "move none")
    assert nothing.francs[0] == 4


def test_masons_guild_cost_and_value() -> None:
    assert_build("masons_guild", wood=6, clay=3, value=20)


def test_masons_guild_moves_different_markers_up_left() -> None:
    # Sector 2: clay (3,0) cannot move up-left; two of fish, wood, grain move once each, or
    # one of them if the player names the stopped clay counter as the other (its step is lost).
    state = use("masons_guild", "2", goods=START)
    assert sorted(legal(state)) == ["move F1", "move F1 G1", "move F1 W1", "move G1", "move W1", "move W1 G1"]
    with pytest.raises(IllegalActionError, match="not a choice Masons' Guild allows"):
        apply(state, parse_action(state, "move F2"))  # the same marker twice
    done = play(state, "move F1 W1")
    assert done.goods[0] == (6, 3, 4, 1)
    assert_used(done, "masons_guild")


def test_masons_guild_4_plus_moves_every_movable_marker_once() -> None:
    # Four allowed, three movable: exactly those three move (min(N, movable)), plus the Franc.
    state = use("masons_guild", "4+", goods=START)
    assert state.goods[0] == (6, 3, 4, 3)
    assert state.francs[0] == 4
    assert_used(state, "masons_guild")


# =============================================================================================
# H-Buildings
# =============================================================================================
def test_business_office_cost_and_value() -> None:
    assert_build("business_office", wood=7, clay=5, value=30)


def test_business_office_different_markers_down_left_five_francs_each() -> None:
    state = use("business_office", "2", goods=(4, 4, 4, 4))
    assert sorted(legal(state)) == sorted(
        ["move F1 C1", "move F1 W1", "move F1 G1", "move C1 W1", "move C1 G1", "move W1 G1"]
    )
    done = play(state, "move C1 G1")
    assert done.goods[0] == (4, 0, 4, 0)
    assert done.francs[0] == 13
    assert_used(done, "business_office")


def test_business_office_needs_a_row_and_a_column_below() -> None:
    # Only fish (3,1) can pay a down-left step; clay (3,0), wood (0,2), grain (0,1) cannot. Three
    # counters are named, so the player may also name only stopped ones and move nothing.
    state = use("business_office", "3", goods=START)
    assert sorted(legal(state)) == ["move F1", "move none"]
    state = play(state, "move F1")
    assert state.goods[0] == (0, 3, 2, 1)
    assert state.francs[0] == 8
    # nothing movable: nothing paid, nothing earned
    empty = use("business_office", "4", goods=(3, 3, 3, 2))
    assert empty.goods[0] == (3, 3, 3, 2)
    assert empty.francs[0] == 3
    assert_used(empty, "business_office")


def test_shipping_line_cost_and_value() -> None:
    assert_build("shipping_line", wood=3, clay=6, value=18)


@pytest.mark.parametrize(("sector", "earned"), [("2", 6), ("3", 9), ("4", 12), ("4+", 13)])
def test_shipping_line_collects_three_francs_per_application(sector: str, earned: int) -> None:
    state = use("shipping_line", sector, goods=START)
    assert state.goods[0] == START
    assert state.francs[0] == 3 + earned
    assert_used(state, "shipping_line")


# =============================================================================================
# I-Buildings
# =============================================================================================
def test_guild_hall_cost_and_value() -> None:
    assert_build("guild_hall", wood=5, clay=2, value=16)


def test_guild_hall_moves_different_markers_up_right() -> None:
    # Sector 2: wood (0,2) cannot move up-right; naming it as one of the two wastes that step.
    state = use("guild_hall", "2", goods=START)
    assert sorted(legal(state)) == ["move C1", "move C1 G1", "move F1", "move F1 C1", "move F1 G1", "move G1"]
    done = play(state, "move F1 C1")
    assert done.goods[0] == (8, 7, 2, 1)
    assert_used(done, "guild_hall")


def test_guild_hall_sector_4_with_three_movable() -> None:
    # I-buildings reach sector 4 at most (in round L); every movable marker moves once.
    state = use("guild_hall", "4", goods=START)
    assert state.goods[0] == (8, 7, 2, 5)


def test_pier_cost_and_value() -> None:
    assert_build("pier", francs=10, value=22)


def test_pier_shares_n_plus_two_right_steps() -> None:
    # Sector 2 -> 2 + 2 steps; markers in column 0 hold 2 each.
    state = use("pier", "2", goods=(0, 0, 0, 0))
    offered = legal(state)
    assert "move F2 C2" in offered
    assert "move F1 C1 W1 G1" in offered
    done = play(state, "move F2 W1 G1")
    assert done.goods[0] == (2, 0, 1, 1)
    assert_used(done, "pier")


def test_pier_sector_4_counts_every_outcome() -> None:
    # 6 steps over four markers holding 2 each: every outcome of at most 2 per marker that uses
    # all 6 (10 of them) or leaves the rest on a marker that has stopped (50 more).
    state = use("pier", "4", goods=(0, 0, 0, 0))
    assert len(legal_actions(state)) == 60
    assert play(state, "move F2 C2 W2").goods[0] == (2, 2, 2, 0)


def test_pier_with_every_marker_at_the_row_end_gains_nothing() -> None:
    state = use("pier", "3", goods=(2, 5, 8, 11))
    assert state.goods[0] == (2, 5, 8, 11)
    assert_used(state, "pier")


# =============================================================================================
# J-Buildings
# =============================================================================================
def test_craftsmens_yard_cost_and_value() -> None:
    assert_build("craftsmens_yard", food=12, value=16)


def test_craftsmens_yard_shares_n_plus_one_up_left_steps() -> None:
    # Sector 2 -> 3 up-left steps; only column 1 and 2 markers can move (fish 1, wood 2, grain 1).
    state = use("craftsmens_yard", "2", goods=START)
    offered = legal(state)
    assert "move F1 W2" in offered
    assert "move F1 W1 G1" in offered
    assert "move C1" not in offered  # clay (3,0) cannot move up-left
    done = play(state, "move F1 W2")
    assert done.goods[0] == (6, 3, 6, 1)  # wood (0,2) -> (3,1) -> (6,0)
    assert_used(done, "craftsmens_yard")


def test_craftsmens_yard_sector_3() -> None:
    # J-buildings reach sector 3 at most (in round L). 4 steps; the same marker twice is allowed.
    state = use("craftsmens_yard", "3", goods=(2, 2, 2, 2))
    done = play(state, "move F2 C2")
    assert done.goods[0] == (6, 6, 2, 2)


def test_fish_factory_cost_and_end_value() -> None:
    assert_build("fish_factory", wood=1, clay=2)
    state = position(round=11, goods={0: (7, 3, 2, 1)}, francs={0: 0}, built={"fish_factory": (0, 9)})
    assert scores(state)[0] == 7  # 1 per Fish


def test_fish_factory_is_locked() -> None:
    assert_locked("fish_factory", 9)


def test_town_hall_cost_value_and_lock() -> None:
    assert_build("town_hall", wood=8, clay=8, value=26)
    assert_locked("town_hall", 9)


# =============================================================================================
# K-Buildings
# =============================================================================================
def test_zoo_cost_value_and_lock() -> None:
    assert_build("zoo", food=15, value=20)
    assert_locked("zoo", 10)


def test_pont_de_normandie_cost_value_and_lock() -> None:
    assert_build("pont_de_normandie", francs=30, value=50)
    assert_locked("pont_de_normandie", 10)


def test_grain_silo_cost_end_value_and_lock() -> None:
    assert_build("grain_silo", wood=3, clay=1)
    state = position(round=11, goods={0: (4, 3, 2, 13)}, francs={0: 0}, built={"grain_silo": (0, 10)})
    assert scores(state)[0] == 13  # 1 per Grain
    assert_locked("grain_silo", 10)


# =============================================================================================
# L-Buildings
# =============================================================================================
def test_wood_factory_cost_end_value_and_lock() -> None:
    assert_build("wood_factory", wood=3)
    state = position(round=11, goods={0: (4, 3, 17, 1)}, francs={0: 0}, built={"wood_factory": (0, 11)})
    assert scores(state)[0] == 17  # 1 per Wood
    assert_locked("wood_factory", 11)


def test_dock_cost_end_value_and_lock() -> None:
    assert_build("dock", francs=7)
    # 10 per anchor building held: Fish Factory, Grain Silo, Wood Factory, Brick Factory
    for anchors, expected in (((), 0), (("fish_factory",), 10), (("grain_silo", "brick_factory"), 20)):
        built = {"dock": (0, 11), **{a: (0, entry_round(a)) for a in anchors}}
        state = position(round=11, goods={0: (0, 0, 0, 0)}, francs={0: 0}, built=built)
        assert scores(state)[0] == expected
    everything = {k: (0, entry_round(k)) for k in ("dock", "fish_factory", "grain_silo", "wood_factory")}
    everything["brick_factory"] = (0, 11)
    everything["town_hall"] = (1, 9)  # not an anchor, and not the Dock owner's
    state = position(
        round=11, goods={0: (5, 6, 7, 8), 1: (0, 0, 0, 0)}, francs={0: 0, 1: 0}, built=everything
    )
    assert scores(state) == (40 + 5 + 8 + 7 + 6, 26)
    assert_locked("dock", 11)


def test_brick_factory_cost_end_value_and_lock() -> None:
    assert_build("brick_factory", clay=3)
    state = position(round=11, goods={0: (4, 9, 2, 1)}, francs={0: 0}, built={"brick_factory": (0, 11)})
    assert scores(state)[0] == 9  # 1 per Clay
    assert_locked("brick_factory", 11)


def assert_locked(key: str, placed: int) -> None:
    """A locked building cannot be used by anyone, whatever round it was built in."""
    for player in (0, 1):
        state = position(round=11, player=player, built={key: (0, placed)})
        assert f"use {key}" not in legal(state)
        with pytest.raises(IllegalActionError, match="is locked: it has no function"):
            apply(state, parse_action(state, f"use {key}"))


# =============================================================================================
# Rules every building shares
# =============================================================================================
def test_building_index_has_31_buildings_with_the_printed_tallies() -> None:
    assert len(BUILDINGS) == 31
    kinds = [b.cost.kind for b in BUILDINGS]
    assert (kinds.count("wood_clay"), kinds.count("food"), kinds.count("francs")) == (21, 5, 5)
    per_letter = {letter: sum(b.letter == letter for b in BUILDINGS) for letter in "ABCDEFGHIJKL"}
    assert per_letter == {"A": 5, "B": 3, **dict.fromkeys("CDEFGHI", 2), **dict.fromkeys("JKL", 3)}
    locked = {b.id for b in BUILDINGS if b.locked}
    assert locked == {
        "fish_factory",
        "town_hall",
        "zoo",
        "pont_de_normandie",
        "grain_silo",
        "wood_factory",
        "dock",
        "brick_factory",
    }


def test_food_costs_split_freely_and_overpay_without_change() -> None:
    # 6 Food from fish (6,1) and grain (0,2): exact ways only; fish alone or fish and grain.
    state = position(round=3, goods={0: (7, 3, 2, 2)})
    paying = play(state, "build marketplace")
    assert paying.decision == PayBuildCost("marketplace")
    assert sorted(legal(paying)) == ["pay F4 G2", "pay F6"]
    assert play(paying, "pay F4 G2").goods[0] == (3, 3, 2, 0)
    assert play(paying, "pay F6").goods[0] == (1, 3, 2, 2)


def test_overpay_minimal_offers_a_down_step_when_exact_payment_exists() -> None:
    # 2 Wood from (6,2): exactly, two left (-> (6,0)), or one down keeping column 2 (-> (3,2)).
    state = position(round=0, goods={0: (4, 3, 8, 1)})
    paying = play(state, "build grocery_store")
    assert legal(paying) == ["pay W2", "pay W3"]
    assert play(paying, "pay W3").goods[0] == (4, 3, 5, 1)
    with pytest.raises(IllegalActionError, match="no change is given"):
        apply(paying, parse_action(paying, "pay W4"))


def test_overpay_least_goods_option_pays_exactly_when_possible() -> None:
    state = position(round=0, goods={0: (4, 3, 8, 1)}, options={"overpay": "least_goods"})
    assert play(state, "build grocery_store").goods[0] == (4, 3, 6, 1)


def test_effect_cost_payment_per_application_pays_each_exchange_separately() -> None:
    # Wood Trader, 2 exchanges from fish (6,1): combined pays 4 at once ((6,1) -> (3,0));
    # per application each 2 needs a down-step ((6,1) -> (3,1) -> (0,1)).
    combined = play(setup("wood_trader", "3", goods=(7, 3, 2, 0)), "use wood_trader; times 2")
    assert sorted(legal(combined)) == ["pay F4", "pay F6"]  # (3,0) exactly, or (0,1) keeping column 1
    assert play(combined, "pay F4").goods[0] == (3, 3, 8, 0)
    per_app = {"effect_cost_payment": "per_application"}
    separate = play(
        setup("wood_trader", "3", goods=(7, 3, 2, 0), options=per_app), "use wood_trader; times 2"
    )
    assert separate.goods[0] == (1, 3, 8, 0)


def test_effect_cost_payment_per_application_offers_only_payable_exchanges() -> None:
    # Restaurant in sector 3 with fish (3,0) only: 1 food needs a down-step (3 -> 0); a second
    # food cannot be paid separately. So only 0 or 1 exchanges can be offered.
    per_app = {"effect_cost_payment": "per_application"}
    state = use("restaurant", "3", goods=(3, 3, 2, 0), options=per_app)
    for action in legal_actions(state):
        assert legal_actions(apply(state, action)), f"{action} leads to a position with no legal action"
    assert legal(state) == ["times 0", "times 1"]


# -- R13, main_effect_applications: all N applications (default), or up_to: 1..N chosen --------
UP_TO = {"main_effect_applications": "up_to"}


def test_r13_up_to_lets_the_player_apply_the_main_effect_fewer_times() -> None:
    # Wood Company in sector 3, wood (0,0): 1 or 2 right-steps. A third application adds nothing
    # (column 2 is the row's end), so "times 3" would repeat "times 2": each outcome is offered once.
    state = use("wood_company", "3", goods=(4, 3, 0, 1), options=UP_TO)
    assert state.decision == ChooseUse("wood_company", 3)
    assert legal(state) == ["times 1", "times 2"]
    assert play(state, "times 1").goods[0] == (4, 3, 1, 1)
    done = play(state, "times 2")
    assert done.goods[0] == (4, 3, 2, 1)
    assert done.francs[0] == 3
    assert_used(done, "wood_company")
    # Kiln in sector 3 with per_axis edges, clay (3,2): up-left to (6,1), (9,0), then up to (12,0).
    both = {**UP_TO, "diagonal_edge": "per_axis"}
    kiln = use("kiln", "3", goods=(4, 5, 2, 1), options=both)
    assert legal(kiln) == ["times 1", "times 2", "times 3"]
    for times, clay in [(1, 7), (2, 9), (3, 12)]:
        done = play(kiln, f"times {times}")
        assert done.goods[0] == (4, clay, 2, 1)
        assert_used(done, "kiln")


def test_r13_up_to_offers_each_outcome_once() -> None:
    # Wood at its row's end: every k gains nothing, so the engine takes "times 1" itself.
    stuck = use("wood_company", "3", goods=START, options=UP_TO)
    assert [str(f) for f in stuck.forced] == ["P0 times 1"]
    assert stuck.goods[0] == START
    assert_used(stuck, "wood_company")
    # Clay Mound: k + 1 >= 2 right-steps always reach column 2, so it never holds a choice.
    mound = use("clay_mound", "4", goods=(4, 3, 2, 1), options=UP_TO)
    assert [str(f) for f in mound.forced] == ["P0 times 1"]
    assert mound.goods[0] == (4, 5, 2, 1)
    # Shipping Line in 4+: 3 Francs per application chosen, plus the sector's Franc.
    line = use("shipping_line", "4+", goods=START, options=UP_TO)
    assert legal(line) == ["times 1", "times 2", "times 3", "times 4"]
    assert play(line, "times 2").francs[0] == 3 + 1 + 6


def test_r13_up_to_keeps_the_extra_effects_and_the_4_plus_franc() -> None:
    # Farmland in 4+, one application: Grain right 1, and the extras Wood and Clay right 1, and 1 Franc.
    farmland = use("farmland", "4+", goods=(4, 3, 0, 0), options=UP_TO)
    assert legal(farmland) == ["times 1", "times 2"]
    done = play(farmland, "times 1")
    assert done.goods[0] == (4, 4, 1, 1)
    assert done.francs[0] == 4
    # Grocery Store in 4+, two applications: 2 Francs, the bonus Franc, Grain and Fish right 1.
    grocery = play(use("grocery_store", "4+", goods=START, options=UP_TO), "times 2")
    assert grocery.goods[0] == (5, 3, 2, 2)
    assert grocery.francs[0] == 3 + 1 + 2
    # Farm in sector 4: k up-right less the netted down-left, k - 1; grain (0,1) has room for one.
    farm = use("farm", "4", goods=START, options=UP_TO)
    assert legal(farm) == ["times 1", "times 2"]
    assert play(farm, "times 1").goods[0] == START
    assert play(farm, "times 2").goods[0] == (4, 3, 2, 5)
    # Pier in sector 2: k + 2 shared right-steps, so 3 or 4; 2 only when the third is lost.
    pier = legal(use("pier", "2", goods=(0, 0, 0, 0), options=UP_TO))
    assert "move F1 C1 W1" in pier
    assert "move F1 C1 W1" not in legal(use("pier", "2", goods=(0, 0, 0, 0)))
    assert "move F1 C1" not in pier
    assert "move F2" in pier  # the third step given to fish, which stopped at (0,2)


def test_r13_up_to_shares_fewer_steps_at_the_marketplace() -> None:
    # Sector 2, every marker in column 0: the ten 2-step outcomes, then the four 1-step ones; never none.
    state = use("marketplace", "2", goods=(3, 3, 3, 3), options=UP_TO)
    assert legal(state) == [
        "move F2",
        "move F1 C1",
        "move F1 W1",
        "move F1 G1",
        "move C2",
        "move C1 W1",
        "move C1 G1",
        "move W2",
        "move W1 G1",
        "move G2",
        "move F1",
        "move C1",
        "move W1",
        "move G1",
    ]
    done = play(state, "move C1")
    assert done.goods[0] == (3, 4, 3, 3)
    assert_used(done, "marketplace")


def test_r13_up_to_names_fewer_different_counters() -> None:
    # Business Office in sector 2, every marker able to move down-left: 2 counters, or just 1.
    goods = (4, 4, 5, 4)
    state = use("business_office", "2", goods=goods, options=UP_TO)
    offered = legal(state)
    assert offered[:6] == legal(use("business_office", "2", goods=goods))  # the six pairs, as under all
    assert offered[6:] == ["move F1", "move C1", "move W1", "move G1"]
    done = play(state, "move W1")
    assert done.goods[0] == (4, 4, 1, 4)  # wood (3,2) -> (0,1)
    assert done.francs[0] == 3 + 5
    # Hardware Store in sector 4: fewer steps, still of one good only.
    hardware = use("hardware_store", "4", goods=(4, 3, 0, 1), options=UP_TO)
    assert legal(hardware) == ["move C2", "move W2", "move C1", "move W1"]
    assert play(hardware, "move W1").goods[0] == (4, 3, 1, 1)


def test_r13_all_is_the_default_and_applies_the_main_effect_n_times() -> None:
    default = setup("wood_company", "3", goods=(4, 3, 0, 1))
    assert default.rules.main_effect_applications == "all"
    explicit = setup("wood_company", "3", goods=(4, 3, 0, 1), options={"main_effect_applications": "all"})
    for state in (default, explicit):
        done = play(state, "use wood_company")
        assert done.goods[0] == (4, 3, 2, 1)  # no choice asked, nothing forced
        assert done.forced == ()
        assert_used(done, "wood_company")
    marketplace = legal(use("marketplace", "2", goods=(3, 3, 3, 3)))
    assert "move C1" not in marketplace
    assert len(marketplace) == 10


@pytest.mark.parametrize(
    ("key", "goods", "first", "last"),
    [
        ("wood_trader", (7, 3, 2, 0), "times 0", "times 3"),
        ("restaurant", START, "times 0", "times 3"),
        ("fish_market", START, "times 0", "times 3"),
        ("weekly_market", (6, 3, 2, 6), "move G2", "move none"),
    ],
)
def test_r13_up_to_leaves_the_exchanges_0_to_n(
    key: str, goods: tuple[int, int, int, int], first: str, last: str
) -> None:
    # Their own text already says "you may" (R11): 0..N under both values of the option.
    up_to = use(key, "3", goods=goods, options=UP_TO)
    assert legal(up_to) == legal(use(key, "3", goods=goods))
    assert (legal(up_to)[0], legal(up_to)[-1]) == (first, last)
    nothing = play(up_to, last if key == "weekly_market" else first)
    assert (nothing.goods[0], nothing.francs[0]) == (goods, 3)
    assert_used(nothing, key)


def test_r13_option_is_declared_and_its_choices_survive_json() -> None:
    assert ip.OPTIONS["main_effect_applications"] == ("all", "up_to")
    assert ip.INFO.options["main_effect_applications"] == ("all", "up_to")
    with pytest.raises(ValueError, match="main_effect_applications must be one of all, up_to"):
        ip.new_game(options={"main_effect_applications": "some"})
    waiting = use("wood_company", "3", goods=(4, 3, 0, 1), options=UP_TO)
    assert ip.loads(ip.dumps(waiting)) == waiting


def test_using_an_opponents_building_pays_them_a_franc_and_sends_it_to_their_sector_0() -> None:
    # Player 1 uses player 0's Wood Company in sector 2.
    state = setup("wood_company", "2", goods=(4, 3, 0, 1), owner=0, player=1)
    assert "use wood_company" in legal(state)
    done = play(state, "use wood_company")
    assert done.francs == (4, 2)
    assert done.goods == ((4, 3, 2, 1), (4, 3, 2, 1))  # the user's warehouse moved, not the owner's
    assert done.owner[BUILDING_INDEX["wood_company"]] == 0
    assert done.placed[BUILDING_INDEX["wood_company"]] == done.round  # owner's sector 0
    # the user owns nothing, so the turn ended at once
    assert done.current_player == 0
    assert "use wood_company" not in legal(done)


def test_using_an_opponents_building_in_4_plus_gives_the_bonus_to_the_user() -> None:
    done = use("shipping_line", "4+", goods=START, owner=1, player=0, francs=1)
    assert done.francs == (1 - 1 + 12 + 1, 3 + 1)


def test_using_an_opponents_building_needs_a_franc_for_the_fee() -> None:
    state = setup("shipping_line", "4+", owner=1, player=0, francs=0)
    assert "use shipping_line" not in legal(state)
    with pytest.raises(IllegalActionError, match="costs 1 Franc: you have 0"):
        apply(state, parse_action(state, "use shipping_line"))
    # one's own building needs no Franc
    own = setup("shipping_line", "4+", owner=0, player=0, francs=0)
    assert play(own, "use shipping_line").francs[0] == 13


def test_sector_0_buildings_cannot_be_used() -> None:
    for owner in (0, 1):
        state = setup("shipping_line", "0", owner=owner, player=0)
        assert "use shipping_line" not in legal(state)
        with pytest.raises(IllegalActionError, match="is in sector 0 and cannot be used this round"):
            apply(state, parse_action(state, "use shipping_line"))


def test_a_building_just_used_is_in_sector_0_for_the_other_player() -> None:
    state = play(setup("grocery_store", "2", player=0), "use grocery_store; end")
    assert state.current_player == 1
    assert "use grocery_store" not in legal(state)


def test_sector_values_follow_the_wheel_from_the_round_placed() -> None:
    # Built in round A: B sector 2, C sector 3, D sector 4, E "4+" (the Grocery Store shows it:
    # 2, 3, 4 Francs, then 4 + 1). At the end of E it is force-sold (test_forced_sale_at_round_end).
    earned = []
    for round_ in range(1, 5):
        seat = round_ % 2  # the starting player of the round, with player 0 on the A-F board
        state = position(round=round_, built={"grocery_store": (seat, 0)}, first_player=0, player=seat)
        earned.append(play(state, "use grocery_store").francs[seat] - 3)
    assert earned == [2, 3, 4, 5]


def test_sell_before_the_main_action_for_half_value() -> None:
    state = setup("hardware_store", "2", francs=0)
    assert "sell hardware_store" in legal(state)
    sold = play(state, "sell hardware_store")
    assert sold.francs[0] == 6
    assert sold.owner[BUILDING_INDEX["hardware_store"]] == -1
    assert sold.decision == MainAction()  # the main action is still to come: "sell to afford"
    assert "build hardware_store" in legal(sold)  # back in the supply, buildable at once


def test_sell_after_the_main_action_for_half_value() -> None:
    state = play(setup("grocery_store", "2", francs=0), "use grocery_store")
    assert legal(state) == ["sell grocery_store", "end"]
    sold = play(state, "sell grocery_store")
    # the last own building sold: the turn ends by itself
    assert sold.francs[0] == 2 + 3
    assert sold.current_player == 1
    assert sold.owner[BUILDING_INDEX["grocery_store"]] == -1


def test_sold_building_can_be_built_again_by_either_player() -> None:
    state = position(round=2, built={"kiln": (0, 1), "bakehouse": (0, 2)}, goods={1: (4, 3, 2, 1)})
    state = play(state, "sell kiln; build wood_company; end")
    assert state.current_player == 1
    assert "build kiln" in legal(state)
    rebuilt = play(state, "build kiln")
    assert rebuilt.owner[BUILDING_INDEX["kiln"]] == 1


def test_selling_a_variable_value_building_gives_half_its_current_value_rounded_down() -> None:
    state = position(
        round=11, goods={0: (7, 3, 2, 1)}, francs={0: 0}, built={"fish_factory": (0, 9), "dock": (0, 11)}
    )
    state = play(state, "sell fish_factory")
    assert state.francs[0] == 3  # 7 // 2
    state = position(round=11, francs={0: 0}, built={"grain_silo": (0, 10), "dock": (0, 11)})
    assert play(state, "sell dock").francs[0] == 5  # 10 // 2


def test_only_ones_own_buildings_can_be_sold() -> None:
    state = position(round=2, built={"kiln": (1, 1)})
    assert "sell kiln" not in legal(state)
    with pytest.raises(IllegalActionError, match="you may only sell your own buildings"):
        apply(state, parse_action(state, "sell kiln"))


def test_forced_sale_at_round_end() -> None:
    # Round E, last action: the Wood Company (4+) is idle and reaches the forced-sale sector;
    # the Kiln (4) only moves on to 4+; the opponent's idle Farmland (4+) is sold too.
    state = position(
        round=4,
        actions_left=1,
        built={"wood_company": (0, 0), "kiln": (0, 1), "farmland": (1, 0)},
        francs={0: 3, 1: 0},
    )
    state = play(state, "build clay_mound; end")
    assert state.round == 5
    assert state.current_player == 1
    assert state.owner[BUILDING_INDEX["wood_company"]] == -1
    assert state.owner[BUILDING_INDEX["farmland"]] == -1
    assert state.owner[BUILDING_INDEX["kiln"]] == 0
    assert state.francs == (0 + 5, 0 + 2)


def test_forced_sale_in_the_last_round() -> None:
    # Round L: buildings last placed in round H are in 4+; idle, they are sold as the game ends.
    state = position(
        round=11,
        actions_left=1,
        built={"business_office": (0, 7), "shipping_line": (1, 7), "masons_guild": (0, 8)},
        francs={0: 0, 1: 0},
    )
    over = play(state, "use masons_guild; end")
    assert over.current_player is None
    assert legal_actions(over) == []
    assert over.owner[BUILDING_INDEX["business_office"]] == -1
    assert over.owner[BUILDING_INDEX["shipping_line"]] == -1
    assert over.owner[BUILDING_INDEX["masons_guild"]] == 0
    assert over.francs == (15, 9)
    assert scores(over) == (15 + 20, 9)


def test_locked_buildings_are_never_force_sold() -> None:
    # Reachable: built in J and kept to the end.
    state = position(
        round=11,
        actions_left=1,
        built={"town_hall": (0, 9), "zoo": (1, 10)},
        goods={0: (0, 0, 0, 0)},
        francs={0: 0, 1: 0},
    )
    over = play(state, "pass; end")
    assert over.owner[BUILDING_INDEX["town_hall"]] == 0
    assert over.owner[BUILDING_INDEX["zoo"]] == 1
    assert scores(over) == (26, 20)
    # Beyond reach (no locked tile enters before J), but the rule holds: kept off the wheel.
    old = position(round=4, actions_left=1, goods={0: (0, 0, 0, 0)}, francs={0: 0})
    old = attrs.evolve(old, owner=state.owner)
    old = attrs.evolve(old, placed=tuple(0 for _ in old.placed))
    kept = play(old, "pass; end")
    assert kept.owner[BUILDING_INDEX["town_hall"]] == 0


def test_pass_only_when_nothing_can_be_built_or_used() -> None:
    broke = position(round=0, goods={0: (0, 0, 0, 0)}, francs={0: 0})
    assert legal(broke) == ["pass"]
    after = play(broke, "pass")
    assert after.current_player == 1
    assert after.actions_left == 2
    rich = position(round=0)
    with pytest.raises(
        IllegalActionError, match="pass is allowed only when no building can be built or used"
    ):
        apply(rich, parse_action(rich, "pass"))


# -- refused actions: the message names the rule; the state is untouched ----------------------
def _after_main() -> State:
    return play(position(round=0), "build wood_company")


def _choosing() -> State:
    return play(setup("hardware_store", "4", goods=(4, 3, 0, 1)), "use hardware_store")


def _paying() -> State:
    return play(position(round=0, goods={0: (4, 3, 8, 1)}), "build grocery_store")


def _over() -> State:
    return play(position(round=11, actions_left=1, goods={0: (0, 0, 0, 0)}, francs={0: 0}), "pass")


ILLEGAL = [
    (
        "not yet in play",
        lambda: position(round=0),
        "build kiln",
        "Kiln enters the game in round B, this is round A",
    ),
    (
        "already built",
        lambda: position(round=1, built={"kiln": (1, 1)}),
        "build kiln",
        "Kiln is already built by player 1",
    ),
    (
        "cannot afford",
        lambda: position(round=0, goods={0: (4, 1, 2, 1)}),
        "build wood_company",
        "Wood Company costs 2 Clay: you have 2 Wood, 1 Clay",
    ),
    (
        "food short",
        lambda: position(round=3, goods={0: (4, 3, 2, 1)}),
        "build marketplace",
        "Marketplace costs 6 Food: you have 4 Fish \\+ 1 Grain",
    ),
    (
        "francs short",
        lambda: position(round=0, francs={0: 2}),
        "build clay_mound",
        "Clay Mound costs 3 Francs: you have 2 Francs",
    ),
    ("not built", lambda: position(round=0), "use wood_company", "Wood Company has not been built"),
    (
        "second main action",
        _after_main,
        "build farmland",
        "you have taken your main action this turn",
    ),
    ("pass after main", _after_main, "pass", "you have taken your main action this turn"),
    ("end first", lambda: position(round=0), "end", "take a main action first"),
    (
        "move unasked",
        lambda: position(round=0),
        "move W1",
        "no building is waiting for a choice or a payment",
    ),
    ("pay unasked", lambda: position(round=0), "pay W1", "no building is waiting"),
    ("end while choosing", _choosing, "end", "Hardware Store is waiting for a choice"),
    ("sell while choosing", _choosing, "sell hardware_store", "Hardware Store is waiting for a choice"),
    ("pay while choosing", _choosing, "pay W1", "Hardware Store is waiting for a choice"),
    (
        "wrong payment",
        _paying,
        "pay W1",
        "is not a way to pay for Grocery Store here \\(no change is given\\)",
    ),
    ("move while paying", _paying, "move W1", "Grocery Store is waiting for how to pay"),
    ("game over", _over, "pass", "the game is over"),
]


@pytest.mark.parametrize(
    ("make", "text", "message"), [case[1:] for case in ILLEGAL], ids=[c[0] for c in ILLEGAL]
)
def test_illegal_actions_name_the_rule_and_leave_the_state_unchanged(
    make: object, text: str, message: str
) -> None:
    state = make()  # type: ignore[operator]
    before = (hash(state), legal(state))
    snapshot = attrs.asdict(state, recurse=False)
    action = parse_action(state, text)
    assert action not in legal_actions(state)
    with pytest.raises(IllegalActionError, match=message):
        apply(state, action)
    assert (hash(state), legal(state)) == before
    assert attrs.asdict(state, recurse=False) == snapshot


def test_illegal_non_actions_and_unreadable_notation() -> None:
    state = position(round=0)
    with pytest.raises(IllegalActionError, match="not an Inland Port action"):
        apply(state, "build wood_company")
    with pytest.raises(IllegalActionError, match="there is no building called 'castle'"):
        apply(state, Build("castle"))
    with pytest.raises(IllegalActionError, match="no building is called 'castle'"):
        parse_action(state, "build castle")
    with pytest.raises(
        IllegalActionError, match="'wood' is ambiguous: it could be wood_company, wood_factory, wood_trader"
    ):
        parse_action(state, "build wood")
    with pytest.raises(IllegalActionError, match="cannot read 'X2'"):
        parse_action(state, "move X2")
    with pytest.raises(IllegalActionError, match="W is given twice"):
        parse_action(state, "pay W1 W2")
    with pytest.raises(IllegalActionError, match="times: write a number"):
        parse_action(state, "times two")
    with pytest.raises(IllegalActionError, match="empty action text"):
        parse_action(state, "  ")
    with pytest.raises(IllegalActionError, match="cannot read 'fly' as an Inland Port action"):
        parse_action(state, "fly kiln")


def test_unreadable_times_count_is_an_illegal_action_error() -> None:
    state = position(round=0)
    with pytest.raises(IllegalActionError, match="times: write a number"):
        parse_action(state, "times ²")
