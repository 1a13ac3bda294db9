"""The Inland Port's component tables: goods, warehouse size, rounds, the wheel and the 31 buildings.

Each row reads like the rulebook's Building Index (seed 000), so it can be checked line by line.
Values the rulebooks leave out are marked STAND-IN; they live only here (see docs/rules/inland_port.md).
"""

from __future__ import annotations

from typing import Literal

import attrs

from ..core.options import option, options_of

# -- goods ------------------------------------------------------------------------------------
FISH, CLAY, WOOD, GRAIN = 0, 1, 2, 3
GOODS = (FISH, CLAY, WOOD, GRAIN)
GOOD_NAMES = ("fish", "clay", "wood", "grain")
GOOD_LETTERS = ("F", "C", "W", "G")
FOOD = (FISH, GRAIN)  # food is any mix of fish and grain

# -- the warehouse ----------------------------------------------------------------------------
# A marker's square is (row value, column); it holds row value + column goods. Columns are worth
# 0, 1, 2 and rows step by 3, so every count has exactly one square: the count *is* the square.
COLUMNS = 3
# STAND-IN: the printed number of rows was not found (reference §3.1). Rows 0..15 are assumed;
# the rules only need a marker to reach 8 (Town Hall). Change it here and nowhere else.
WAREHOUSE_TOP_ROW_VALUE = 15
TOP_ROW = WAREHOUSE_TOP_ROW_VALUE // 3
MAX_GOODS = WAREHOUSE_TOP_ROW_VALUE + COLUMNS - 1

START_GOODS = (4, 3, 2, 1)  # fish, clay, wood, grain
START_FRANCS = 3

# -- rounds -----------------------------------------------------------------------------------
ROUND_LETTERS = "ABCDEFGHIJKL"
ROUND_ACTIONS = (3, 3, 3, 5, 5, 5, 7, 7, 7, 9, 9, 9)  # both players' actions together; 72 in all
NUM_ROUNDS = len(ROUND_ACTIONS)

# -- the wheel --------------------------------------------------------------------------------
# Rounds since a building was built or last used -> applications of its main effect.
# 0 rounds: sector 0 (unusable); 1..4: sectors 2, 3, 4, 4+; 5: the forced-sale sector.
SECTOR_APPLICATIONS = (0, 2, 3, 4, 4)
BONUS_SECTOR = 4  # "4+": the user also collects 1 Franc
FORCED_SALE_AGE = 5
SECTOR_LABELS = ("0", "2", "3", "4", "4+")

# -- buildings --------------------------------------------------------------------------------
WOOD_CLAY, FOOD_COST, FRANCS_COST = "wood_clay", "food", "francs"


@attrs.frozen
class Cost:
    kind: str  # WOOD_CLAY, FOOD_COST or FRANCS_COST
    wood: int = 0
    clay: int = 0
    amount: int = 0  # food or Francs

    def __str__(self) -> str:
        if self.kind == WOOD_CLAY:
            parts = [f"{self.wood} Wood"] * bool(self.wood) + [f"{self.clay} Clay"] * bool(self.clay)
            return " + ".join(parts)
        if self.kind == FOOD_COST:
            return f"{self.amount} Food"
        return f"{self.amount} Franc{'s' if self.amount != 1 else ''}"


def wood_clay(wood: int = 0, clay: int = 0) -> Cost:
    return Cost(WOOD_CLAY, wood=wood, clay=clay)


def food(amount: int) -> Cost:
    return Cost(FOOD_COST, amount=amount)


def francs(amount: int) -> Cost:
    return Cost(FRANCS_COST, amount=amount)


@attrs.frozen
class Building:
    id: str  # notation name (``build wood_company``), the key of ``BUILDING_INDEX`` and ``EFFECTS``
    name: str  # the rulebook's name
    letter: str  # the round it enters
    cost: Cost
    value: int | None  # None: the value depends on the end position (factories, Dock)
    locked: bool = False  # no function; kept off the wheel
    anchor: bool = False  # counts for the Dock

    @property
    def round(self) -> int:
        return ROUND_LETTERS.index(self.letter)


B = Building
BUILDINGS: tuple[Building, ...] = (
    B("wood_company", "Wood Company", "A", wood_clay(clay=2), 10),
    B("farmland", "Farmland", "A", francs(1), 4),
    B("clay_mound", "Clay Mound", "A", francs(3), 6),
    B("grocery_store", "Grocery Store", "A", wood_clay(wood=2), 6),
    B("hardware_store", "Hardware Store", "A", wood_clay(wood=1, clay=2), 12),
    B("farm", "Farm", "B", wood_clay(wood=2, clay=2), 12),
    B("kiln", "Kiln", "B", wood_clay(wood=1, clay=1), 8),
    B("smokehouse", "Smokehouse", "B", wood_clay(clay=1), 8),
    B("bakehouse", "Bakehouse", "C", wood_clay(clay=2), 10),
    B("wood_trader", "Wood Trader", "C", wood_clay(wood=1), 8),
    B("restaurant", "Restaurant", "D", wood_clay(wood=1, clay=1), 8),
    B("marketplace", "Marketplace", "D", food(6), 10),
    B("fish_market", "Fish Market", "E", wood_clay(wood=3), 10),
    B("sawmill", "Sawmill", "E", wood_clay(clay=4), 16),
    B("building_firm", "Building Firm", "F", wood_clay(wood=2, clay=3), 16),
    B("church_square", "Church Square", "F", food(8), 14),
    B("weekly_market", "Weekly Market", "G", food(10), 16),
    B("masons_guild", "Masons' Guild", "G", wood_clay(wood=6, clay=3), 20),
    B("business_office", "Business Office", "H", wood_clay(wood=7, clay=5), 30),
    B("shipping_line", "Shipping Line", "H", wood_clay(wood=3, clay=6), 18),
    B("guild_hall", "Guild Hall", "I", wood_clay(wood=5, clay=2), 16),
    B("pier", "Pier", "I", francs(10), 22),
    B("craftsmens_yard", "Craftsmen's Yard", "J", food(12), 16),
    B("fish_factory", "Fish Factory", "J", wood_clay(wood=1, clay=2), None, locked=True, anchor=True),
    B("town_hall", "Town Hall", "J", wood_clay(wood=8, clay=8), 26, locked=True),
    B("zoo", "Zoo", "K", food(15), 20, locked=True),
    B("pont_de_normandie", "Pont de Normandie", "K", francs(30), 50, locked=True),
    B("grain_silo", "Grain Silo", "K", wood_clay(wood=3, clay=1), None, locked=True, anchor=True),
    B("wood_factory", "Wood Factory", "L", wood_clay(wood=3), None, locked=True, anchor=True),
    B("dock", "Dock", "L", francs(7), None, locked=True),
    B("brick_factory", "Brick Factory", "L", wood_clay(clay=3), None, locked=True, anchor=True),
)
del B

BUILDING_INDEX = {b.id: i for i, b in enumerate(BUILDINGS)}
NUM_BUILDINGS = len(BUILDINGS)
DOCK_PER_ANCHOR = 10
# The good counted by each factory at the end of the game.
FACTORY_GOOD = {"fish_factory": FISH, "grain_silo": GRAIN, "wood_factory": WOOD, "brick_factory": CLAY}

# -- rule options (where the rulebooks are silent or unclear; see docs/rules/inland_port.md) ---
# The values of the two options the warehouse's functions take (mypy checks they match the fields).
DiagonalEdge = Literal["step_lost", "per_axis"]
Overpay = Literal["minimal", "least_goods"]


@attrs.frozen
class Rules:
    """The rule options a game was started with; each field's first value is the default."""

    # a diagonal step whose target square is off the grid: lost entirely, or keep the in-bounds part
    diagonal_edge: Literal["step_lost", "per_axis"] = option("step_lost", "per_axis")
    # which payments are offered: every end position not dominated square-by-square ("minimal"),
    # or only those paying the least of the goods ("least_goods")
    overpay: Literal["minimal", "least_goods"] = option("minimal", "least_goods")
    # Wood Trader / Restaurant: one combined payment per use, or one payment per application
    effect_cost_payment: Literal["combined", "per_application"] = option("combined", "per_application")
    # every main effect but the four exchanges' (R13): applied all N times, or 1..N as the player chooses
    main_effect_applications: Literal["all", "up_to"] = option("all", "up_to")


OPTIONS = options_of(Rules)
