"""Le Havre's rounds and what they bring: the variants and their length, the Offer spaces and
Supply tiles, each player's start and loans, the ships and the round cards they are printed on.

Tables only, held line by line next to the rulebook and docs/rules/reference-lehavre.md as
``data`` says; ``data`` re-exports every name here.

>>> [card.card for card in round_cards(2, SHORT)]
['R02', 'R05', 'R07', 'R10', 'R11', 'R14', 'R16', 'R20']
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from .goods import (
    BRICK,
    CATTLE,
    CLAY,
    FISH,
    FRANC,
    GRAIN,
    IRON,
    STEEL,
    TOKEN_NAMES,
    WOOD,
    token_counts,
)

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
        check_configuration(num_players, variant)
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


def check_configuration(num_players: int, variant: str) -> None:
    if num_players not in PLAYER_COUNTS:
        raise ValueError(f"Le Havre is for 1 to 5 players, not {num_players}")
    if variant not in VARIANTS:
        raise ValueError(f"the variant is {FULL!r} or {SHORT!r}, not {variant!r}")


def _line_value(card: RoundCard, column: tuple[int | None, ...], num_players: int) -> int:
    check_configuration(num_players, FULL)
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
        check_configuration(num_players, variant)
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
