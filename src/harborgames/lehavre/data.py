"""Le Havre's component tables: goods, offer spaces, supply tiles, round cards, ships and buildings.

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

# -- goods and Francs ---------------------------------------------------------------------------
# Each goods token has a standard side and an upgraded side (rulebook, Setup 5): the upgraded
# good's index is the standard good's index + 8. Francs are not goods (rulebook, Components) but
# share the index space, so one flat tuple of 17 counts is a player's whole stock.
FISH, WOOD, CLAY, IRON, GRAIN, CATTLE, COAL, HIDES = 0, 1, 2, 3, 4, 5, 6, 7
SMOKED_FISH, CHARCOAL, BRICK, STEEL, BREAD, MEAT, COKE, LEATHER = 8, 9, 10, 11, 12, 13, 14, 15
FRANC = 16
UPGRADE_OFFSET = 8
STANDARD_GOODS = (FISH, WOOD, CLAY, IRON, GRAIN, CATTLE, COAL, HIDES)
UPGRADED_GOODS = (SMOKED_FISH, CHARCOAL, BRICK, STEEL, BREAD, MEAT, COKE, LEATHER)
GOODS = STANDARD_GOODS + UPGRADED_GOODS
TOKEN_KINDS = (*GOODS, FRANC)
NUM_TOKEN_KINDS = len(TOKEN_KINDS)

# Food and energy: rulebook, Components and Resource Reference. Shipping Line Francs: rulebook,
# Shipping Line ("other goods 1 Franc each"). All three columns: confirmed (3), ref §4.
# The letter is this project's notation, not the rulebook's: lower case for the standard side,
# upper case for the upgraded side of the same token.
#    token        name            letter food energy shipping
_TOKEN_TABLE = (
    (FISH, "fish", "f", 1, 0, 1),
    (WOOD, "wood", "w", 0, 1, 1),
    (CLAY, "clay", "c", 0, 0, 1),
    (IRON, "iron", "i", 0, 0, 2),
    (GRAIN, "grain", "g", 0, 0, 1),  # "Grain (0 Food)"
    (CATTLE, "cattle", "a", 0, 0, 3),  # "Cattle (0 Food)"
    (COAL, "coal", "k", 0, 3, 3),
    (HIDES, "hides", "h", 0, 0, 2),
    (SMOKED_FISH, "smoked_fish", "F", 2, 0, 2),
    (CHARCOAL, "charcoal", "W", 0, 3, 2),
    (BRICK, "brick", "C", 0, 0, 2),
    (STEEL, "steel", "I", 0, 0, 8),
    (BREAD, "bread", "G", 2, 0, 3),  # "Bread (2 Food)"
    (MEAT, "meat", "A", 3, 0, 2),
    (COKE, "coke", "K", 0, 10, 5),
    (LEATHER, "leather", "H", 0, 0, 4),
    (FRANC, "francs", "$", 1, 0, 0),  # "Each Franc counts as 1 Food"; not shipped
)
TOKEN_NAMES = tuple(row[1] for row in _TOKEN_TABLE)
TOKEN_LETTERS = tuple(row[2] for row in _TOKEN_TABLE)
FOOD_VALUE = tuple(row[3] for row in _TOKEN_TABLE)
ENERGY_VALUE = tuple(row[4] for row in _TOKEN_TABLE)
SHIPPING_FRANCS = tuple(row[5] for row in _TOKEN_TABLE)
TOKEN_INDEX = {name: token for token, name, *_ in _TOKEN_TABLE}

UPGRADED_FORM = tuple(good + UPGRADE_OFFSET for good in STANDARD_GOODS)  # UPGRADED_FORM[FISH] == SMOKED_FISH
STANDARD_FORM = tuple(good % UPGRADE_OFFSET for good in GOODS)  # the standard side of any good
# "Brick can always be used instead of clay; steel instead of iron" (rulebook, Buildings).
SUBSTITUTE = {CLAY: BRICK, IRON: STEEL}


def token_counts(**counts: int) -> tuple[int, ...]:
    """A stock as 17 counts indexed by token, from counts by name.

    >>> token_counts(francs=5, coal=1)[FRANC], token_counts(francs=5, coal=1)[COAL]
    (5, 1)
    """
    stock = [0] * NUM_TOKEN_KINDS
    for name, count in counts.items():
        if name not in TOKEN_INDEX:
            raise ValueError(f"{name!r} is not a token name; the names are {TOKEN_NAMES}")
        stock[TOKEN_INDEX[name]] = count
    return tuple(stock)


# -- game variants and rounds -------------------------------------------------------------------
FULL, SHORT = "full", "short"
VARIANTS = (FULL, SHORT)
PLAYER_COUNTS = (1, 2, 3, 4, 5)
ALL_COUNTS = PLAYER_COUNTS
# Rulebook, Setup: rounds per player count 1..5.
NUM_ROUNDS: Mapping[str, tuple[int, ...]] = {FULL: (7, 14, 18, 20, 20), SHORT: (4, 8, 12, 12, 15)}
TURNS_PER_ROUND = 7  # one per Supply tile, whatever the player count (rulebook, Playing the Game)

# -- offer spaces -------------------------------------------------------------------------------
# The seven Offer spaces in board order (ref §4); adjacency in this order is what the Haulage Firm
# reads ("cattle-grain, grain-iron, iron-clay, clay-wood, wood-fish").
OFFER_SPACES = (FRANC, FISH, WOOD, CLAY, IRON, GRAIN, CATTLE)
# Starting offers, in OFFER_SPACES order (rulebook, Setup 6 and "Shortened version setup changes").
#           Fr fish wood clay iron grain cattle
START_OFFER: Mapping[str, tuple[int, ...]] = {
    FULL: (2, 2, 2, 1, 0, 0, 0),
    SHORT: (3, 3, 3, 2, 1, 1, 1),  # one source (Spanish 2p expert system) has 2 cattle: ref §4
}

# -- supply tiles -------------------------------------------------------------------------------


@attrs.frozen
class SupplyTile:
    goods: tuple[int, int]  # the two tokens shown: one of each goes from the supply to its Offer space
    interest: bool = False  # "Interest": every player with a loan pays INTEREST when a ship lands here


# The seven tiles (ref §3, confirmed (5); the interest mark confirmed (3)). They are shuffled face
# down at setup and each is turned face up when the first ship marker reaches it in round 1
# (rulebook, Setup 3 and Supply Action); the order below is Kobiela's numbering, with no game meaning.
SUPPLY_TILES = (
    SupplyTile((WOOD, CATTLE)),
    SupplyTile((WOOD, CLAY)),
    SupplyTile((WOOD, FRANC)),
    SupplyTile((FISH, CLAY)),
    SupplyTile((WOOD, FISH), interest=True),
    SupplyTile((FISH, GRAIN)),
    SupplyTile((IRON, FRANC)),
)

# -- each player's start, loans -----------------------------------------------------------------
# Rulebook, Setup 7 and "Shortened version setup changes"; = ref §4 (Kobiela, Spanish 2p system).
START_STOCK: Mapping[str, tuple[int, ...]] = {
    FULL: token_counts(francs=5, coal=1),
    SHORT: token_counts(francs=5, fish=2, wood=2, clay=2, iron=2, cattle=1, coal=2, hides=2),
}
# Ship cards each player starts with, one per player, by (player count, variant). Rulebook: "In the
# 2-player shortened game, each player starts with a 2-value Wooden ship card"; which two cards
# (the ships of R01 and R03, not used as round cards there) is ref §7b (Kobiela). The solo short
# game's starting ship is a source reading only (SOURCE_READINGS).
STARTING_SHIPS: Mapping[tuple[int, str], tuple[str, ...]] = {(2, SHORT): ("R01", "R03")}

# Rulebook, Loan Cards and Supply Action.
LOAN_FRANCS = 4  # received per loan taken
LOAN_REPAYMENT = 5  # to repay one loan, at any time
LOAN_PENALTY = 7  # deducted per unpaid loan at game end
INTEREST = 1  # per player with any loans (not per loan), when a ship lands on the interest tile
LOAN_CARDS = 11  # in the box; the rulebook does not say whether loans are limited to these

# -- ships --------------------------------------------------------------------------------------
WOODEN_SHIP, IRON_SHIP, STEEL_SHIP, LUXURY_LINER = 0, 1, 2, 3
SHIP_NAMES = ("wooden", "iron", "steel", "luxury")  # the ship types in actions and notation
SHIP_ENERGY = 3  # energy paid at a Wharf for any ship, besides its goods (rulebook, Building Ships)
MODERNISE_BRICK = 1  # the first non-wooden ship built at a Wharf needs 1 brick, once per Wharf


@attrs.frozen
class BuildCost:
    """Goods paid to build (buildings: Building Firms / Construction Firm; ships: a Wharf)."""

    wood: int = 0
    clay: int = 0  # brick may be paid instead
    brick: int = 0
    iron: int = 0  # steel may be paid instead
    steel: int = 0

    @property
    def goods(self) -> tuple[tuple[int, int], ...]:
        """(good, amount) for each good paid."""
        amounts = (
            (WOOD, self.wood),
            (CLAY, self.clay),
            (BRICK, self.brick),
            (IRON, self.iron),
            (STEEL, self.steel),
        )
        return tuple((good, amount) for good, amount in amounts if amount)

    def __str__(self) -> str:
        return " + ".join(f"{amount} {TOKEN_NAMES[good]}" for good, amount in self.goods) or "—"


cost = BuildCost


@attrs.frozen
class ShipType:
    name: str
    cards: int  # ship cards of this type (on the backs of the round cards)
    food: tuple[int, ...]  # food it supplies in each Feeding phase, per player count 1..5
    capacity: int  # goods it ships per use of the Shipping Line
    cost: BuildCost  # goods paid at a Wharf, plus SHIP_ENERGY
    price: int | None  # bought from the town for this; None: cannot be bought
    modernised_wharf: bool  # needs a modernised Wharf (MODERNISE_BRICK)


# Ref §2: values, costs, prices, capacities confirmed (2) to (4); food per player count confirmed (2),
# the 2-player column (4). Rulebook: capacities 2/3/4/0 (Shipping Line), Luxury liners ship nothing,
# buying "costs more than its value", non-wooden ships need a modernised Wharf. Luxury liners
# cannot be bought: ref §2, confirmed (3).
# n: cards of the type; cap: goods shipped per use of the Shipping Line; buy: price (None: never)
#            name            n  food 1p..5p       cap  build cost     buy   modernised Wharf
SHIP_TYPES = (
    ShipType("wooden ship", 7, (5, 4, 3, 2, 1), 2, cost(wood=5), 14, False),
    ShipType("iron ship", 6, (7, 5, 4, 3, 2), 3, cost(iron=4), 20, True),
    ShipType("steel ship", 4, (10, 7, 6, 5, 3), 4, cost(steel=2), 30, True),
    ShipType("luxury liner", 3, (0, 0, 0, 0, 0), 0, cost(steel=3), None, True),
)

# -- round cards --------------------------------------------------------------------------------
# What the town builds at the end of a round (the building symbol on the round card's line).
NO_BUILD, STANDARD_BUILD, SPECIAL_BUILD = 0, 1, 2
TOWN_BUILD_NAMES = ("none", "standard", "special")


@attrs.frozen
class RoundCard:
    """One round card: its front (harvest flag, one line per player count) and the ship on its back.

    Per-player-count tuples are indexed by ``num_players - 1``; ``None`` means the card has no
    line (is not used) at that count.
    """

    card: str  # R01..R20, Kobiela's numbering = the order of the 4- and 5-player full game
    ship_name: str  # no rules effect
    ship_type: int  # WOODEN_SHIP .. LUXURY_LINER
    ship_value: int
    harvest: bool  # the card's front is a "Harvest" side (not per player count)
    food: tuple[int | None, ...]  # the cooking pot: food each player pays
    town_build: tuple[int | None, ...]  # NO_BUILD, STANDARD_BUILD or SPECIAL_BUILD
    full_round: tuple[int | None, ...]  # round number in the full game (dark circle)
    short_round: tuple[int | None, ...]  # round number in the shortened game (light circle)

    def round_number(self, num_players: int, variant: str) -> int | None:
        _check(num_players, variant)
        return (self.full_round if variant == FULL else self.short_round)[num_players - 1]

    def food_demand(self, num_players: int) -> int:
        return _line_value(self, self.food, num_players)

    def town_build_for(self, num_players: int) -> int:
        return _line_value(self, self.town_build, num_players)


nu = None  # "not used": the card has no line for this player count ("n/u" in ref §1)
non, std, spc = NO_BUILD, STANDARD_BUILD, SPECIAL_BUILD

# Ref §1a: ship, harvest side, food and town build per player count. Confirmed (2) (Kobiela,
# marvelmagnum), the food columns (3) with chiang831/LeHavre; ship names: marvelmagnum only.
#    card   ship name      ship type     value harvest food 1p..5p             town build 1p..5p
_FRONTS = (
    ("R01", "Appoline", WOODEN_SHIP, 2, True, (5, 3, 2, 1, 0), (spc, non, non, non, non)),
    ("R02", "Blanche", WOODEN_SHIP, 2, True, (nu, 4, 3, 1, 1), (nu, std, std, non, non)),
    ("R03", "Dina", WOODEN_SHIP, 2, False, (nu, nu, 2, 2, 1), (nu, nu, non, non, non)),
    ("R04", "Lucie", WOODEN_SHIP, 4, True, (10, 5, 3, 2, 1), (std, spc, spc, std, std)),
    ("R05", "Noemi", WOODEN_SHIP, 4, True, (nu, 7, 4, 2, 1), (nu, non, non, spc, spc)),
    ("R06", "Cherbourg", IRON_SHIP, 2, False, (nu, nu, 5, 3, 2), (nu, nu, non, non, non)),
    ("R07", "Ophelie", WOODEN_SHIP, 6, True, (nu, 9, 6, 3, 2), (nu, std, std, std, std)),
    ("R08", "Boulogne", IRON_SHIP, 4, True, (nu, 11, 7, 4, 2), (nu, spc, spc, spc, spc)),
    ("R09", "Salomee", WOODEN_SHIP, 6, False, (nu, nu, nu, 4, 2), (nu, nu, nu, non, non)),
    ("R10", "Saint-Malo", IRON_SHIP, 6, True, (15, 13, 8, 5, 3), (spc, non, non, std, std)),
    ("R11", "Dunkerque", IRON_SHIP, 8, True, (nu, 15, 9, 5, 3), (nu, std, non, spc, spc)),
    ("R12", "Triest", STEEL_SHIP, 10, False, (nu, nu, 10, 6, 3), (nu, nu, std, non, non)),
    ("R13", "Caen", IRON_SHIP, 10, True, (20, 16, 11, 7, 4), (std, spc, spc, std, std)),
    ("R14", "Bremerhaven", STEEL_SHIP, 16, True, (25, 17, 12, 8, 4), (spc, non, non, spc, spc)),
    ("R15", "Calais", IRON_SHIP, 12, False, (nu, nu, nu, 9, 4), (nu, nu, nu, non, non)),
    ("R16", "Amsterdam", STEEL_SHIP, 20, True, (30, 18, 13, 10, 5), (std, std, std, std, std)),
    ("R17", "Lissabohn", STEEL_SHIP, 24, True, (nu, 19, 14, 10, 5), (nu, spc, spc, spc, spc)),
    ("R18", "MS Susanne", LUXURY_LINER, 38, False, (nu, nu, 14, 11, 5), (nu, nu, non, non, non)),
    ("R19", "MS Doris", LUXURY_LINER, 34, True, (nu, 20, 15, 11, 6), (nu, non, non, non, non)),
    ("R20", "MS Andrea", LUXURY_LINER, 30, False, (35, 20, 15, 11, 6), (non, non, non, non, non)),
)

# Ref §1b: the round number each card carries per player count. Full game confirmed (2) (Kobiela,
# marvelmagnum); short game Kobiela only, except 2 players (confirmed by the Spanish 2p system).
#             full 1p..5p             short 1p..5p
_ROUND_NUMBERS = {
    "R01": ((1, 1, 2, 1, 1), (nu, nu, 2, 1, 1)),
    "R02": ((nu, 2, 3, 2, 2), (nu, 1, 3, 2, 2)),
    "R03": ((nu, nu, 1, 3, 3), (nu, nu, 1, nu, 3)),
    "R04": ((2, 3, 4, 4, 4), (1, nu, nu, 3, 4)),
    "R05": ((nu, 4, 5, 5, 5), (nu, 2, 4, nu, nu)),
    "R06": ((nu, nu, 6, 6, 6), (nu, nu, 5, 4, 5)),
    "R07": ((nu, 5, 7, 7, 7), (nu, 3, 6, 5, 6)),
    "R08": ((nu, 6, 8, 8, 8), (nu, nu, nu, nu, nu)),
    "R09": ((nu, nu, nu, 9, 9), (nu, nu, nu, 6, 7)),
    "R10": ((3, 7, 9, 10, 10), (nu, 4, 7, 7, 8)),
    "R11": ((nu, 8, 10, 11, 11), (nu, 5, 8, nu, nu)),
    "R12": ((nu, nu, 11, 12, 12), (nu, nu, 9, nu, 9)),
    "R13": ((4, 9, 12, 13, 13), (2, nu, nu, 8, 10)),
    "R14": ((5, 10, 13, 14, 14), (nu, 6, 10, nu, nu)),
    "R15": ((nu, nu, nu, 15, 15), (nu, nu, nu, 9, 11)),
    "R16": ((6, 11, 14, 16, 16), (3, 7, nu, 10, 12)),
    "R17": ((nu, 12, 15, 17, 17), (nu, nu, nu, nu, nu)),
    "R18": ((nu, nu, 16, 18, 18), (nu, nu, 11, nu, 13)),
    "R19": ((nu, 13, 17, 19, 19), (nu, nu, nu, 11, 14)),
    "R20": ((7, 14, 18, 20, 20), (4, 8, 12, 12, 15)),
}

ROUND_CARDS = tuple(
    RoundCard(card, name, ship_type, value, harvest, food, build, *_ROUND_NUMBERS[card])
    for card, name, ship_type, value, harvest, food, build in _FRONTS
)
ROUND_CARD_INDEX = {card.card: i for i, card in enumerate(ROUND_CARDS)}
del nu, non, std, spc


def _check(num_players: int, variant: str) -> None:
    if num_players not in PLAYER_COUNTS:
        raise ValueError(f"Le Havre is for 1 to 5 players, not {num_players}")
    if variant not in VARIANTS:
        raise ValueError(f"the variant is {FULL!r} or {SHORT!r}, not {variant!r}")


def _line_value(card: RoundCard, column: tuple[int | None, ...], num_players: int) -> int:
    _check(num_players, FULL)
    value = column[num_players - 1]
    if value is None:
        raise ValueError(f"round card {card.card} has no line for {num_players} players")
    return value


def round_cards(num_players: int, variant: str) -> tuple[RoundCard, ...]:
    """The round cards used at this player count and variant, round 1 first (rulebook, Setup 13).

    >>> [card.card for card in round_cards(1, FULL)]
    ['R01', 'R04', 'R10', 'R13', 'R14', 'R16', 'R20']
    """
    try:
        return ROUND_CARDS_FOR[num_players, variant]
    except (KeyError, TypeError):  # not a player count and variant: say which
        _check(num_players, variant)
        raise


def _sorted_round_cards(num_players: int, variant: str) -> tuple[RoundCard, ...]:
    numbered = [(card.round_number(num_players, variant), card) for card in ROUND_CARDS]
    used = [(number, card) for number, card in numbered if number is not None]
    return tuple(card for _, card in sorted(used, key=lambda pair: pair[0]))


def food_sequence(num_players: int, variant: str) -> tuple[int, ...]:
    """The food demand of each round in order.

    >>> food_sequence(1, SHORT)
    (10, 20, 30, 35)
    """
    return tuple(card.food_demand(num_players) for card in round_cards(num_players, variant))


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
    _check(num_players, variant)
    return tuple(
        b
        for b in STANDARD_BUILDINGS
        if b.town_start or (variant == SHORT and num_players in b.short_start_players)
    )


def proposal_buildings(num_players: int, variant: str) -> tuple[Building, ...]:
    """The standard buildings shuffled into the three Building Proposal piles (rulebook, Setup 11)."""
    _check(num_players, variant)
    return tuple(
        b
        for b in STANDARD_BUILDINGS
        if not b.town_start and num_players in (b.full_players if variant == FULL else b.short_players)
    )


ROUND_CARDS_FOR: dict[tuple[int, str], tuple[RoundCard, ...]] = {
    (n, variant): _sorted_round_cards(n, variant) for n in PLAYER_COUNTS for variant in (SHORT, FULL)
}
"""``round_cards`` per player count and variant, looked up on every round end."""
# Per player count and variant: the food due at each round's end, and per round card the food
# its ship supplies at each player count (feeding asks both for every seat every round).
FOOD_DEMANDS: dict[tuple[int, str], tuple[int, ...]] = {
    key: tuple(card.food_demand(key[0]) for card in cards) for key, cards in ROUND_CARDS_FOR.items()
}
SHIP_FOOD: tuple[tuple[int, ...], ...] = tuple(SHIP_TYPES[card.ship_type].food for card in ROUND_CARDS)


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
