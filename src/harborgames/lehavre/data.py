"""Le Havre's component tables: the 69 buildings and the rule options here, and every other table
re-exported from the file named after it (``goods.py``: goods and Francs; ``rounds.py``: variants,
offer spaces, supply tiles, each player's start and loans, ships and round cards), so that the
rules read every table from ``data``.

Tables only, no game flow. Each is written to be held line by line next to its source: the
rulebook (seed 003, authoritative) and, where it prints no table, the researched tables in
docs/rules/reference-lehavre.md (cited as "ref §n"). Where they disagree, these tables hold the
rulebook's reading and ``readings.SOURCE_READINGS`` the sources'. No value is a STAND-IN.

>>> [card.card for card in round_cards(2, SHORT)]
['R02', 'R05', 'R07', 'R10', 'R11', 'R14', 'R16', 'R20']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs

from ..core.options import option, options_of
from .card_texts import NAME_AND_TEXT
from .goods import (
    BREAD,
    BRICK,
    CATTLE,
    CHARCOAL,
    CLAY,
    COAL,
    COKE,
    ENERGY_VALUE,
    FISH,
    FOOD_VALUE,
    FRANC,
    GOODS,
    GRAIN,
    HIDES,
    IRON,
    LEATHER,
    MEAT,
    NUM_TOKEN_KINDS,
    SHIPPING_FRANCS,
    SMOKED_FISH,
    STANDARD_FORM,
    STANDARD_GOODS,
    STEEL,
    SUBSTITUTE,
    TOKEN_INDEX,
    TOKEN_KINDS,
    TOKEN_LETTERS,
    TOKEN_NAMES,
    UPGRADE_OFFSET,
    UPGRADED_FORM,
    UPGRADED_GOODS,
    WOOD,
    token_counts,
)
from .rounds import (
    ALL_COUNTS,
    FOOD_DEMANDS,
    FULL,
    INTEREST,
    IRON_SHIP,
    LOAN_CARDS,
    LOAN_FRANCS,
    LOAN_PENALTY,
    LOAN_REPAYMENT,
    LUXURY_LINER,
    MODERNISE_BRICK,
    NO_BUILD,
    NUM_ROUNDS,
    OFFER_SPACES,
    PLAYER_COUNTS,
    ROUND_CARD_INDEX,
    ROUND_CARDS,
    ROUND_CARDS_FOR,
    SHIP_ENERGY,
    SHIP_FOOD,
    SHIP_NAMES,
    SHIP_TYPES,
    SHORT,
    SPECIAL_BUILD,
    STANDARD_BUILD,
    START_OFFER,
    START_STOCK,
    STARTING_SHIPS,
    STEEL_SHIP,
    SUPPLY_TILES,
    TOWN_BUILD_NAMES,
    TURNS_PER_ROUND,
    VARIANTS,
    WOODEN_SHIP,
    BuildCost,
    RoundCard,
    ShipType,
    SupplyTile,
    check_configuration,
    cost,
    food_sequence,
    round_cards,
)

__all__ = [
    "ALL_COUNTS",
    "BREAD",
    "BRICK",
    "BUILDINGS",
    "BUILDING_INDEX",
    "BUILDING_TYPE_NAMES",
    "CATTLE",
    "CHARCOAL",
    "CLAY",
    "COAL",
    "COKE",
    "CRAFTSMAN",
    "ECONOMIC",
    "ENERGY_VALUE",
    "FISH",
    "FOOD_DEMANDS",
    "FOOD_VALUE",
    "FRANC",
    "FREE",
    "FULL",
    "GOODS",
    "GRAIN",
    "HIDES",
    "INDUSTRIAL",
    "INTEREST",
    "IRON",
    "IRON_SHIP",
    "LEATHER",
    "LOAN_CARDS",
    "LOAN_FRANCS",
    "LOAN_PENALTY",
    "LOAN_REPAYMENT",
    "LUXURY_LINER",
    "MEAT",
    "MODERNISE_BRICK",
    "NON_BUILDING",
    "NO_ACTION",
    "NO_BUILD",
    "NUM_BUILDINGS",
    "NUM_ROUNDS",
    "NUM_TOKEN_KINDS",
    "OFFER_SPACES",
    "OPTIONS",
    "PLAYER_COUNTS",
    "PROPOSAL_PILES",
    "PUBLIC",
    "ROUND_CARDS",
    "ROUND_CARDS_FOR",
    "ROUND_CARD_INDEX",
    "SHIP",
    "SHIPPING_FRANCS",
    "SHIP_ENERGY",
    "SHIP_FOOD",
    "SHIP_NAMES",
    "SHIP_TYPES",
    "SHORT",
    "SMOKED_FISH",
    "SOLO_REMOVED_SPECIALS",
    "SPECIAL_BUILD",
    "SPECIAL_BUILDINGS",
    "SPECIAL_DEALT",
    "STANDARD_BUILD",
    "STANDARD_BUILDINGS",
    "STANDARD_FORM",
    "STANDARD_GOODS",
    "STARTING_SHIPS",
    "START_OFFER",
    "START_STOCK",
    "STEEL",
    "STEEL_SHIP",
    "SUBSTITUTE",
    "SUPPLY_TILES",
    "TOKEN_INDEX",
    "TOKEN_KINDS",
    "TOKEN_LETTERS",
    "TOKEN_NAMES",
    "TOWN_BUILD_NAMES",
    "TOWN_START",
    "TURNS_PER_ROUND",
    "UPGRADED_FORM",
    "UPGRADED_GOODS",
    "UPGRADE_OFFSET",
    "VARIANTS",
    "WOOD",
    "WOODEN_SHIP",
    "BuildCost",
    "Building",
    "EntryFee",
    "RoundCard",
    "Rules",
    "ShipType",
    "SupplyTile",
    "check_configuration",
    "cost",
    "fee",
    "food_sequence",
    "proposal_buildings",
    "round_cards",
    "token_counts",
    "town_start_buildings",
]


# -- buildings ----------------------------------------------------------------------------------
# Building types (rulebook, The Buildings): the icon on the card. Non-buildings (Marketplace, Clay
# Mound, Black Market, ...) have none; the Luxury Yacht is a ship card among the special buildings.
CRAFTSMAN, ECONOMIC, INDUSTRIAL, PUBLIC, NON_BUILDING, SHIP = 0, 1, 2, 3, 4, 5
BUILDING_TYPE_NAMES = ("craftsman's", "economic", "industrial", "public", "non-building", "ship")


@attrs.frozen
class EntryFee:
    """Paid to the owner (to the Treasury if the town owns it) before entering; owners enter free.

    With both amounts set the card shows "food / Francs" and the visitor pays one of the two.
    Food may always be paid in Francs 1:1, never the reverse (rulebook, Entry Fee).
    """

    food: int = 0
    francs: int = 0

    def __str__(self) -> str:
        parts = [f"{self.food} food"] * bool(self.food)
        parts += [f"{self.francs} Franc{'s' * (self.francs != 1)}"] * bool(self.francs)
        return " / ".join(parts) or "—"


FREE = EntryFee()
NO_ACTION = None  # in a row below: the card has a padlock, no action, and cannot be entered


def fee(food: int = 0, francs: int = 0) -> EntryFee:
    return EntryFee(food, francs)


@attrs.frozen
class Building:
    id: str  # the rulebook's name in snake_case (the notation name)
    name: str  # the rulebook's name
    special: bool  # a special building (anchor symbol) rather than a standard one
    sort: int | None  # sort order number; None: a start building or a special building without one
    type: int  # CRAFTSMAN .. SHIP
    hammers: int  # hammer symbols (Clay Mound, Colliery, Labor Exchange, ...)
    fishermen: int  # fisherman symbols (Fishery, Labor Exchange, ...)
    cost: BuildCost | None  # goods to build it; None: cannot be built (only bought or owned)
    price: int | None  # Francs to buy it from the town (the value unless a "Cost" is printed); None: never
    value: int  # counted in the player's wealth; sold to the town for half, rounded down
    fee: EntryFee  # FREE for a locked building too
    locked: bool  # padlock: no action, cannot be entered
    bonus: bool  # a "+" building: adds value at game end from other holdings
    town_start: bool = False  # owned by the town at the start of every game
    full_players: tuple[int, ...] = ()  # full game: player counts whose proposal piles hold it
    short_players: tuple[int, ...] = ()  # shortened game: the same
    short_start_players: tuple[int, ...] = ()  # shortened game: "Start" — joins the town at setup
    expansion_only: bool = False  # listed by the rulebook but "appears only in an expansion"
    text: str = ""  # the card's function as the rulebook states it


_Row = tuple[str, int | None, int, int, int, BuildCost | None, int | None, int, EntryFee | None]
C, E, I, P, N, S = CRAFTSMAN, ECONOMIC, INDUSTRIAL, PUBLIC, NON_BUILDING, SHIP  # noqa: E741

# Standard buildings (rulebook, Standard Buildings (33); ref §5): three start buildings, then sort
# order 01..30 with the Wharf twice (12 and 17). Build cost, price, value, entry fee, symbols and
# type are the rulebook's, = Kobiela and marvelmagnum (confirmed (2)), except three disputed values
# where the rulebook's reading is kept and SOURCE_READINGS has the other: the Hardware Store's type,
# the Arts Center's cost and the Ironworks' cost.
# T: type (C craftsman's, E economic, I industrial, P public, N none, S ship); H, F: hammer and
# fisherman symbols; build cost None: cannot be built; buy: price in Francs (None: cannot be
# bought); val: value; entry fee NO_ACTION: padlock, the card cannot be entered.
#    id                       sort  T  H  F  build cost                     buy   val entry fee
_STANDARD_ROWS: tuple[_Row, ...] = (
    ("building_firm_1", None, C, 1, 0, None, 4, 4, FREE),
    ("building_firm_2", None, C, 1, 0, None, 6, 6, fee(food=1)),
    ("construction_firm", None, I, 1, 0, None, 8, 8, fee(food=2)),
    ("marketplace", 1, N, 0, 0, cost(wood=2), 6, 6, fee(food=2, francs=1)),
    ("sawmill", 2, I, 0, 0, cost(clay=1, iron=1), 14, 14, FREE),
    ("fishery", 3, C, 0, 1, cost(wood=1, clay=1), 10, 10, FREE),
    ("joinery", 4, C, 1, 0, cost(wood=3), 8, 8, fee(food=1)),
    ("bakehouse", 5, C, 0, 0, cost(clay=2), 8, 8, fee(food=1)),
    ("hardware_store", 6, C, 1, 1, cost(wood=3, clay=1), 8, 8, fee(food=1)),
    ("charcoal_kiln", 7, C, 0, 0, cost(clay=1), 8, 8, FREE),
    ("smokehouse", 8, C, 0, 1, cost(wood=2, clay=1), 6, 6, fee(food=2, francs=1)),
    ("abattoir", 9, C, 0, 0, cost(wood=1, clay=1, iron=1), 8, 8, fee(francs=2)),
    ("clay_mound", 10, N, 0, 0, None, 2, 2, fee(food=1)),
    ("arts_center", 11, P, 0, 1, cost(wood=1, clay=1), 10, 10, fee(food=1)),
    ("wharf_1", 12, I, 0, 0, cost(wood=2, clay=2, iron=2), 14, 14, fee(food=2)),
    ("black_market", 13, N, 0, 0, None, 2, 2, fee(food=1)),
    ("brickworks", 14, I, 0, 0, cost(wood=2, clay=1, iron=1), 14, 14, fee(food=1)),
    ("local_court", 15, P, 0, 0, cost(wood=3, clay=2), 16, 16, FREE),
    ("colliery", 16, I, 0, 0, cost(wood=1, clay=3), 10, 10, fee(food=2)),
    ("wharf_2", 17, I, 0, 0, cost(wood=2, clay=2, iron=2), 14, 14, fee(food=2)),
    ("shipping_line", 18, E, 0, 1, cost(wood=2, brick=3), 10, 10, fee(food=2)),
    ("grocery_market", 19, E, 0, 0, cost(wood=1, brick=1), 10, 10, fee(francs=1)),
    ("tannery", 20, C, 0, 0, cost(wood=1, brick=1), 12, 12, FREE),
    ("business_office", 21, E, 1, 1, cost(wood=4, clay=1), 12, 12, fee(francs=1)),
    ("ironworks", 22, I, 1, 0, cost(wood=1, brick=2), 12, 12, fee(food=3, francs=1)),
    ("steel_mill", 23, I, 0, 0, cost(brick=4, iron=2), 22, 22, fee(francs=2)),
    ("storehouse", 24, E, 1, 0, cost(wood=2, brick=2), 10, 4, NO_ACTION),
    ("cokery", 25, I, 0, 0, cost(brick=2, iron=2), 18, 18, fee(francs=1)),
    ("dock", 26, I, 0, 0, cost(wood=1, brick=2, iron=2), 24, 10, NO_ACTION),
    ("bridge_over_the_seine", 27, N, 0, 0, cost(iron=3), 16, 16, fee(francs=2)),
    ("town_hall", 28, P, 0, 0, cost(wood=4, brick=3), 30, 6, NO_ACTION),
    ("bank", 29, E, 0, 0, cost(brick=4, steel=1), 40, 16, NO_ACTION),
    ("church", 30, P, 0, 0, cost(wood=5, brick=3, iron=1), None, 26, FREE),
)

# Special buildings (rulebook, Special Buildings (36), in its order; ref §6). Type, symbols, price,
# value and entry fee: the rulebook, = Kobiela (single source). Only the Football Stadium can be
# built, and only it has a sort number. A printed "cost N" is the price; otherwise price = value.
#    id                         sort  T  H  F  build cost                     buy val entry fee
_SPECIAL_ROWS: tuple[_Row, ...] = (
    ("baguette_shop", None, E, 0, 0, None, 4, 4, fee(food=1)),
    ("bakery", None, E, 0, 0, None, 6, 6, fee(food=1)),
    ("brick_manufacturer", None, I, 1, 0, None, 8, 8, fee(food=2)),
    ("business_park", None, N, 1, 0, None, 12, 10, NO_ACTION),
    ("clothing_industry", None, I, 0, 0, None, 8, 8, fee(food=2, francs=1)),
    ("coal_trader", None, E, 0, 0, None, 4, 4, fee(food=1)),
    ("diner", None, E, 0, 1, None, 6, 6, fee(food=1)),
    ("farm", None, E, 0, 1, None, 8, 8, fee(francs=1)),
    ("feedlot", None, E, 0, 0, None, 8, 6, NO_ACTION),
    ("fish_market", None, E, 0, 1, None, 4, 4, fee(food=1)),
    ("fish_restaurant", None, E, 0, 1, None, 6, 6, fee(food=1)),
    ("fishpond_and_wood", None, N, 0, 1, None, 4, 4, fee(food=1)),
    ("football_stadium", 31, P, 0, 0, cost(wood=1, brick=2, iron=2), 24, 24, NO_ACTION),
    ("forest_hut", None, E, 0, 1, None, 4, 4, fee(food=1)),
    ("furniture_factory", None, I, 1, 0, None, 8, 8, fee(food=2)),
    ("furriery", None, C, 0, 0, None, 6, 6, fee(food=1)),
    ("guildhouse", None, E, 1, 1, None, 8, 4, NO_ACTION),
    ("harbor_watch", None, P, 0, 0, None, 6, 6, fee(food=1)),
    ("haulage_firm", None, E, 0, 0, None, 6, 6, fee(food=1)),
    ("hunting_lodge", None, C, 1, 2, None, 6, 6, fee(food=1)),
    ("iron_mine_and_coal_seam", None, N, 1, 0, None, 6, 6, fee(food=1)),
    ("kiln", None, C, 0, 0, None, 6, 6, fee(food=1)),
    ("labor_exchange", None, P, 0, 1, None, 6, 6, FREE),
    ("leather_industry", None, I, 0, 0, None, 8, 8, fee(food=2)),
    ("luxury_yacht", None, S, 0, 1, None, 20, 20, NO_ACTION),
    ("masons_guild", None, C, 1, 0, None, 10, 8, NO_ACTION),
    ("patisserie", None, E, 0, 0, None, 6, 6, fee(food=1)),
    ("plant_nursery", None, C, 1, 0, None, 6, 6, fee(food=1)),
    ("schnaps_distillery", None, C, 0, 0, None, 6, 6, fee(food=1)),
    ("smelter", None, I, 0, 0, None, 10, 10, fee(francs=2)),
    ("steakhouse", None, E, 0, 0, None, 6, 6, fee(food=1)),
    ("steelworks", None, I, 1, 0, None, 8, 8, fee(food=2, francs=1)),
    ("tavern", None, E, 0, 1, None, 4, 4, FREE),
    ("town_square", None, N, 0, 0, None, 6, 6, fee(francs=1)),
    ("wind_farm", None, N, 0, 0, None, 12, 8, NO_ACTION),
    ("zoo", None, P, 0, 1, None, 8, 8, fee(francs=1)),
)
del C, E, I, P, N, S

# Which player counts use each standard building ("the table on the back of each Standard building
# card", rulebook, Setup 11; ref §5). Full game: confirmed (2) (Kobiela, marvelmagnum); the rulebook
# adds: Arts Center, Storehouse, Dock "4+ players only", Local Court "3+ players only (shortened:
# 5 players only)". Shortened game and its "Start" cards, which the rulebook mentions but does not
# list: Kobiela only, confirmed for 2 players by the Spanish 2p expert system.
#                            full game       shortened game   shortened: "Start" (joins the town)
_USE: Mapping[str, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {
    "building_firm_1": (ALL_COUNTS, ALL_COUNTS, ()),
    "building_firm_2": (ALL_COUNTS, ALL_COUNTS, ()),
    "construction_firm": (ALL_COUNTS, ALL_COUNTS, ()),
    "marketplace": (ALL_COUNTS, (3, 4, 5), (1, 2)),
    "sawmill": ((3, 4, 5), (), (1, 4, 5)),
    "fishery": (ALL_COUNTS, ALL_COUNTS, ()),
    "joinery": ((3, 4, 5), (3, 4, 5), ()),
    "bakehouse": (ALL_COUNTS, ALL_COUNTS, ()),
    "hardware_store": ((3, 4, 5), (3, 4, 5), ()),
    "charcoal_kiln": (ALL_COUNTS, (2, 3, 4, 5), ()),
    "smokehouse": (ALL_COUNTS, ALL_COUNTS, ()),
    "abattoir": (ALL_COUNTS, ALL_COUNTS, ()),
    "clay_mound": (ALL_COUNTS, ALL_COUNTS, ()),
    "arts_center": ((4, 5), (), ()),
    "wharf_1": (ALL_COUNTS, ALL_COUNTS, ()),
    "black_market": ((3, 4, 5), (), (1,)),
    "brickworks": (ALL_COUNTS, ALL_COUNTS, ()),
    "local_court": ((3, 4, 5), (5,), ()),
    "colliery": (ALL_COUNTS, ALL_COUNTS, ()),
    "wharf_2": ((3, 4, 5), (3, 4, 5), ()),
    "shipping_line": (ALL_COUNTS, ALL_COUNTS, ()),
    "grocery_market": ((3, 4, 5), (5,), ()),
    "tannery": (ALL_COUNTS, ALL_COUNTS, ()),
    "business_office": ((3, 4, 5), (3, 4, 5), ()),
    "ironworks": (ALL_COUNTS, ALL_COUNTS, ()),
    "steel_mill": (ALL_COUNTS, ALL_COUNTS, ()),
    "storehouse": ((4, 5), (5,), ()),
    "cokery": (ALL_COUNTS, (2, 3, 4, 5), ()),
    "dock": ((4, 5), (5,), ()),
    "bridge_over_the_seine": ((3, 4, 5), (3, 4, 5), ()),
    "town_hall": ((2, 3, 4, 5), (5,), ()),
    "bank": ((2, 3, 4, 5), (2, 3, 4, 5), ()),
    "church": ((2, 3, 4, 5), (5,), ()),
}
TOWN_START = ("building_firm_1", "building_firm_2", "construction_firm")  # rulebook, Setup 10
# "+" buildings: the rulebook's "additional value of buildings with a plus symbol (e.g. the Bank)";
# these are the cards whose text adds value at game end (= Kobiela's bonus flag).
_BONUS = ("storehouse", "dock", "town_hall", "bank", "business_park", "guildhouse")
# The rulebook lists the Harbor Watch among the 36 but adds "(Appears only in an expansion.)": it
# stays in the table, flagged, and by default is not shuffled into the special deck (ref §8.5
# doubts the remark; SOURCE_READINGS).
_EXPANSION_ONLY = ("harbor_watch",)


def _building(row: _Row, special: bool) -> Building:
    key, sort, kind, hammers, fishermen, build_cost, price, value, entry = row
    name, text = NAME_AND_TEXT[key]
    full, short, short_start = _USE.get(key, ((), (), ()))
    return Building(
        key,
        name,
        special,
        sort,
        kind,
        hammers,
        fishermen,
        build_cost,
        price,
        value,
        fee=FREE if entry is None else entry,
        locked=entry is None,
        bonus=key in _BONUS,
        town_start=key in TOWN_START,
        full_players=full,
        short_players=short,
        short_start_players=short_start,
        expansion_only=key in _EXPANSION_ONLY,
        text=text,
    )


STANDARD_BUILDINGS = tuple(_building(row, special=False) for row in _STANDARD_ROWS)
SPECIAL_BUILDINGS = tuple(_building(row, special=True) for row in _SPECIAL_ROWS)
BUILDINGS = STANDARD_BUILDINGS + SPECIAL_BUILDINGS
BUILDING_INDEX = {building.id: i for i, building in enumerate(BUILDINGS)}
NUM_BUILDINGS = len(BUILDINGS)
assert len(STANDARD_BUILDINGS) == 33 and len(SPECIAL_BUILDINGS) == 36  # rulebook, The Buildings
assert len(BUILDING_INDEX) == NUM_BUILDINGS and set(NAME_AND_TEXT) == set(BUILDING_INDEX)
assert set(_USE) == {b.id for b in STANDARD_BUILDINGS}

PROPOSAL_PILES = 3  # the standard buildings are dealt into three equal piles (rulebook, Setup 12)
SPECIAL_DEALT = 6  # face down on the Special buildings space; the rest go back to the box (Setup 8)
# Solo: Kobiela removes the Harbor Watch from the special deck (it acts on other players); ref §6.
SOLO_REMOVED_SPECIALS = ("harbor_watch",)


def town_start_buildings(num_players: int, variant: str) -> tuple[Building, ...]:
    """The buildings the town owns at setup: the three start buildings, plus the shortened game's
    "Start" cards for this player count (rulebook, Setup 10 and 11)."""
    check_configuration(num_players, variant)
    return tuple(
        b
        for b in STANDARD_BUILDINGS
        if b.town_start or (variant == SHORT and num_players in b.short_start_players)
    )


def proposal_buildings(num_players: int, variant: str) -> tuple[Building, ...]:
    """The standard buildings shuffled into the three Building Proposal piles (rulebook, Setup 11)."""
    check_configuration(num_players, variant)
    return tuple(
        b
        for b in STANDARD_BUILDINGS
        if not b.town_start and num_players in (b.full_players if variant == FULL else b.short_players)
    )


# -- the rule options ----------------------------------------------------------------------------
@attrs.frozen(slots=True, weakref_slot=False)
class Rules:
    """The variant and rule options a game was started with (shared by all its states).

    Each option's first value is the default: the rulebook's reading; the other is the sources'
    reading where they disagree (docs/rules/lehavre.md, "Rule options").
    """

    variant: str  # "short" or "full"
    # Ironworks build cost: the rulebook's 1 wood + 2 brick, or the sources' 3 wood + 2 brick.
    ironworks_cost: Literal["rulebook", "sources"] = option("rulebook", "sources")
    # Arts Center build cost: the rulebook's 1 wood + 1 clay, or Kobiela's 1 wood + 2 clay.
    arts_center_cost: Literal["rulebook", "sources"] = option("rulebook", "sources")
    # Hardware Store type: the rulebook's craftsman's building, or Kobiela's economic building.
    hardware_store_type: Literal["rulebook", "sources"] = option("rulebook", "sources")
    # Solo short game: no starting ship (the rulebook names starting ships for 2 players only),
    # or Kobiela's: the solo player has R01's ship and R03's ship starts on the wooden pile.
    solo_starting_ship: Literal["rulebook", "sources"] = option("rulebook", "sources")
    # Full game. Diner: the rulebook's up to 3 sets for 8 Francs, or Kobiela's up to 6 for 3.
    diner: Literal["rulebook", "sources"] = option("rulebook", "sources")
    # Coal Trader: the rulebook's one exchange (1 food for a charcoal, or 2 food for a coal), or
    # Kobiela's both in one visit (at most 1 charcoal and at most 5 coal).
    coal_trader: Literal["rulebook", "sources"] = option("rulebook", "sources")
    # Harbor Watch: the rulebook's "appears only in an expansion" (not in the special deck), or the
    # sources' reading that it is one of the 36 base cards.
    harbor_watch: Literal["rulebook", "sources"] = option("rulebook", "sources")
    # "Brick can be used as clay", "steel can be used as iron" (Components): wherever clay or iron
    # is paid (the Kiln, the Steelworks, as for building costs), or for building costs only.
    substitutes: Literal["everywhere", "building_costs"] = option("everywhere", "building_costs")
    # Haulage Firm ("take goods from two adjacent Offer spaces"): both spaces must hold goods, or
    # one is enough.
    haulage_firm: Literal["both_spaces", "either_space"] = option("both_spaces", "either_space")
    # "A player entering a building must carry out its action": a visit that would yield nothing
    # (the Zoo for 0 Francs, the Arts Center with no guest, the Black Market with no empty Offer
    # space, the Labor Exchange without symbols) is not offered, or is allowed.
    empty_visits: Literal["refused", "allowed"] = option("refused", "allowed")
    # Business Office: the single exchange takes a good held on entering (not the steel just
    # received), or any good held then, that steel too.
    business_office: Literal["goods_held", "steel_received_too"] = option("goods_held", "steel_received_too")
    # Solo Marketplace: at most 8 goods (the rulebook's cap at every player count), or Kobiela's 4.
    solo_marketplace: Literal["rulebook", "sources"] = option("rulebook", "sources")


OPTIONS = options_of(Rules)
